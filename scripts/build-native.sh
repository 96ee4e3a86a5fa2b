#!/usr/bin/env bash
# Configures and builds the native targets (core, the `placement` CLI, tests) into build/.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
ninja -C build -j"$(nproc)"
