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
// runtime) means a normal start, never a broken page.
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
// The build replaces the four paths below (relative to this file).
import * as pyodide from "__PYODIDE_MJS__";

export const version = pyodide.version;

// Marks in the page's performance timeline (bench/browser.py reads them).
const mark = (name) => { try { performance.mark("plateau:" + name); } catch (e) { /* no timeline */ } };

const BUNDLE = new URL("__BUNDLE__", import.meta.url).href;
const SNAPSHOT = "__SNAPSHOT__" ? new URL("__SNAPSHOT__", import.meta.url).href : "";
// The files of a zip archive, [name, bytes] (the build stores them; deflated
// entries are read too, more slowly).
async function unzip(buf) {
  const bytes = new Uint8Array(buf);
  const view = new DataView(buf);
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65535); i--) {
    if (view.getUint32(i, true) === 0x06054b50) { end = i; break; }
  }
  if (end < 0) throw new Error("Plateau's bundle is not a zip archive");
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const names = new TextDecoder();
  const out = [];
  for (let k = 0; k < count; k++) {
    if (view.getUint32(at, true) !== 0x02014b50) throw new Error("Plateau's bundle: damaged directory");
    const method = view.getUint16(at + 10, true);
    const size = view.getUint32(at + 20, true);
    const nameLen = view.getUint16(at + 28, true);
    const extraLen = view.getUint16(at + 30, true);
    const commentLen = view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    const name = names.decode(bytes.subarray(at + 46, at + 46 + nameLen));
    at += 46 + nameLen + extraLen + commentLen;
    if (name.endsWith("/")) continue;
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = bytes.subarray(start, start + size);
    if (method === 0) out.push([name, Promise.resolve(data)]);
    else if (method === 8) {
      const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
      out.push([name, new Response(stream).arrayBuffer().then((b) => new Uint8Array(b))]);
    } else throw new Error(`Plateau's bundle: ${name} is compressed in a way this page cannot read`);
  }
  return Promise.all(out.map(async ([name, data]) => [name, await data]));
}

// Read while the runtime starts: boot.js asked for the bundle (and the
// snapshot) as the page started (window.__plateauEarly); asked here otherwise.
const given = globalThis.__plateauEarly || {};
const bundleBytes = given.bundle && given.bundleURL === BUNDLE ? given.bundle
  : fetch(BUNDLE, { credentials: "same-origin" }).then((res) => {
    if (!res.ok) throw new Error(`Plateau's bundle: ${res.status} ${res.statusText} (${BUNDLE})`);
    return res.arrayBuffer();
  });
const bundle = bundleBytes.then(async (buf) => {
  mark("bundle-fetched");
  const head = new Uint8Array(buf, 0, Math.min(2, buf.byteLength));
  if (head[0] === 0x1f && head[1] === 0x8b) {  // gzip (a host may have inflated it already)
    const stream = new Blob([buf]).stream().pipeThrough(new DecompressionStream("gzip"));
    buf = await new Response(stream).arrayBuffer();
  }
  return unzip(buf);
});
bundle.catch(() => {});  // reported by loadPyodide, which waits for it

function install(py, files) {
  const { FS } = py;
  const home = FS.cwd();
  for (const [name, data] of files) {
    const path = `${home}/${name}`;
    FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    FS.writeFile(path, data, { canOwn: true });
  }
}

// The build's file holds the snapshot's non-zero pages only (scripts/build.py,
// `sparse`): "PLSN", u32 format (1), length, page size, a bitmap of the pages
// present, the pages.
function unsparse(buf) {
  const head = new DataView(buf, 0, 16);
  if (head.getUint32(0, false) !== 0x504c534e || head.getUint32(4, true) !== 1) {
    throw new Error("not a Plateau snapshot file");
  }
  const length = head.getUint32(8, true);
  const page = head.getUint32(12, true);
  const pages = Math.ceil(length / page);
  const bitmap = new Uint8Array(buf, 16, Math.ceil(pages / 8));
  const out = new Uint8Array(length);
  let at = 16 + bitmap.length;
  for (let i = 0; i < pages; i++) {
    if (!(bitmap[i >> 3] & (1 << (i & 7)))) continue;
    const n = Math.min(page, length - i * page);
    if (at + n > buf.byteLength) throw new Error("truncated snapshot file");
    out.set(new Uint8Array(buf, at, n), i * page);
    at += n;
  }
  if (at !== buf.byteLength) throw new Error("snapshot file of the wrong size");
  return out;
}

// The snapshot's bytes if this browser already has it (null otherwise),
// without any download: boot.js asked as the page started.
function snapshotInCache() {
  if (!SNAPSHOT || /[?&]nosnapshot\b/.test(location.search)) return Promise.resolve(null);
  return fetch(SNAPSHOT, { cache: "only-if-cached", mode: "same-origin", credentials: "same-origin" })
    .then((res) => (res.ok ? res.arrayBuffer() : null))
    .catch(() => null);  // not in the cache, or cut short
}
const cachedSnapshot = given.snapshot && given.snapshotURL === SNAPSHOT ? given.snapshot : snapshotInCache();

// Once the app is ready (or has failed), fetch the snapshot for the next visit.
function fetchForNextVisit() {
  if (!SNAPSHOT || /[?&]nosnapshot\b/.test(location.search)) return;
  const root = document.documentElement;
  const go = () => {
    const later = window.requestIdleCallback || ((f) => setTimeout(f, 200));
    later(() => {
      fetch(SNAPSHOT, { credentials: "same-origin" })
        .then((r) => (r.ok ? r.arrayBuffer() : null))
        .then((b) => { if (b) root.setAttribute("data-snapshot", "stored"); })
        .catch(() => {});
    });
  };
  if (root.hasAttribute("data-ready") || root.hasAttribute("data-error")) { go(); return; }
  new MutationObserver((list, obs) => {
    if (root.hasAttribute("data-ready") || root.hasAttribute("data-error")) { obs.disconnect(); go(); }
  }).observe(root, { attributes: true, attributeFilter: ["data-ready", "data-error"] });
}

// The home page drawn by the build comes first: Python's start (restoring 31 MB
// of memory, or starting the interpreter) holds the main thread, so it waits
// until the home page (its pictures are inside it) is parsed and a frame is out
// (at most 1 s).
// No wait when the app opens a game instead (boot.js: html.opens-game).
async function homePainted() {
  if (document.readyState === "loading") {  // an async module script may run before the page is parsed
    await new Promise((resolve) => document.addEventListener("DOMContentLoaded", resolve, { once: true }));
  }
  const root = document.documentElement;
  if (root.classList.contains("opens-game") || !document.querySelector("#app .prerendered")) return;
  const painted = new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  return Promise.race([painted, new Promise((resolve) => setTimeout(resolve, 1000))]);
}
let paintedOnce = null;
const afterPaint = () => (paintedOnce ||= homePainted().then(() => mark("boot")));

// `loadPyodide` is called at once: the runtime's files (the WebAssembly, the
// standard library, the lock file, the snapshot's bytes) are read from the
// cache or downloaded while the home page paints; what holds the main thread
// (evaluating the runtime's JavaScript, instantiating the WebAssembly,
// starting or restoring Python) waits until the home page is on screen:
// Pyodide takes the runtime's module factory from `createPyodideModule`.
const ASM = new URL("pyodide.asm.mjs", new URL("__PYODIDE_MJS__", import.meta.url)).href;
async function createPyodideModule(settings) {
  await afterPaint();
  const asm = await import(ASM);
  mark("runtime-js");
  const module = await asm.default(settings);
  mark("runtime-ready");
  return module;
}

async function start(opts) {
  const root = document.documentElement;
  afterPaint();
  const found = await cachedSnapshot;
  mark(found ? "snapshot-read" : "no-snapshot");
  let py = null;
  if (found) {
    const bytes = afterPaint().then(() => {
      const full = unsparse(found);
      mark("snapshot-unpacked");
      return full;
    });
    try {
      py = await pyodide.loadPyodide({ ...opts, _loadSnapshot: bytes, createPyodideModule });
      // the snapshot holds the build's random state: every visitor gets a new one
      py.runPython("import random as _r; _r.seed(); del _r");
      root.setAttribute("data-python", "snapshot");
    } catch (e) {
      py = null;
      console.warn("Plateau: the interpreter snapshot is not usable here; starting Python normally.", e);
    }
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
  mark("bundle-installed");
  return py;
}

// PyScript itself (its core, which finds main.py in the page and calls
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
