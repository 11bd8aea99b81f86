/* A link to a field inside a closed section (<details>), like the settings page's list of unset house values, opens
   the section (and any around it) before the browser scrolls to the field, then focuses it; so does a page opened at
   such a fragment. Without the script the sections stay closed and open with a tap. */
(function () {
  function reveal(hash) {
    var target = hash && hash.length > 1 ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (!target) { return; }
    for (var section = target.closest("details"); section; section = section.parentElement && section.parentElement.closest("details")) {
      section.open = true;
    }
    if (target.matches("input, select, textarea")) { target.focus({ preventScroll: true }); }
  }
  document.addEventListener("click", function (event) {
    var link = event.target.closest('a[href^="#"]');
    if (link) { reveal(link.hash); }
  });
  reveal(window.location.hash);
})();
