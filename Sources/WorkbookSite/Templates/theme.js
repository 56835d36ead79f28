// Applies the reader's chosen theme before the page paints; without a choice (or without
// JavaScript) the system's colour scheme decides.
(function () {
  try {
    var theme = localStorage.getItem("workbook-theme");
    if (theme === "light" || theme === "dark") {
      document.documentElement.setAttribute("data-theme", theme);
    }
  } catch (error) {
    // Storage may be unavailable (a page opened from disk in some browsers): keep the default.
  }
})();
