#!/usr/bin/env bash
# Stages that will join scripts/test.sh once each has passed end to end on a clean machine:
# the whole suite under ASan + UBSan, short fuzz runs, and native-vs-WASM byte-identical results. Not yet verified together.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)
scripts/install-deps.sh test

echo "== the whole native suite under AddressSanitizer + UndefinedBehaviorSanitizer (clang-14)"
scripts/test-sanitizers.sh

echo "== fuzz targets: a short fixed run each (long runs: scripts/fuzz.sh --seconds S)"
scripts/fuzz.sh --runs "${PE_FUZZ_RUNS:-20000}"

echo "== same answer everywhere: every acceptance case and example, native CLI vs WASM under Node"
NODE_PATH=/usr/share/nodejs ninja -C build-web -j"$jobs" placement_node
node tests/wasm/compare_native_wasm.js build/bin/placement build-web/node/placement_node.js \
  tests/cases/gpustack examples/scenarios
