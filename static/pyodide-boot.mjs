// Plateau's start of Pyodide, the module PyScript's config names as its
// interpreter: the same `loadPyodide` and `version` as the vendored
// pyodide.mjs. index.html loads it (async); it starts Python, then loads
// PyScript's core once the home page is painted, and PyScript's call gets
// that interpreter. The build boots the vendored runtime once
// under node and keeps a memory snapshot of the started interpreter
// (`static/vendor/pyodide-snapshot-<hash>.bin`). When the browser
// already holds that file (a second visit: HTTP cache or service worker), the
// interpreter is restored from it instead of starting Python again; otherwise
// Python starts as usual and the file is fetched once the app is ready, for
// the next visit. A snapshot that cannot be used (missing, damaged, another
// runtime, another build of Plateau) means a normal start, never a broken page.
//
// It also puts Plateau's Python in place: the bundle (a gzip-compressed zip of
// the engine, the web layer, the boards and svgwrite, sources and bytecode,
// `static/build/plateau-<hash>.bundle`) is fetched as the page starts
// (boot.js), while the runtime starts, and its files are written into the
// interpreter's home before PyScript runs anything.
//
// `<html data-python>` tells which way it went: "snapshot" or "fresh".
// `?nosnapshot` in the page's address forces a normal start.
//
// The build replaces the paths below (relative to this file) and the bundle's version.
import * as pyodide from "__PYODIDE_MJS__";
import { cachedFile, fetchBundle, readBundle, unsparse } from "__READ__";
// The page's JavaScript that Python calls (static/page/*.mjs: plateau.web.dom, play and club_page),
// in place before Python runs, as globalThis.plateauPage. The build names each file by its content.
import { hitTarget, readAttrs, smallestText } from "./page/board.mjs";
import { club } from "./page/club.mjs";
import { morph } from "./page/morph.mjs";

globalThis.plateauPage = { morph, readAttrs, smallestText, hitTarget, club };

export const version = pyodide.version;

// Marks in the page's performance timeline (bench/browser.py reads them).
const mark = (name) => { try { performance.mark("plateau:" + name); } catch (e) { /* no timeline */ } };

const BUNDLE = new URL("__BUNDLE__", import.meta.url).href;
const SNAPSHOT = "__SNAPSHOT__" && !/[?&]nosnapshot\b/.test(location.search)
  ? new URL("__SNAPSHOT__", import.meta.url).href : "";

// What boot.js asked for as the page started (window.__plateauEarly): the
// bundle read by its worker (static/boot-read.mjs) when there is one, as bytes
// otherwise. Whatever that way could not give is asked for, and read, here.
const given = globalThis.__plateauEarly || {};
const bundle = (given.bundle && given.bundleURL === BUNDLE
  ? given.bundle.then((got) => (given.read ? got : readBundle(got)))
  : Promise.reject(new Error("not asked"))
).catch(() => fetchBundle(BUNDLE).then(readBundle)).then((files) => {
  mark("bundle-fetched");
  return files;
});
bundle.catch(() => {});  // reported by loadPyodide, which waits for it

// Each game's own files (its package, its boards) are a bundle of their own
// (`static/build/game-<gid>-<hash>.bundle`): the home screen imports no game.
// The game a page opens at once (a share link, an embed, a game resumed) is
// fetched beside Plateau's bundle and put in place with it; the others are
// fetched once the app is ready, in the background, one after the other
// (`<html data-games="stored">` when all are in), so that the next visit and an
// offline one have them, and a game opened meanwhile gets its files then, from
// Python's import of it (lazyGames, below). The build replaces
// "__GAMES__" by {gid: {bundle, needs}} (needs: the games its modules import).
const GAMES_GIVEN = "__GAMES__";
const GAMES = Object.fromEntries(Object.entries(typeof GAMES_GIVEN === "object" ? GAMES_GIVEN : {})
  .map(([gid, g]) => [gid, { url: new URL(g.bundle, import.meta.url).href, needs: g.needs || [] }]));
const gameReads = new Map();  // gid -> promise of its files
const gameFilesRead = new Map();  // gid -> its files, once read
function gameFiles(gid) {
  if (!gameReads.has(gid)) {
    const read = fetchBundle(GAMES[gid].url).then(readBundle);
    read.then((files) => gameFilesRead.set(gid, files), () => gameReads.delete(gid));  // a failure: asked again later
    gameReads.set(gid, read);
  }
  return gameReads.get(gid);
}
// A game and the games it needs, that game last.
function withNeeds(gid, out = [], seen = new Set()) {
  if (!GAMES[gid] || seen.has(gid)) return out;  // seen: two games that need each other end here
  seen.add(gid);
  for (const other of GAMES[gid].needs) withNeeds(other, out, seen);
  out.push(gid);
  return out;
}

// The game the page will open before anything else, as the app decides (app.py):
// a share link's (#g=: its record, compressed; the game's id is at its start),
// else an embed's ?game=, else the game in progress when the player left on its
// board. null when none, or when unsure (then Python's import fetches it).
async function gameOpened() {
  try {
    const hash = location.hash;
    if (hash.startsWith("#g=P1")) {
      const b64 = hash.slice(5).replace(/-/g, "+").replace(/_/g, "/");
      const bytes = Uint8Array.from(atob(b64 + "===".slice((b64.length + 3) % 4)), (c) => c.charCodeAt(0));
      // only the first bytes inflated: {"c":…,"r":"{\"g\":\"<gid>\",…
      const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate")).getReader();
      let text = "";
      const words = new TextDecoder();
      while (text.length < 200) {
        const { value, done } = await reader.read();
        if (done) break;
        text += words.decode(value, { stream: true });
      }
      reader.cancel().catch(() => {});
      const m = /"r":"\{\\"g\\":\\"([a-z0-9_]+)\\"/.exec(text);
      return m ? m[1] : null;
    }
    const search = location.search;
    if (/[?&]embed\b/.test(search)) {  // its game, else the first game (app.py, first_screen)
      const m = /[?&]game=([a-z0-9_]+)(&|$)/.exec(search);
      return m && GAMES[m[1]] ? m[1] : Object.keys(GAMES)[0] || null;
    }
    const settings = JSON.parse(localStorage.getItem("plateau:v1:settings") || "{}");
    if (settings && settings.screen === "play" && typeof settings.current === "string") {
      const saved = JSON.parse(localStorage.getItem("plateau:v1:game:" + settings.current) || "null");
      return saved && typeof saved.game === "string" ? saved.game : null;
    }
  } catch (e) { /* an odd link or storage: Python says what is wrong with it */ }
  return null;
}
const firstGames = gameOpened().then((gid) => {
  const games = gid && GAMES[gid] ? withNeeds(gid) : [];
  for (const g of games) gameFiles(g).catch(() => {});
  // the games' modules import some of the standard library's later part (Thorval's drawing: xml.sax)
  if (games.length && STDLIB_LATER) laterFiles().catch(() => {});
  return games;
});

// The snapshot, if this browser already holds it: {memory} (rebuilt by the
// worker) or {file} (its bytes, rebuilt here once the home page is painted);
// null if not, or if the worker found it unusable (and then it says so).
async function snapshotFound() {
  if (!SNAPSHOT) return null;
  if (given.snapshot && given.snapshotURL === SNAPSHOT) {
    try {
      const got = await given.snapshot;
      return got ? (given.read ? { memory: got } : { file: got }) : null;
    } catch (e) {
      if (!(e && e.message === "no worker")) {
        console.warn("Plateau: the interpreter snapshot is not usable here; starting Python normally.", e);
        return null;
      }
    }
  }
  const buf = await cachedFile(SNAPSHOT);
  return buf ? { file: buf } : null;
}
const cachedSnapshot = snapshotFound();

// Whether this browser holds the snapshot, as soon as the cache answers (the
// worker says so before reading the file): true or false; null when only
// reading the whole file tells.
function snapshotCached() {
  if (!SNAPSHOT) return Promise.resolve(false);
  if (given.snapshotCached && given.snapshotURL === SNAPSHOT) return given.snapshotCached.then((v) => v, () => null);
  return Promise.resolve(null);
}

// The snapshot's memory (a promise) for loadPyodide, which reads it only once
// the runtime's files are asked for: it fails with NoSnapshot if the file,
// said to be there, could not be read after all (then Python starts normally).
class NoSnapshot extends Error {}
function snapshotMemory() {
  const bytes = cachedSnapshot.then((found) => {
    mark(found ? "snapshot-read" : "no-snapshot");
    if (!found) throw new NoSnapshot("no usable snapshot");
    return found.memory || afterPaint().then(() => unsparse(found.file));
  });
  bytes.then(() => mark("snapshot-unpacked"), () => {});
  return bytes;
}

// The snapshot holds some of Plateau's modules imported (scripts/sitebuild/snapshot.py,
// SNAPSHOT_PLATEAU), so it belongs to one build: `plateau.__bundle__` in it is
// the version of the bundle it was taken with. A snapshot of another build (a
// cache or a host that mixed files of two builds) is not used: its modules
// would run beside this build's others. Python then starts normally.
const BUNDLE_VERSION = "__BUNDLE_VERSION__";
class OtherBuild extends Error {}
function snapshotOfThisBuild(py) {
  const held = py.runPython("import sys; getattr(sys.modules.get('plateau'), '__bundle__', None)");
  if (held !== BUNDLE_VERSION) {
    throw new OtherBuild(`the snapshot holds Plateau's modules of another build (${held}, not ${BUNDLE_VERSION})`);
  }
}

// A game's files put in place in the interpreter's home, once. A source file's
// place (empty) is left alone when the sources (for tracebacks) are there already.
const gamesIn = new WeakMap();  // interpreter -> ids of the games in place
function installGame(py, gid, files) {
  if (!gamesIn.has(py)) gamesIn.set(py, new Set());
  if (gamesIn.get(py).has(gid)) return;
  const home = py.FS.cwd();
  install(py, files.filter(([name, data]) => !(data.length === 0 && name.endsWith(".py")
    && py.FS.analyzePath(`${home}/${name}`).exists)));
  gamesIn.get(py).add(gid);
}

// The standard library in two parts (scripts/sitebuild/stdlib.py; stdlib_for_the_site):
// the runtime's python_stdlib.zip holds what the start imports, and
// `static/build/stdlib-later-<hash>.zip` the modules only later code imports
// (the computer's statistics, the games' helpers...). That second zip is
// fetched once the app is ready, with the games; Python's finder (below)
// imports its modules from it. The build replaces the two names below.
const STDLIB_LATER = "__STDLIB_LATER__" ? new URL("__STDLIB_LATER__", import.meta.url).href : "";
const LATER_GIVEN = "__STDLIB_LATER_MODULES__";
const LATER_MODULES = Array.isArray(LATER_GIVEN) ? LATER_GIVEN : [];
const LATER_PATH = "/lib/plateau-stdlib-later.zip";
const laterIn = new WeakSet();  // interpreters that have it
let laterRead = null;  // a promise of its bytes (asked again after a failure)
let laterGot = null;  // its bytes, once read
function laterFiles() {
  if (!laterRead) {
    laterRead = fetch(STDLIB_LATER, { credentials: "same-origin" }).then((r) => {
      if (!r.ok) throw new Error(`${r.status} ${r.statusText}`);
      return r.arrayBuffer();
    });
    laterRead.then((bytes) => { laterGot = bytes; }, () => { laterRead = null; });
  }
  return laterRead;
}
// The later part in place now if it was read; false if not (then it is asked for).
function laterNow(py) {
  if (!STDLIB_LATER || laterIn.has(py)) return true;
  if (laterGot) {
    installLater(py, laterGot);
    mark("stdlib-later-fetched");  // asked for by Python (bench and tests read it)
    return true;
  }
  laterFiles().catch(() => {});
  return false;
}
function installLater(py, bytes) {
  if (laterIn.has(py)) return;
  py.FS.writeFile(LATER_PATH, new Uint8Array(bytes), { canOwn: true });
  laterIn.add(py);
}

// Nothing is downloaded while Python waits (there was a synchronous request
// here once: Chromium does not answer one from the offline cache's worker, so
// offline a page whose HTTP cache had lost a game could not open it, nor start
// when the home page listed a saved game of it). Every file comes by fetch(),
// through the worker's cache online and offline alike: before Python needs it
// (the game the page opens first, above), or in the background.
//
// Python's side is plateau/web/lazy_files.py (imported in the snapshot): an
// import of `plateau.games.<gid>` (of a game not in place) first asks the
// `_plateau_games` module below for that game's files; they are put in place
// if they were read already; otherwise the import fails with an ImportError
// naming the game, the files are fetched (fetch, below) and the page's action
// is tried again (dom.py, tried_again; app.py, fetch_game).
class NotHereYet extends Error {}
function lazyGames(py) {
  const ids = Object.keys(GAMES);
  if (!ids.length && !STDLIB_LATER) return;
  // A game and the games it needs put in place (gid "": none), after the
  // standard library's later part, which a game's modules import (load, below:
  // a game is in place with it). A promise of true.
  const fetchFiles = async (gid) => {
    if (gid && !GAMES[gid]) throw new Error(`no game ${gid}`);
    if (STDLIB_LATER && !laterIn.has(py)) {
      installLater(py, await laterFiles());
      mark("stdlib-later-fetched");  // asked for by Python (bench and tests read it)
    }
    for (const g of gid ? withNeeds(gid) : []) {
      if (gamesIn.has(py) && gamesIn.get(py).has(g)) continue;
      installGame(py, g, await gameFiles(g));
      mark("game-fetched-" + g);
    }
    return true;
  };
  py.registerJsModule("_plateau_games", {
    stdlib() {
      if (!laterNow(py)) throw new NotHereYet("not fetched yet");
    },
    // A game's files, and the later part of the standard library, which its
    // modules import (Thud's file format: datetime; Thorval's drawing: xml.sax):
    // a game is in place with both, so that an action fails, if it must, as it
    // starts (its game's import), not halfway. Undefined (Python's None) when they are in place.
    load(gid) {
      if (!laterNow(py)) throw new NotHereYet("the standard library's later part is not fetched yet");
      if (gamesIn.has(py) && gamesIn.get(py).has(gid)) return undefined;
      if (gameFilesRead.has(gid)) { installGame(py, gid, gameFilesRead.get(gid)); return undefined; }
      gameFiles(gid).catch(() => {});
      throw new NotHereYet("not fetched yet");
    },
    fetch: fetchFiles,
    // The same, once the app is ready and the page idle (the home page's saved
    // games: their files come in the background, and a game that cannot be had says so).
    later: (gid) => new Promise((resolve) => whenReady(resolve)).then(() => fetchFiles(gid)),
  });
  const games = py.toPy(ids.filter((gid) => !(gamesIn.has(py) && gamesIn.get(py).has(gid))));
  const later = py.toPy(STDLIB_LATER ? LATER_MODULES : []);
  const lazy = py.pyimport("plateau.web.lazy_files");
  try {
    lazy.install(games, py.FS.cwd(), later, LATER_PATH);
  } finally {
    for (const proxy of [lazy, games, later]) proxy.destroy();
  }
}

// Once the app is ready: the standard library's later part, then every
// game's files, one game after the other.
function gamesLater(py) {
  const ids = Object.keys(GAMES);
  if (!ids.length && !STDLIB_LATER) return;
  document.documentElement.setAttribute("data-games", "later");
  whenReady(async () => {
    if (STDLIB_LATER && !laterIn.has(py)) {
      try {
        installLater(py, await laterFiles());
      } catch (e) {
        // fetched when a module of it is first imported; the games still come now
        console.warn("Plateau: the standard library's later part could not be fetched now", e);
      }
    }
    for (const gid of ids) {
      try {
        const files = await gameFiles(gid);
        installGame(py, gid, files);
      } catch (e) {
        console.warn(`Plateau: the files of the game ${gid} could not be fetched now`, e);
        return;  // offline: each game is fetched when opened
      }
    }
    document.documentElement.setAttribute("data-games", "stored");
  });
}

// Each folder is made once (FS.mkdirTree for every file would try each folder
// of its path again, and the runtime throws an error for each one that exists),
// and remembered for the files written later into the same interpreter.
const foldersMade = new WeakMap();
function install(py, files) {
  const { FS } = py;
  const home = FS.cwd();
  if (!foldersMade.has(py)) foldersMade.set(py, new Set([""]));
  const made = foldersMade.get(py);
  const folder = (dir) => {
    if (made.has(dir)) return;
    folder(dir.includes("/") ? dir.slice(0, dir.lastIndexOf("/")) : "");
    try { FS.mkdir(`${home}/${dir}`); } catch (e) { if (!FS.isDir(FS.stat(`${home}/${dir}`).mode)) throw e; }
    made.add(dir);
  };
  for (const [name, data] of files) {
    folder(name.includes("/") ? name.slice(0, name.lastIndexOf("/")) : "");
    FS.writeFile(`${home}/${name}`, data, { canOwn: true });
  }
}

// `go` once the app is ready (or has failed), when the page is idle.
function whenReady(go) {
  const root = document.documentElement;
  const idle = () => (window.requestIdleCallback || ((f) => setTimeout(f, 200)))(go);
  if (root.hasAttribute("data-ready") || root.hasAttribute("data-error")) { idle(); return; }
  new MutationObserver((list, obs) => {
    if (root.hasAttribute("data-ready") || root.hasAttribute("data-error")) { obs.disconnect(); idle(); }
  }).observe(root, { attributes: true, attributeFilter: ["data-ready", "data-error"] });
}

// Once the app is ready (or has failed), fetch the snapshot for the next visit,
// and run the runtime's script a second time (runtimeScript, below): Chromium
// keeps a script's compiled code from its second compilation on (the first
// only notes the script), so the next visit reads that code back instead of
// compiling the runtime's 1.25 MB again (bench/HISTORY.md: ~70-110 ms of a warm
// start). The second run finds the code compiled in this page already: only
// the writing of the cache (~20 ms) is work, when the page is idle.
// `<html data-runtime-compiled="twice">` once that script ran, and
// `data-snapshot="stored"` once both are done.
function fetchForNextVisit() {
  if (!SNAPSHOT) return;
  whenReady(() => {
    const root = document.documentElement;
    const stored = fetch(SNAPSHOT, { credentials: "same-origin" }).then((r) => (r.ok ? r.arrayBuffer() : null));
    const again = runtimeScript().then(() => root.setAttribute("data-runtime-compiled", "twice"), () => {});
    Promise.all([stored, again])
      .then(([b]) => { if (b) root.setAttribute("data-snapshot", "stored"); })
      .catch(() => {});
  });
}

// Plateau's and svgwrite's sources, which only tracebacks read: the bundle
// holds their bytecode, with an empty file in each source's place (Python
// loads the bytecode without reading the source). They are fetched once the
// app is ready, in the background, and written over those empty files
// (`<html data-sources="installed">`); a traceback before then names the file
// and line without showing its text.
const SOURCES = "__SOURCES__" ? new URL("__SOURCES__", import.meta.url).href : "";
function sourcesLater(py) {
  if (!SOURCES) return;
  whenReady(() => {
    fetchBundle(SOURCES).then(readBundle).then((files) => {
      // PyScript's package (its bytecode comes here) has the folder PyScript wrote at the start
      const home = py.FS.cwd();
      if (files.some(([name]) => name.startsWith("pyscript/")) && py.FS.analyzePath(`${home}/pyscript`).exists) {
        foldersMade.get(py)?.add("pyscript");
      }
      install(py, files);
      document.documentElement.setAttribute("data-sources", "installed");
    }).catch((e) => console.warn("Plateau: the sources for tracebacks could not be read", e));
  });
}

// The home page drawn by the build comes first: Python's start (restoring 31 MB
// of memory, or starting the interpreter) holds the main thread, so it waits
// until the home page is parsed, the card pictures in view decoded (off this thread)
// and a frame is out (at most 1 s in all).
// No wait when the app opens a game instead (boot.js: html.opens-game).
async function homePainted() {
  if (document.readyState === "loading") {  // an async module script may run before the page is parsed
    await new Promise((resolve) => document.addEventListener("DOMContentLoaded", resolve, { once: true }));
  }
  const root = document.documentElement;
  if (root.classList.contains("opens-game") || !document.querySelector("#app .prerendered")) return;
  // the pictures in view (a phone shows one or two cards): the others are decoded when scrolled to
  const pictures = [...document.querySelectorAll("#app .prerendered .card-picture img")]
    .filter((img) => img.getBoundingClientRect().top < innerHeight);
  const painted = Promise.all(pictures.map((img) => img.decode().catch(() => null)))
    .then(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  return Promise.race([painted, new Promise((resolve) => setTimeout(resolve, 1000))]);
}
let paintedOnce = null;
const afterPaint = () => (paintedOnce ||= homePainted().then(() => mark("boot")));

// The runtime's JavaScript, as the classic script the build makes of it
// (`pyodide.asm.js`, scripts/sitebuild/runtime_patches.py: CLASSIC_RUNTIME): Chromium reads a
// classic script's kept compiled code back off the page's thread, which it
// did not do for the module (`pyodide.asm.mjs`) loaded with import(). The
// script hands over the runtime's factory as a global; it finds its
// WebAssembly from the URL given to it the same way. Resolves to that factory.
const ASM = new URL("pyodide.asm.js", new URL("__PYODIDE_MJS__", import.meta.url)).href;
function runtimeScript() {
  return new Promise((resolve, reject) => {
    globalThis.__plateauAsmURL = ASM;
    const script = document.createElement("script");
    script.src = ASM;
    script.async = true;
    script.onload = () => {
      const factory = globalThis.__plateauCreatePyodideModule;
      if (typeof factory === "function") resolve(factory);
      else reject(new Error(`Plateau: the runtime's script gave no runtime (${ASM})`));
    };
    script.onerror = () => reject(new Error(`Plateau: the runtime's script could not be loaded (${ASM})`));
    document.head.append(script);
  });
}

// `loadPyodide` is called at once: the runtime's files (the WebAssembly, the
// standard library, the lock file) are read from the cache or downloaded while
// the home page paints; what holds the main thread (evaluating the runtime's
// JavaScript, instantiating the WebAssembly, starting or restoring Python)
// waits until the home page is on screen: Pyodide takes the runtime's module
// factory from `createPyodideModule`. (Compiling the WebAssembly ahead, while
// the worker rebuilds the snapshot, was measured: no sooner on two cores.)
let asmOnce = null;
const runtimeJS = () => (asmOnce ||= afterPaint().then(runtimeScript).then((factory) => {
  mark("runtime-js");
  return factory;
}));
async function createPyodideModule(settings) {
  const factory = await runtimeJS();
  const module = await factory(settings);
  mark("runtime-ready");
  return module;
}

// The runtime is started as soon as it is known whether the snapshot is in
// the cache (before the file is read): its files are asked for, and its
// JavaScript evaluated once the home page is painted, while the worker reads
// the snapshot.
async function start(opts) {
  const root = document.documentElement;
  runtimeJS().catch(() => {});  // reported by loadPyodide, which waits for it
  let cached = await snapshotCached();
  if (cached === null) cached = !!(await cachedSnapshot);
  let py = null;
  if (cached) {
    try {
      py = await pyodide.loadPyodide({ ...opts, _loadSnapshot: snapshotMemory(), createPyodideModule });
      snapshotOfThisBuild(py);
      // the snapshot holds the build's random state: every visitor gets a new one
      py.runPython("import random as _r; _r.seed(); del _r");
      root.setAttribute("data-python", "snapshot");
    } catch (e) {
      py = null;
      if (!(e instanceof NoSnapshot)) {
        console.warn(`Plateau: the interpreter snapshot is not usable here (${e && e.message}); starting Python normally.`, e);
      }
    }
  } else {
    mark("no-snapshot");
  }
  if (!py) {
    py = await pyodide.loadPyodide({ ...opts, createPyodideModule });
    root.setAttribute("data-python", "fresh");
    fetchForNextVisit();
  }
  mark("python-started");
  const files = await bundle;
  mark("bundle-read");
  install(py, files);
  const opened = await firstGames;
  if (opened.length && STDLIB_LATER) {
    try {
      installLater(py, await laterFiles());
    } catch (e) { /* Python's import asks again, and says what went wrong */ }
  }
  for (const gid of opened) {
    try {
      installGame(py, gid, await gameFiles(gid));
    } catch (e) { /* Python's import asks again, and says what went wrong */ }
  }
  lazyGames(py);
  mark("bundle-installed");
  sourcesLater(py);
  gamesLater(py);
  return py;
}

// PyScript itself (its core, which finds main.py inside the page and calls
// `loadPyodide` below) is loaded once the home page is on screen, when the
// build names it here instead of in the page.
const CORE = "__CORE__" ? new URL("__CORE__", import.meta.url).href : "";
if (CORE) {
  afterPaint().then(() => import(CORE)).catch((e) => {
    console.error("Plateau: PyScript could not be loaded", e);  // boot.js's watchdog tells the player
  });
}

// Python starts as soon as the page loads this module (its heavy part once
// the home page is painted); its output goes where PyScript asks once it
// does.
const sinks = { stdout: null, stderr: null };
const early = start({
  stdout: (line) => (sinks.stdout || console.log)(line),
  stderr: (line) => (sinks.stderr || console.error)(line),
});
early.catch(() => {});  // reported to PyScript by loadPyodide

// The interpreter (a promise), for the benchmarks and tests that run Python in the page.
export { early as started };

// PyScript's call: the interpreter started above, unless PyScript asks for
// more than its output streams (packages...): then one of its own.
export async function loadPyodide(options = {}) {
  const { stdout, stderr, indexURL, ...more } = options;
  if (Object.keys(more).length) {
    console.warn("Plateau: PyScript asks for", Object.keys(more), "- starting a second interpreter");
    // (indexURL left out: PyScript derives it from this module's folder, pyodide.mjs knows its own)
    return start({ stdout, stderr, ...more });
  }
  if (stdout) sinks.stdout = stdout;
  if (stderr) sinks.stderr = stderr;
  return early;
}
