// Boots the site's runtime (precompiled standard library) once under node and
// prints nothing but writes the memory snapshot of the started interpreter
// (pyodide 314's `_makeSnapshot` / `makeMemorySnapshot`), run by
// sitebuild/snapshot.py. Every source of chance and time the start reads is
// fixed first, so the same runtime gives the same bytes (the site's files are
// content-named): the page reseeds Python's `random` after restoring.
// PYTHONHASHSEED=0 for the same reason. The Python it runs comes in the
// environment (PLATEAU_SNAPSHOT_*: in_pyodide/snapshot_*.py, as the build
// reads them).
import fs from "fs";
import nodeCrypto from "crypto";
let seed = 1;
const fill = (a) => {
  const u = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
  for (let i = 0; i < u.length; i++) { seed = (Math.imul(seed, 1103515245) + 12345) >>> 0; u[i] = seed >>> 24; }
  return a;
};
Object.defineProperty(globalThis.crypto, "getRandomValues", { value: fill });
nodeCrypto.randomFillSync = fill;
let clock = 0;
performance.now = () => (clock += 0.001);
let tick = 0;
Date.now = () => Date.UTC(2024, 0, 1) + tick++;
const dir = process.env.PLATEAU_PYODIDE_DIR;
const { loadPyodide } = await import(new URL("pyodide.mjs", "file://" + dir).href);
const py = await loadPyodide({ indexURL: dir, _makeSnapshot: true, env: { PYTHONHASHSEED: "0" } });
py.runPython(process.env.PLATEAU_SNAPSHOT_IMPORTS);
// Plateau's bundle (svgwrite and Plateau's modules) written where the page
// puts it; svgwrite imported whole, and one drawing made so that the regular
// expressions it compiles on first use are compiled already; Plateau's
// modules that touch nothing of the page imported (SNAPSHOT_PLATEAU)
const files = JSON.parse(fs.readFileSync(process.env.PLATEAU_SNAPSHOT_FILES, "utf8"));
const home = py.FS.cwd();
for (const [name, b64] of Object.entries(files)) {
  const path = `${home}/${name}`;
  py.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
  py.FS.writeFile(path, Buffer.from(b64, "base64"));
}
py.runPython(process.env.PLATEAU_SNAPSHOT_WARM);
if (process.env.PLATEAU_SNAPSHOT_PLATEAU) {
  py.globals.set("NAMES", process.env.PLATEAU_SNAPSHOT_PLATEAU);
  py.globals.set("BUNDLE", process.env.PLATEAU_SNAPSHOT_BUNDLE);
  py.runPython(process.env.PLATEAU_SNAPSHOT_PLATEAU_PY);
  py.runPython("del NAMES, BUNDLE; import gc; gc.collect()");
}
fs.writeFileSync(process.env.PLATEAU_SNAPSHOT_OUT, py.makeMemorySnapshot());
