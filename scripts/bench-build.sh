#!/usr/bin/env bash
# Builds one benchmark natively and for WebAssembly (used by scripts/bench.sh and bench-whatif.sh).
#   scripts/bench-build.sh NATIVE_TARGET WEB_TARGET
#   NATIVE_DIR (default build-bench), WEB_DIR (default build-web-bench), JOBS (default 2).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh native web
export NODE_PATH=/usr/share/nodejs   # emcc's own Node tools need acorn (toolchain.md, trap 1)
cmake -S . -B "${NATIVE_DIR:-build-bench}" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
ninja -C "${NATIVE_DIR:-build-bench}" -j"${JOBS:-2}" "$1"
emcmake cmake -S . -B "${WEB_DIR:-build-web-bench}" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
ninja -C "${WEB_DIR:-build-web-bench}" -j"${JOBS:-2}" "$2"
