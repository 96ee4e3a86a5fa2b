#!/usr/bin/env bash
# Same answer everywhere (hardening issue, item 5): every acceptance case and example goes through
# the native CLI (build/bin/placement) and through the WASM core under Node (placement_node); the
# result JSON must be byte-identical. Needs scripts/build-native.sh first; builds placement_node.
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=/usr/share/nodejs   # emcc's own Node tools need acorn (toolchain.md, trap 1)
build=${BUILD_DIR:-build-web}
[ -x build/bin/placement ] || { echo "compare-native-wasm: build/bin/placement is missing (scripts/build-native.sh)" >&2; exit 1; }
emcmake cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
ninja -C "$build" -j"$(nproc)" placement_node
node tests/wasm/compare_native_wasm.js build/bin/placement "$build/node/placement_node.js" \
  tests/cases/gpustack examples/scenarios
