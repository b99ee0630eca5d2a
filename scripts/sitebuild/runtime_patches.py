"""The changes the build makes to the runtime's JavaScript as it copies it
(sitebuild/runtime.py): each is the shipped code and its replacement, checked
to match (as many times as said) so that another runtime version fails the
build, not a player's page."""


# Two changes to the runtime's JavaScript (Emscripten's dynamic linker, run at
# every start, restored or not): its ~260 JavaScript functions that the
# WebAssembly imports through the table are each wrapped in a tiny WebAssembly
# module. As shipped, each one is first tried in the table directly, which
# throws a TypeError (each throw builds an error with its stack), and each
# wrapper module is compiled anew although it depends only on the signature.
# Patched: a JavaScript function (an exported WebAssembly function's name is
# its index) is wrapped at once, and the wrapper's module is compiled once per
# signature. The same slots in the same order: the snapshot's function
# pointers stay right.
RUNTIME_PATCHES = [
    (b"var module=new WebAssembly.Module(bytes);var instance=new WebAssembly.Instance(module,{e:{f:func}});",
     b"var module=(convertJsFunctionToWasm.modules??=new Map).get(sig);"
     b"if(!module){module=new WebAssembly.Module(bytes);convertJsFunctionToWasm.modules.set(sig,module)}"
     b"var instance=new WebAssembly.Instance(module,{e:{f:func}});"),
    (b"var ret=getEmptyTableSlot();try{setWasmTableEntry(ret,func)}",
     b"var ret=getEmptyTableSlot();if(sig&&!/^\\d+$/.test(func.name)){setWasmTableEntry(ret,convertJsFunctionToWasm(func,sig))}"
     b"else try{setWasmTableEntry(ret,func)}"),
    # the main module's global offset table: only the entries its own code
    # imports are filled at start. As shipped, every one of its ~8,600 exports
    # got an entry and a function-table slot (tens of ms of the page's thread
    # at every start), which only a side module could use. An entry a side
    # module asks for later is made and filled when it asks (GOTHandler, then
    # reportUndefinedSymbols), as for any symbol the main module lacks.
    (b"assignWasmExports(wasmExports);updateGOT(origExports);LDSO.init();",
     b"assignWasmExports(wasmExports);"
     b"updateGOT(Object.fromEntries(Object.keys(GOT).filter(s=>s in origExports).map(s=>[s,origExports[s]])));"
     b"LDSO.init();"),
    # the exports copied into the linker's symbol table by a plain loop (as
    # shipped: an array of all ~8,600 [name, export] pairs and a closure for
    # each, then collected), the same symbols, the same order, the same rule
    (b'mergeLibSymbols=(exports,libName)=>{for(var[sym,exp]of Object.entries(exports)){const setImport=target=>'
     b'{if(!isSymbolDefined(target)){wasmImports[target]=exp}};setImport(sym);const main_alias="__main_argc_argv";'
     b'if(sym=="main"){setImport(main_alias)}if(sym==main_alias){setImport("main")}}}',
     b'mergeLibSymbols=(exports,libName)=>{for(var sym in exports){var exp=exports[sym];'
     b'if(!isSymbolDefined(sym)){wasmImports[sym]=exp}'
     b'if(sym=="main"&&!isSymbolDefined("__main_argc_argv")){wasmImports["__main_argc_argv"]=exp}'
     b'if(sym=="__main_argc_argv"&&!isSymbolDefined("main")){wasmImports["main"]=exp}}}'),
]


# One change to the runtime's loader (pyodide.mjs): its WebAssembly file, when
# the network cannot give it, is read from the site's offline cache (the Cache
# API; the same file under the same content-named address). The service
# worker sends that one file to the network (static/sw.js: only then does
# Chromium keep its compiled code for the next start); offline, once the
# browser's HTTP cache has dropped it, the worker's copy is still there. As
# shipped, a failed fetch stopped the start. The fallback is chained as the
# fetch starts (a rejection left without a handler until the runtime's
# JavaScript is in would be reported as an error of the page).
LOADER_PATCHES = [
    (b'let{binary:t,response:n}=_(e+"pyodide.asm.wasm"),i=K();',
     b'let{binary:t,response:n}=_(e+"pyodide.asm.wasm"),i=K();'
     b'n&&(n=(q=>q.then(x=>x.ok?x:Promise.reject(x.status)).catch(()=>globalThis.caches'
     b'?caches.match(e+"pyodide.asm.wasm").then(x=>x||q):q))(n));'),
]


# One change to PyScript's core: its own Python package (``pyscript``: display,
# fetch, storage, websockets, workers...) is still written into the
# interpreter's home at every start, but no longer imported there and then.
# Importing it ran about 30 ms of Python on the page's thread between the
# interpreter ready and main.py (a warm start, bench/HISTORY.md), for a package
# Plateau never imports (its web layer talks to the page through ``js`` and
# ``pyodide.ffi``). PyScript imports it at once only for its workers, which
# Plateau does not use; ``import pyscript`` still works, at its first use.
CORE_PATCHES = [
    (b'"import pyscript as _pyscript"', b'""'),
    (b'["_Path","_path","_os","_pyscript"]', b'["_Path","_path","_os"]'),
    # nor does it write that package's files: the bundle holds them (bundle, pyscript_sources).
    # Its core wrote them with pathlib, from Python, at every start: 20-80 ms of the page's thread
    (b'ho=["import os as _os","from pathlib import Path as _Path","_path = None"]',
     b'ho=["_os = _Path = _path = None"]'),
    (b'wo(".",{pyscript:{', b'(()=>{})(".",{pyscript:{'),
]


# The runtime's JavaScript as a classic script (``pyodide.asm.js``, beside the
# module ``pyodide.asm.mjs`` it is made from). Chromium keeps the compiled code
# of a classic script in its code cache and reads it back off the page's
# thread at the next visit (~20 ms); it kept the module's compiled code as well
# but, for a module that ``import()`` loads, never read it back: every warm
# start parsed and compiled the module's 1.25 MB again (100-150 ms on a
# background thread, which the start waited for). The boot module loads the
# script with a <script> element and takes the runtime's factory from
# ``globalThis.__plateauCreatePyodideModule``; the module's own URL (where it
# finds its WebAssembly) comes from ``globalThis.__plateauAsmURL``; the script
# says "use strict", as a module is. The module stays for node (the build's
# snapshot), which imports it.
CLASSIC_RUNTIME = [
    (b"export default _createPyodideModule;", b"globalThis.__plateauCreatePyodideModule=_createPyodideModule;", 1),
    (b"import.meta.url", b"globalThis.__plateauAsmURL", 3),
]
