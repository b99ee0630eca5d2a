// Before Python starts: the page language, the loading text, embed mode,
// and the offline cache (service worker). No network beyond this origin.
(function () {
  var lang = "fr";
  try {
    var s = JSON.parse(localStorage.getItem("plateau:v1:settings") || "{}");
    if (s && (s.lang === "fr" || s.lang === "en")) lang = s.lang;
  } catch (e) { /* unreadable settings: keep French */ }
  document.documentElement.lang = lang;
  if (/[?&]embed\b/.test(location.search)) document.documentElement.classList.add("embed");
  document.addEventListener("DOMContentLoaded", function () {
    var t = document.getElementById("loading-text");
    if (t && lang === "en") t.textContent = "Loading Python…";
  });
  if ("serviceWorker" in navigator && location.protocol !== "file:" && !/[?&]nosw\b/.test(location.search)) {
    navigator.serviceWorker.register("sw.js").catch(function () {});
  }
})();
