#!/usr/bin/env bash
# Install what the tests need on a fresh Debian machine, build the site, run every test.
# Extra arguments go to pytest (e.g. `bash scripts/test.sh -m "not browser"`, or `-n 0` for one process).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  fi
fi
python3 -m pip install --quiet --disable-pip-version-check -r requirements-test.txt
bash scripts/setup.sh
# The tests use the site setup.sh has just built (copied, not built again) and run on two
# processes (pytest-xdist), a test file's tests together on one; `-n 0` runs them in this one.
PLATEAU_SITE="$PWD/site" python3 -m pytest -n "${PLATEAU_TEST_WORKERS:-2}" --dist loadfile --no-loadscope-reorder "$@"
