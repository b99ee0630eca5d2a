#!/usr/bin/env bash
# Fetch the pinned runtime (npm), the svgwrite wheel and the build's own tools (PyPI), then build site/.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m pip install --quiet --disable-pip-version-check -r requirements-build.txt
npm ci --no-audit --no-fund --ignore-scripts --loglevel=error
mkdir -p static/vendor
if [ ! -f static/vendor/svgwrite-1.4.3-py3-none-any.whl ]; then
  python3 -m pip download --quiet --no-deps --only-binary=:all: -d static/vendor svgwrite==1.4.3
fi
python3 scripts/build.py
