#!/usr/bin/env bash
# Measures the browser explorer in headless Chromium on loopback (issue 5): time to the first
# interactive frame, UI CPU per frame with 256 workers, the size of the .wasm and .js files, and
# (issue 21) import and edit times of the 1,024- and 128-worker benchmark clusters.
#   scripts/measure-page.sh [WEB_DIR]   (default build/web; built by scripts/build-web.sh if missing)
set -euo pipefail
cd "$(dirname "$0")/.."
web=${1:-build/web}
[ -f "$web/explorer.js" ] || scripts/build-web.sh
scripts/install-deps.sh test
tests/browser/install.sh
# The benchmark clusters are written by the native cluster_bench (tests/bench/cluster_scenarios.cpp).
if [ ! -x build/bin/cluster_bench ]; then
  cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
  ninja -C build cluster_bench
fi
node tests/browser/measure_page.js "$web"
