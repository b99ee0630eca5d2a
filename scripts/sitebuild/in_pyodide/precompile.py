"""Run by node/precompile.mjs inside the vendored Pyodide (not imported by the
build): compiles Python sources to that runtime's bytecode and finds the
standard library the site ships (sitebuild/stdlib.py says what it follows
and leaves out). ``/src`` holds Plateau's modules, svgwrite and PyScript's
package; ``/std`` the runtime's standard library, unpacked."""

import ast, compileall, importlib.util, json, modulefinder, os, py_compile, sys
from importlib._bootstrap_external import _code_to_hash_pyc


class _NoDocstrings(ast.NodeTransformer):
    def _strip(self, node):
        self.generic_visit(node)
        body = node.body
        if (body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)):
            node.body = body[1:] or [ast.copy_location(ast.Pass(), body[0])]
        return node

    visit_Module = visit_ClassDef = visit_FunctionDef = visit_AsyncFunctionDef = _strip


def _code(source, path, filename, docstrings=False):
    tree = ast.parse(source, path)
    if not docstrings:
        tree = ast.fix_missing_locations(_NoDocstrings().visit(tree))
    return compile(tree, filename, "exec", dont_inherit=True)


# each module under root as unchecked-hash bytecode in __pycache__, named as
# under ddir (where the page puts it), without its docstrings
def compile_without_docstrings(root, ddir, skip):
    ok = True
    for folder, _, files in sorted(os.walk(root)):
        if "__pycache__" in folder or (folder + "/").startswith(skip):
            continue
        for f in sorted(files):
            if not f.endswith(".py"):
                continue
            path = os.path.join(folder, f)
            with open(path, "rb") as fh:
                source = fh.read()
            try:
                code = _code(source, path, ddir + path[len(root):])
            except SyntaxError:
                ok = False
                continue
            cache = importlib.util.cache_from_source(path)
            os.makedirs(os.path.dirname(cache), exist_ok=True)
            with open(cache, "wb") as fh:
                fh.write(_code_to_hash_pyc(code, importlib.util.source_hash(source), False))
    return ok


def stdlib_for_the_site(runtime_start, cfg):
    finder = modulefinder.ModuleFinder(path=["/src", "/std"], excludes=cfg["leave_out"])
    for root, _, files in os.walk("/src"):
        for f in sorted(files):
            if f.endswith(".py") and "__pycache__" not in root:
                mod = os.path.join(root, f)[len("/src/"):-3].replace("/", ".")
                finder.import_hook(mod[:-len(".__init__")] if mod.endswith(".__init__") else mod)
    with open("/tmp/plateau-main.py", "w", encoding="utf-8") as out:
        out.write(cfg["main"])
    finder.run_script("/tmp/plateau-main.py")
    for name in runtime_start + cfg["entries"]:
        if name not in cfg["leave_out"]:
            try:
                finder.import_hook(name)
            except ImportError:  # a built-in module (sys, _io...) or one left out
                pass
    keep = sorted(m for m, v in finder.modules.items() if (v.__file__ or "").startswith("/std/"))
    zip_path = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip"
    ok = True
    for name in keep:
        path = finder.modules[name].__file__
        with open(path, "rb") as f:
            source = f.read()
        try:
            code = _code(source, path, zip_path + path[len("/std"):],
                         docstrings=name.split(".")[0] in ("_pyodide", "pyodide"))
        except SyntaxError:
            ok = False
            continue
        with open(path + "c", "wb") as f:
            f.write(_code_to_hash_pyc(code, importlib.util.source_hash(source), False))
    files = {m: v.__file__ for m, v in finder.modules.items() if v.__file__}
    start = start_closure(runtime_start + cfg["start"] + sorted(_top_imports(cfg["main"], "__main__", False)),
                          files)
    with open("/std/.plateau-keep.json", "w") as f:
        json.dump({"keep": keep, "start": sorted(m for m in keep if m in start)}, f)
    return ok


# the modules a module's top imports as it runs (its functions' imports aside:
# they run later, if ever); relative imports resolved from ``name``
def _top_imports(source, name, is_package):
    out = set()
    todo = list(ast.parse(source).body)
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = name.split(".") if is_package else name.split(".")[:-1]
                base = ".".join(parts[:len(parts) - node.level + 1])
                mod = base + ("." + node.module if node.module else "") if base else (node.module or "")
            else:
                mod = node.module or ""
            if mod:
                out.add(mod)
                out.update(f"{mod}.{a.name}" for a in node.names)
        todo.extend(ast.iter_child_nodes(node))
    return out


# every module imported, at any depth, when ``roots`` are imported and their
# tops run (each package's parents first)
def start_closure(roots, files):
    seen, todo = set(), list(roots)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        parts = name.split(".")
        todo.extend(".".join(parts[:i]) for i in range(1, len(parts)))
        path = files.get(name)
        if not path or not path.endswith(".py"):
            continue
        with open(path, "rb") as f:
            todo.extend(_top_imports(f.read(), name, path.endswith("__init__.py")))
    return seen


def precompile_all(runtime_start, cfg_json):
    """Everything at once; true when every module compiled."""
    cfg = json.loads(cfg_json)
    checked = py_compile.PycInvalidationMode.CHECKED_HASH
    # Plateau's modules and svgwrite: unchecked, without docstrings
    ours = compile_without_docstrings("/src", "/home/pyodide", skip="/src/pyscript/")
    # PyScript's own package, which PyScript writes from its core at every start: checked against the
    # sources it writes (a mismatch only means Python compiles them, as it would without these)
    ours = compileall.compile_dir("/src/pyscript", ddir="/home/pyodide/pyscript", quiet=1, workers=1,
                                  invalidation_mode=checked) and ours
    # the standard library: the modules the site can import, x.pyc beside x.py
    std = stdlib_for_the_site(runtime_start, cfg)
    return ours and std
