#!/usr/bin/env bash
# Fetch the pinned runtime (npm), the svgwrite wheel and the build's own tools (PyPI), then build site/.
set -euo pipefail
cd "$(dirname "$0")/.."
# the build's own tools in .tools/ (not in the system's Python), again when their list changes
if ! cmp -s requirements-build.txt .tools/requirements-build.txt; then
  rm -rf .tools
  python3 -m pip install --quiet --disable-pip-version-check --target .tools -r requirements-build.txt
  cp requirements-build.txt .tools/
fi
npm ci --no-audit --no-fund --ignore-scripts --loglevel=error
mkdir -p static/vendor
if [ ! -f static/vendor/svgwrite-1.4.3-py3-none-any.whl ]; then
  python3 -m pip download --quiet --no-deps --only-binary=:all: -d static/vendor svgwrite==1.4.3
fi
python3 scripts/build.py
