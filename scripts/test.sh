#!/usr/bin/env bash
# Sets everything up and runs every test: unit tests, GPUStack acceptance cases, GGUF estimate
# checks (all through CTest). The README's test command; .ci/run calls it.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh test
scripts/build-native.sh
ctest --test-dir build --output-on-failure -j"$(nproc)"
