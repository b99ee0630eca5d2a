#!/usr/bin/env bash
# Every Plateau benchmark, one after the other: the engines natively
# (bench/bench_*.py), then the site in Chromium (bench/browser.py: start-up,
# click to board, Armadora's engine in Pyodide).
# Needs `bash scripts/setup.sh` (the pinned runtime) and Playwright with
# Debian's chromium (`bash scripts/test.sh` installs both).
# Extra arguments go to bench/browser.py's commands (e.g. --chromium PATH).
set -euo pipefail
cd "$(dirname "$0")/.."
export PYTHONPATH=py${PYTHONPATH:+:$PYTHONPATH}

# one build of the working tree, served to every browser benchmark
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
python3 scripts/build.py --out "$TMP/site" --bench >/dev/null

for bench in bench/bench_*.py; do
  echo "=== $bench"
  case "$bench" in
    *_browser.py) python3 "$bench" --site "$TMP/site" ;;
    *) python3 "$bench" ;;
  esac
  echo
done

for cmd in startup firstclick click armadora size; do
  echo "=== bench/browser.py $cmd"
  python3 bench/browser.py "$cmd" --site "$TMP/site" "$@"
  echo
done
