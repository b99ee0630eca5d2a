// Before Python starts: the page language, the loading text, embed mode,
// the home page drawn by the build (in the player's language, or hidden when the
// app will open a game instead), and the offline cache (service worker).
// No network beyond this origin.
(function () {
  var lang = "fr";
  var settings = {};
  try {
    var s = JSON.parse(localStorage.getItem("plateau:v1:settings") || "{}");
    if (s && typeof s === "object") settings = s;
    if (s && (s.lang === "fr" || s.lang === "en")) lang = s.lang;
  } catch (e) { /* unreadable settings: keep French */ }
  var root = document.documentElement;
  root.lang = lang;
  var embed = /[?&]embed\b/.test(location.search);
  if (embed) root.classList.add("embed");

  // The static home page is right only if the app will show the home screen:
  // not for a shared position (#g=), a game in progress or an embedded board.
  var opensGame = embed || /^#g=/.test(location.hash) || (settings.screen === "play" && !!settings.current);
  if (opensGame) root.classList.add("opens-game");

  document.addEventListener("DOMContentLoaded", function () {
    var t = document.getElementById("loading-text");
    if (t && lang === "en") t.textContent = "Preparing the games…";
    if (lang === "en") {
      var nodes = document.querySelectorAll("#app [data-en]");
      for (var i = 0; i < nodes.length; i++) nodes[i].textContent = nodes[i].getAttribute("data-en");
      var pics = document.querySelectorAll("#app img[data-en-src]");
      for (var j = 0; j < pics.length; j++) pics[j].src = pics[j].getAttribute("data-en-src");
    }
  });

  // The service worker caches the whole site for offline use. It is registered once
  // the app is ready (or has failed), so that its downloads, mostly served by the
  // HTTP cache then, do not compete with the start-up.
  if ("serviceWorker" in navigator && location.protocol !== "file:" && !/[?&]nosw\b/.test(location.search)) {
    var registered = false;
    var register = function () {
      if (registered) return;
      registered = true;
      // register, or look for a new build of the site (installed whole beside this one)
      navigator.serviceWorker.register("sw.js").then(function (reg) {
        if (reg.active) return reg.update();
      }).catch(function () {});
    };
    new MutationObserver(function (list, obs) {
      if (root.hasAttribute("data-ready") || root.hasAttribute("data-error")) { obs.disconnect(); register(); }
    }).observe(root, { attributes: true, attributeFilter: ["data-ready", "data-error"] });
    addEventListener("load", function () { setTimeout(register, 15000); });
  }
})();
