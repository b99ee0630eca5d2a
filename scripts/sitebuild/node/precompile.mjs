// Compiles Python sources to the bytecode of the vendored Pyodide, run by node
// (sitebuild/precompile.py; the set-up's npm already needs node): the browser
// then loads .pyc files instead of compiling every module at each start. The
// Python it runs is in_pyodide/precompile.py. Prints the runtime's cache tag
// (" errors" after it when a module did not compile).
import fs from "fs";

const { loadPyodide } = await import(process.env.PLATEAU_PYODIDE_MJS);
const py = await loadPyodide({ indexURL: process.env.PLATEAU_PYODIDE_DIR });
// the modules the runtime's own start imported (before anything below)
py.globals.set("RUNTIME_START", py.runPython("import sys; sorted(sys.modules)"));
py.globals.set("STDLIB_CFG", process.env.PLATEAU_STDLIB_CFG);
py.FS.mkdirTree("/src");
py.FS.mount(py.FS.filesystems.NODEFS, { root: process.env.PLATEAU_PYC_SRC }, "/src");
py.FS.mkdirTree("/std");
py.FS.mount(py.FS.filesystems.NODEFS, { root: process.env.PLATEAU_PYC_STD }, "/std");
py.runPython(fs.readFileSync(process.env.PLATEAU_PRECOMPILE_PY, "utf8"));
const ok = py.runPython("precompile_all(list(RUNTIME_START), STDLIB_CFG)");
process.stdout.write(py.runPython("import sys; sys.implementation.cache_tag") + (ok ? "" : " errors") + "\n");
