"""Assemble the publishable site into ``site/``.

    python3 scripts/build.py [--out site] [--label NAME] [--bench]

Needs ``npm ci`` to have filled ``node_modules/`` (the pinned runtime), the
svgwrite wheel in ``static/vendor/`` and resvg-py (``requirements-build.txt``);
``scripts/setup.sh`` does all three.
The result is a folder of static files: upload it as it is to any web host.

Every file the page loads has a name that changes with its content, and
``sw.js`` lists them all with their SHA-256 (its cache is named from that
list), so a visitor's browser never pairs files of two builds. The stages, in
the order ``run.main`` calls them, each in its own module:

* ``precompile`` (with ``stdlib``): Plateau's modules, svgwrite and
  PyScript's package compiled to the vendored Pyodide's bytecode under node
  (``node/precompile.mjs`` running ``in_pyodide/precompile.py``), and the
  runtime's standard library trimmed to the modules the site can import, as
  bytecode (``python_stdlib.zip`` then holds ``.pyc`` files only), the
  modules the start does not import apart from it
  (``static/build/stdlib-later-<hash>.zip``, fetched once the app is ready);
* ``runtime`` (with ``runtime_patches``): ``static/vendor/pyscript-<hash>/``
  and ``static/vendor/pyodide-<v>-<hash>/``, the runtime copied from
  ``node_modules`` (only the files the page loads), patched, its lock file
  without Pyodide's package list;
* ``club_libraries``: ``static/vendor/qrcode-generator-<v>/`` and
  ``static/vendor/jsqr-<v>/``, club mode's QR libraries (drawn and read in
  the page, never fetched from another site);
* ``cards`` (prerender): the games index, each game's opening board drawn by
  the engine (scripts/prerender.py) and made a picture,
  ``static/build/card-<game>-<hash>.png``;
* ``bundles``: ``static/build/plateau-<hash>.bundle``, the ``plateau``
  package (its bytecode in ``__pycache__``, an empty file in each source's
  place), svgwrite (its wheel's files, the same way) and the games index of
  the home screen, as a gzip-compressed zip; written into the interpreter's
  home by the boot module; ``game-<gid>-<hash>.bundle``: each game's package
  and its ``boards/`` files, the same way, fetched when the game is first
  needed or in the background once the app is ready;
  ``plateau-src-<hash>.bundle``: the sources of all those modules, for
  tracebacks, fetched once the app is ready;
* ``snapshot``: ``static/vendor/pyodide-snapshot-<hash>.bin``, the runtime's
  memory once started (``node/snapshot.mjs``), which the boot module restores
  on later visits;
* ``boot``: ``static/build/pyodide-boot-<hash>.mjs``, that module (PyScript's
  interpreter), with ``boot-read-<hash>.mjs``, which reads the bundle in a
  worker;
* ``home`` and ``pages``: ``index.html`` (the home screen already drawn, as
  static HTML from ``templates/``, each game's card with its picture),
  ``pyscript-<hash>.json`` (from pyscript.toml) and ``static/*`` (as
  ``?v=<hash>``);
* ``service_worker``: ``sw.js``, every file above with its SHA-256;
* ``bench``, with ``--bench``: ``bench/bare.html``, the baseline of bench/browser.py.

``common`` and ``compress`` serve them all. The programs the build runs
elsewhere are files of their own: ``node/*.mjs`` (run by node),
``in_pyodide/*.py`` (run inside the vendored Pyodide), ``standins/`` (modules
of the site's standard library) and ``templates/*.html``.
"""
