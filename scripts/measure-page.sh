#!/usr/bin/env bash
# Measures the browser explorer in headless Chromium on loopback (issue 5): time to the first
# interactive frame, UI CPU per frame with 256 workers, and the size of the .wasm and .js files.
#   scripts/measure-page.sh [WEB_DIR]   (default build/web; built by scripts/build-web.sh if missing)
set -euo pipefail
cd "$(dirname "$0")/.."
web=${1:-build/web}
[ -f "$web/explorer.js" ] || scripts/build-web.sh
scripts/install-deps.sh test
tests/browser/install.sh
node tests/browser/measure_page.js "$web"
