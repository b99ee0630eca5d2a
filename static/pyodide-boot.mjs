// Plateau's start of Pyodide, the module PyScript's config names as its
// interpreter: the same `loadPyodide` and `version` as the vendored
// pyodide.mjs, with one difference. The build boots the vendored runtime once
// under node and keeps a memory snapshot of the started interpreter
// (`static/vendor/pyodide-snapshot-<hash>.bin`). When the browser
// already holds that file (a second visit: HTTP cache or service worker), the
// interpreter is restored from it instead of starting Python again; otherwise
// Python starts as usual and the file is fetched once the app is ready, for
// the next visit. A snapshot that cannot be used (missing, damaged, another
// runtime) means a normal start, never a broken page.
//
// `<html data-python>` tells which way it went: "snapshot" or "fresh".
// `?nosnapshot` in the page's address forces a normal start.
//
// The build replaces the two paths below (relative to this file).
import * as pyodide from "__PYODIDE_MJS__";

export const version = pyodide.version;

const SNAPSHOT = "__SNAPSHOT__" ? new URL("__SNAPSHOT__", import.meta.url).href : "";
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

// The snapshot if this browser already has it, without any download.
async function cachedSnapshot() {
  if (!SNAPSHOT || /[?&]nosnapshot\b/.test(location.search)) return null;
  let res;
  try {
    res = await fetch(SNAPSHOT, { cache: "only-if-cached", mode: "same-origin", credentials: "same-origin" });
  } catch (e) {
    return null;  // not in the cache
  }
  if (!res.ok) return null;
  return unsparse(await res.arrayBuffer());
}

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

export async function loadPyodide(options = {}) {
  const opts = { ...options };
  delete opts.indexURL;  // PyScript derives it from this module's folder: pyodide.mjs knows its own
  const root = document.documentElement;
  let snapshot = null;
  try {
    snapshot = await cachedSnapshot();
  } catch (e) {
    snapshot = null;
  }
  if (snapshot) {
    try {
      const py = await pyodide.loadPyodide({ ...opts, _loadSnapshot: snapshot });
      // the snapshot holds the build's random state: every visitor gets a new one
      py.runPython("import random as _r; _r.seed(); del _r");
      root.setAttribute("data-python", "snapshot");
      return py;
    } catch (e) {
      console.warn("Plateau: the interpreter snapshot is not usable here; starting Python normally.", e);
    }
  }
  const py = await pyodide.loadPyodide(opts);
  root.setAttribute("data-python", "fresh");
  fetchForNextVisit();
  return py;
}
