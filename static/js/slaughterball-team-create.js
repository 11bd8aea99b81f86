/* Counts the athlete types picked so far against the roster limits; the server checks them again. */
(function () {
  var box = document.getElementById("type-limits");
  if (!box) return;
  var min = +box.dataset.minimum, max = +box.dataset.maximum, size = +box.dataset.size;
  var selects = document.querySelectorAll("select.athlete-type");
  function update() {
    var counts = {}, total = 0;
    selects.forEach(function (s) { if (s.value) { counts[s.value] = (counts[s.value] || 0) + 1; total += 1; } });
    box.querySelectorAll("li[data-type]").forEach(function (li) {
      var n = counts[li.dataset.type] || 0;
      li.querySelector(".count").textContent = n;
      li.className = n > max ? "over" : n < min ? "under" : "ok";
    });
    var t = box.querySelector("li[data-total]");
    t.querySelector(".count").textContent = total;
    t.className = total > size ? "over" : total < size ? "under" : "ok";
  }
  selects.forEach(function (s) { s.addEventListener("change", update); });
  box.hidden = false;
  update();
})();

/* Opens the chosen portfolio's table of starting athletes, and closes the others. */
(function () {
  var select = document.getElementById("id_portfolio");
  if (!select) return;
  select.addEventListener("change", function () {
    document.querySelectorAll("details.portfolio-start").forEach(function (d) {
      d.open = d.dataset.portfolio === select.value;
    });
  });
})();
