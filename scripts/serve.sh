#!/usr/bin/env bash
# Set up, build and serve Plateau at http://127.0.0.1:8000/
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec python3 scripts/serve.py --dir site --port "${PORT:-8000}"
