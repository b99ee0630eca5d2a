// Plateau's offline cache: one cache per build, named from the build's manifest.
//
// The build writes SHELL: every file the app needs (page, stylesheet, scripts,
// PyScript config and core, the runtime, the bundle), each with
// the SHA-256 of its content; every one but index.html has a content name. At install
// the worker fetches them all into its own cache and checks each against its hash:
// one missing or different file (a deploy half done, a stale HTTP cache entry fetched
// again and still wrong) fails the install, and the version in use stays whole. Only
// a complete new cache activates; older caches go then (the previous build's one
// round later). Pages are served from the active build's cache: a visitor gets one build entirely, old or new, never a mix,
// and the first visit is enough to work offline.
const CACHE = "__CACHE__";
const SHELL = __MANIFEST__;
const SCOPE = new URL(self.registration.scope);

function hex(buf) {
  return Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, "0")).join("");
}

async function fetchChecked(url, sha) {
  // content-named files may come from the HTTP cache (the page just loaded them);
  // index.html is asked of the server again. A wrong answer is fetched once more
  // bypassing every cache before giving up.
  for (const mode of [url === "index.html" ? "no-cache" : "default", "reload"]) {
    const res = await fetch(new URL(url, SCOPE), { cache: mode, credentials: "same-origin" });
    if (!res.ok) continue;
    const body = await res.clone().arrayBuffer();
    if (hex(await crypto.subtle.digest("SHA-256", body)) === sha) return res;
  }
  throw new Error("plateau: " + url + " does not match this build");
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const have = new Set((await cache.keys()).map((r) => r.url));
    for (const [url, sha] of Object.entries(SHELL)) {
      const abs = new URL(url, SCOPE).href;
      if (have.has(abs)) continue;  // an install retried after a failure keeps what it checked
      await cache.put(abs, await fetchChecked(url, sha));
    }
    await cache.put(new URL("plateau-complete", SCOPE).href, new Response(CACHE));
    if (event.addRoutes && typeof URLPattern === "function") {
      // the content-named files (the runtime, the snapshot, PyScript, the bundle) come
      // straight from this build's cache, without waking this worker for each request
      // (the network if the cache lost one); the page itself still goes through the
      // fetch handler below, which knows its other names. Routes are a speed-up only:
      // a browser that refuses them keeps the fetch handler for everything.
      // The runtime's WebAssembly alone goes to the network (the browser's HTTP cache):
      // Chromium keeps the compiled code of a WebAssembly file only for a response that
      // did not come through a service worker, and without it the runtime's functions are
      // compiled again on the page's thread at every start (~100 ms). Offline, with that
      // file gone from the HTTP cache, the page takes it from this cache itself (the
      // build's patch of Pyodide's loader: LOADER_PATCHES in scripts/sitebuild/runtime_patches.py).
      const base = SCOPE.pathname.replace(/[:*?+(){}\\]/g, "\\$&");  // the site's folder, literally
      const pattern = (path) => new URLPattern({ pathname: base + path });
      try {
        await event.addRoutes([
          { condition: { urlPattern: pattern("static/vendor/pyodide-*/pyodide.asm.wasm"), requestMethod: "GET" },
            source: "network" },
          ...["static/vendor/*", "static/build/*"].map((path) => ({
            condition: { urlPattern: pattern(path), requestMethod: "GET" },
            source: { cacheName: CACHE },
          })),
        ]);
      } catch (e) { /* no routes */ }
    }
    await self.skipWaiting();  // the new build is whole: take over
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    // the build that served until now stays one more round, for a page still loading
    // from it when this worker took over (its files are all content-named); older ones go
    const others = (await caches.keys()).filter((k) => k.startsWith("plateau-") && k !== CACHE);
    let previous = null;
    for (const key of others) {
      if (await (await caches.open(key)).match(new URL("plateau-complete", SCOPE).href)) previous = key;
    }
    for (const key of others) if (key !== previous) await caches.delete(key);
    await self.clients.claim();
  })());
});

function shellKey(url) {
  // the page itself under any of its names and queries (?embed, ?nosw, #g=...)
  const rel = url.pathname.slice(SCOPE.pathname.length);
  if (rel === "" || rel === "index.html") return new URL("index.html", SCOPE).href;
  const key = rel + url.search;
  return Object.prototype.hasOwnProperty.call(SHELL, key) ? new URL(key, SCOPE).href : null;
}

self.addEventListener("fetch", (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (req.method !== "GET" || url.origin !== SCOPE.origin || !url.pathname.startsWith(SCOPE.pathname)) return;
  const key = shellKey(url);
  if (key) {  // this build's files: from its cache, the network if the cache lost one
    event.respondWith((async () => {
      const hit = await (await caches.open(CACHE)).match(key);
      return hit || fetch(req);
    })());
    return;
  }
  // a file of the previous build (a page that started under it), else the network
  // (bench pages, version.json)
  event.respondWith((async () => (await caches.match(req)) || fetch(req))());
});
