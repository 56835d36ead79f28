// The site's only script: the theme toggle and the search over search-index.js. It makes no
// request: the index is already loaded, as a script beside the pages.
(function () {
  "use strict";
  var root = document.documentElement;

  function effectiveTheme() {
    var chosen = root.getAttribute("data-theme");
    if (chosen) return chosen;
    return window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches
      ? "dark" : "light";
  }

  var toggle = document.getElementById("theme-toggle");
  if (toggle) {
    var label = function () {
      var other = effectiveTheme() === "dark" ? "light" : "dark";
      toggle.textContent = other === "dark" ? "Dark theme" : "Light theme";
      toggle.setAttribute("aria-label", "Switch to the " + other + " theme");
    };
    toggle.hidden = false;
    label();
    toggle.addEventListener("click", function () {
      var next = effectiveTheme() === "dark" ? "light" : "dark";
      root.setAttribute("data-theme", next);
      try { localStorage.setItem("workbook-theme", next); } catch (error) { /* not kept */ }
      label();
    });
  }

  var index = window.WORKBOOK_SEARCH || [];

  function search(query) {
    var terms = query.toLowerCase().split(/\s+/).filter(function (t) { return t.length > 0; });
    if (terms.length === 0) return [];
    var found = [];
    index.forEach(function (entry) {
      var heading = entry.heading.toLowerCase();
      var text = entry.text.toLowerCase();
      var score = 0;
      for (var i = 0; i < terms.length; i++) {
        var inHeading = heading.indexOf(terms[i]) >= 0;
        var inText = text.indexOf(terms[i]) >= 0;
        if (!inHeading && !inText) return;
        // A heading that names the term first, then the sections that use it most.
        score += (inHeading ? 100 : 0) + Math.min(text.split(terms[i]).length - 1, 20);
      }
      found.push({ entry: entry, score: score, term: terms[0] });
    });
    found.sort(function (a, b) { return b.score - a.score; });
    return found.slice(0, 40);
  }

  function snippet(text, term) {
    var at = text.toLowerCase().indexOf(term);
    if (at < 0) return text.slice(0, 160);
    var start = Math.max(0, at - 60);
    return (start > 0 ? "…" : "") + text.slice(start, at + 120) + "…";
  }

  function show(list, results) {
    list.textContent = "";
    results.forEach(function (result) {
      var item = document.createElement("li");
      var link = document.createElement("a");
      link.href = result.entry.url;
      link.textContent = result.entry.chapter +
        (result.entry.heading && result.entry.heading !== result.entry.chapter
          ? " — " + result.entry.heading : "");
      var text = document.createElement("p");
      text.textContent = snippet(result.entry.text, result.term);
      item.appendChild(link);
      item.appendChild(text);
      list.appendChild(item);
    });
  }

  var input = document.getElementById("search-input");
  var panel = document.getElementById("search-results");
  if (input && panel) {
    var list = document.createElement("ol");
    list.className = "search-list";
    panel.appendChild(list);
    input.addEventListener("input", function () {
      var results = search(input.value);
      show(list, results);
      panel.hidden = input.value.trim() === "";
      if (!panel.hidden && results.length === 0) {
        var none = document.createElement("li");
        none.textContent = "Nothing found.";
        list.appendChild(none);
      }
    });
    input.addEventListener("keydown", function (event) {
      if (event.key === "Escape") { input.value = ""; panel.hidden = true; }
    });
  }

  var pageInput = document.getElementById("search-page-input");
  var pageList = document.getElementById("search-page-results");
  if (pageInput && pageList) {
    var query = new URLSearchParams(window.location.search).get("q") || "";
    pageInput.value = query;
    show(pageList, search(query));
    pageInput.addEventListener("input", function () { show(pageList, search(pageInput.value)); });
  }
})();
