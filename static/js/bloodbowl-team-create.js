/* Adds up the chosen positions' costs (printed in each option as "Name (cost)"); the server checks the budget again. */
(function () {
  var box = document.getElementById("players-cost");
  if (!box) return;  // a league that cannot take a team yet shows no form
  var selects = document.querySelectorAll("select.player-position");
  function update() {
    var count = 0, total = 0;
    selects.forEach(function (s) {
      var match = s.value && s.options[s.selectedIndex].text.match(/\(([\d,]+)\)$/);
      if (match) { count += 1; total += +match[1].replace(/,/g, ""); }
    });
    box.querySelector(".count").textContent = count;
    box.querySelector(".total").textContent = total.toLocaleString("en");
  }
  selects.forEach(function (s) { s.addEventListener("change", update); });
  box.hidden = false;
  update();
})();
