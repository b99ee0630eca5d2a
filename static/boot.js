// Before Python starts: the page language, the loading text, embed mode,
// the home page drawn by the build (in the player's language, or hidden when the
// app will open a game instead), a stand-in for IndexedDB when the browser
// refuses site storage, a watchdog so that a start-up that fails or hangs shows
// a message and a way out instead of a spinner, and the offline cache (service
// worker). No network beyond this origin.
(function () {
  // The move list's entries made in one call from Python (a long game has
  // thousands: one call each from Python would take seconds). The words are
  // text, never markup.
  window.plateauMoveItems = function (ol, first, texts, current) {
    var frag = document.createDocumentFragment();
    for (var i = 0; i < texts.length; i++) {
      var li = document.createElement("li");
      var ply = first + i;
      li.setAttribute("data-ply", String(ply));
      li.setAttribute("tabindex", "0");
      if (ply === current) {
        li.className = "current";
        li.setAttribute("aria-current", "step");
      }
      li.textContent = texts[i];
      frag.appendChild(li);
    }
    ol.appendChild(frag);
  };

  // the language the visitor chose, else the one a link was made in (?lang=),
  // else the browser's: French for fr and fr-*, English otherwise (as app.py)
  var nav = String((navigator && navigator.language) || "").toLowerCase().split("-")[0];
  var lang = nav === "fr" ? "fr" : "en";
  var asked = /[?&]lang=(fr|en)(&|$)/.exec(location.search);
  if (asked) lang = asked[1];
  var settings = {};
  try {
    var s = JSON.parse(localStorage.getItem("plateau:v1:settings") || "{}");
    if (s && typeof s === "object") settings = s;
    if (s && (s.lang === "fr" || s.lang === "en")) lang = s.lang;
  } catch (e) { /* unreadable settings: the browser's language */ }
  var root = document.documentElement;
  root.lang = lang;

  // Plateau's Python (the bundle) and, when this browser already holds it,
  // the interpreter's snapshot are asked for now, as the page starts: the boot
  // module (static/pyodide-boot.mjs) takes these answers instead of asking
  // again once it has loaded. Only-if-cached: a first visit downloads nothing
  // here (the snapshot comes after the start, for the next visit). A worker
  // (static/boot-read.mjs) reads both off the main thread (early.read: the
  // bundle's files and the snapshot's memory); without one, their bytes go to
  // the boot module as they come.
  var me = document.currentScript;
  var early = (window.__plateauEarly = {});
  if (me && window.fetch) {
    var snap = me.getAttribute("data-snapshot");
    var bundle = me.getAttribute("data-bundle");
    var reader = me.getAttribute("data-read");
    if (snap && !/[?&]nosnapshot\b/.test(location.search)) early.snapshotURL = new URL(snap, location.href).href;
    if (bundle) {
      early.bundleURL = new URL(bundle, location.href).href;
      if (!(reader && window.Worker && readInWorker(reader))) readHere();
      early.bundle.catch(function () {});  // the boot module reports it (or reads for itself)
      if (early.snapshot) early.snapshot.catch(function () {});
    }
  }

  function readHere() {
    early.read = false;
    if (early.snapshotURL) {
      var res = fetch(early.snapshotURL, { cache: "only-if-cached", mode: "same-origin", credentials: "same-origin" });
      early.snapshotCached = res.then(function (r) { return r.ok; }, function () { return false; });
      early.snapshot = res.then(function (r) { return r.ok ? r.arrayBuffer() : null; })
        .catch(function () { return null; });  // not in the cache, or cut short
    }
    early.bundle = fetch(early.bundleURL, { credentials: "same-origin" }).then(function (r) {
      if (!r.ok) throw new Error("Plateau's bundle: " + r.status + " " + r.statusText + " (" + early.bundleURL + ")");
      return r.arrayBuffer();
    });
  }

  // A failed worker fails both answers: the boot module then reads for itself.
  function readInWorker(reader) {
    var worker;
    try {
      worker = new Worker(reader, { type: "module" });
    } catch (e) {
      return false;  // no module workers here
    }
    early.read = true;
    var left = early.snapshotURL ? 2 : 1;
    var settle = {};
    early.bundle = new Promise(function (ok, ko) { settle.bundle = [ok, ko]; });
    if (early.snapshotURL) {
      early.snapshot = new Promise(function (ok, ko) { settle.snapshot = [ok, ko]; });
      early.snapshotCached = new Promise(function (ok) { settle.cached = ok; });
    }
    function answer(what, ok, value) {
      if (!settle[what]) return;
      settle[what][ok ? 0 : 1](value);
      settle[what] = null;
      if (--left === 0) worker.terminate();
    }
    worker.onmessage = function (ev) {
      var d = ev.data || {};
      if ("bundle" in d) answer("bundle", true, d.bundle);
      if ("bundleError" in d) answer("bundle", false, new Error(d.bundleError));
      if ("snapshotCached" in d && settle.cached) settle.cached(!!d.snapshotCached);
      if ("snapshot" in d) answer("snapshot", true, d.snapshot);
      if ("snapshotError" in d) answer("snapshot", false, new Error(d.snapshotError));
    };
    worker.onerror = function (e) {
      if (e && e.preventDefault) e.preventDefault();
      answer("bundle", false, new Error("no worker"));
      answer("snapshot", false, new Error("no worker"));
      if (settle.cached) settle.cached(null);  // not known: the boot module waits for the answer above
    };
    worker.postMessage({ bundle: early.bundleURL, snapshot: early.snapshotURL || "" });
    return true;
  }

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
    }
  });

  // PyScript opens an IndexedDB database at every start (its package
  // cache, even when unused). With site storage blocked, indexedDB.open
  // throws or fails and PyScript never starts: answer from memory instead.
  function memoryDB() {
    var map = new Map();
    function req(fn) {
      var r = { result: undefined, error: null };
      setTimeout(function () {
        try { r.result = fn(); if (r.onsuccess) r.onsuccess({ type: "success", target: r }); }
        catch (e) { r.error = e; if (r.onerror) r.onerror({ type: "error", target: r }); }
      }, 0);
      return r;
    }
    var store = {
      get: function (k) { return req(function () { return map.get(k); }); },
      getKey: function (k) { return req(function () { return map.has(k) ? k : undefined; }); },
      getAllKeys: function () { return req(function () { return Array.from(map.keys()); }); },
      getAll: function () { return req(function () { return Array.from(map.values()); }); },
      count: function () { return req(function () { return map.size; }); },
      put: function (v, k) { return req(function () { map.set(k, v); return k; }); },
      delete: function (k) { return req(function () { map.delete(k); }); },
      clear: function () { return req(function () { map.clear(); }); }
    };
    return {
      objectStoreNames: { length: 1, contains: function () { return true; } },
      createObjectStore: function () { return store; },
      transaction: function () { return { objectStore: function () { return store; } }; },
      close: function () {}
    };
  }
  var realIDB = null;
  try { realIDB = window.indexedDB; } catch (e) { realIDB = null; }
  var fallbackIDB = {
    open: function (name, version) {
      var out = { result: undefined, error: null };
      function useMemory() {
        window.plateauStorageBlocked = true;
        setTimeout(function () {
          out.result = memoryDB();
          if (out.onsuccess) out.onsuccess({ type: "success", target: out });
        }, 0);
      }
      var r;
      try { r = realIDB.open(name, version); } catch (e) { useMemory(); return out; }
      r.onupgradeneeded = function () {
        out.result = r.result;
        out.transaction = r.transaction;
        if (out.onupgradeneeded) out.onupgradeneeded({ type: "upgradeneeded", target: out });
      };
      r.onsuccess = function () {
        out.result = r.result;
        if (out.onsuccess) out.onsuccess({ type: "success", target: out });
      };
      r.onerror = function (e) { if (e && e.preventDefault) e.preventDefault(); useMemory(); };
      return out;
    },
    deleteDatabase: function (name) { return realIDB ? realIDB.deleteDatabase(name) : {}; },
    cmp: function (a, b) { return realIDB ? realIDB.cmp(a, b) : (a < b ? -1 : a > b ? 1 : 0); }
  };
  try { Object.defineProperty(window, "indexedDB", { value: fallbackIDB, configurable: true, writable: true }); }
  catch (e) { /* not replaceable here: PyScript uses the browser's own */ }

  // Start-up failure: the message and the ways out (the home page without
  // the link; reload). Called by Python on an error, by the error hooks
  // below while nothing is ready, and by the watchdog.
  var T = {
    fr: { failed: "Plateau n'a pas pu démarrer.", slow: "Le démarrage prend bien plus longtemps que prévu.",
          home: "Ouvrir l'accueil sans le lien", reload: "Recharger la page" },
    en: { failed: "Plateau could not start.", slow: "Starting is taking much longer than expected.",
          home: "Open the home page without the link", reload: "Reload the page" }
  }[lang];
  function ready() { return document.documentElement.hasAttribute("data-ready"); }
  function fail(detail, slow) {
    if (ready()) return;
    var box = document.getElementById("loading");
    if (!box) return;
    document.documentElement.setAttribute("data-boot", slow ? "slow" : "failed");
    box.setAttribute("role", "alert");
    box.textContent = "";
    var h = document.createElement("p");
    h.className = "boot-title";
    h.textContent = slow ? T.slow : T.failed;
    box.appendChild(h);
    if (detail) {
      var d = document.createElement("p");
      d.className = "boot-detail";
      d.textContent = String(detail).slice(0, 300);
      box.appendChild(d);
    }
    var home = document.createElement("a");
    home.href = location.pathname;
    home.className = "button primary";
    home.setAttribute("data-action", "boot-home");
    home.textContent = T.home;
    var again = document.createElement("a");
    again.href = location.href;
    again.className = "button";
    again.setAttribute("data-action", "boot-reload");
    again.textContent = T.reload;
    again.addEventListener("click", function (e) { e.preventDefault(); location.reload(); });
    var p = document.createElement("p");
    p.className = "boot-actions";
    p.appendChild(home);
    p.appendChild(document.createTextNode(" "));
    p.appendChild(again);
    box.appendChild(p);
  }
  window.plateauBootFailed = function (detail) { fail(detail, false); };
  window.addEventListener("error", function (e) {
    if (!ready() && document.readyState !== "loading") fail(e && e.message, false);
  });
  window.addEventListener("unhandledrejection", function (e) {
    if (!ready()) fail(e && e.reason && (e.reason.message || e.reason), false);
  });
  var waited = /[?&]bootwait=(\d+)/.exec(location.search);
  setTimeout(function () { fail("", true); }, waited ? Number(waited[1]) * 1000 : 90000);

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
