// Starts Redoc on the API docs page with the settings the server wrote as JSON
// (a file, not an inline script, so that the page keeps the site's policy).
(function () {
  var container = document.getElementById("redoc-container");
  var settings = JSON.parse(document.getElementById("redoc-settings").textContent || "{}");
  window.Redoc.init(container.dataset.schemaUrl, settings, container);
})();
