// Prints, as JSON, PyScript's Python package as its core writes it into the
// interpreter's home (the npm package's stdlib artifact, whose file URL is the
// first argument): run by sitebuild/precompile.py, pyscript_sources.
const m = await import(process.argv[2]);
process.stdout.write(JSON.stringify(m.default));
