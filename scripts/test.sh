#!/usr/bin/env bash
# Install what the tests need on a fresh Debian machine, build the site, run every test.
# Extra arguments go to pytest (e.g. `bash scripts/test.sh -m "not browser"`).
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
python3 -m pytest "$@"
