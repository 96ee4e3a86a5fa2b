#!/usr/bin/env bash
# Sets everything up and runs every test: the README's test command (.ci/run calls it).
#   1. native release build: unit tests, GPUStack acceptance cases, GGUF estimate checks and the
#      @huggingface/gguf cross-check (all through CTest);
#   2. the same suite again under AddressSanitizer + UndefinedBehaviorSanitizer;
#   3. a short libFuzzer run of the GGUF reader (longer runs: scripts/build-fuzzers.sh --run N).
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)
scripts/install-deps.sh test

echo "== native build and tests"
scripts/build-native.sh
ctest --test-dir build --output-on-failure -j"$jobs"

echo "== sanitizer build (ASan + UBSan) and tests"
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPLACEMENT_SANITIZE=ON >/dev/null
ninja -C build-asan -j"$jobs"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --test-dir build-asan --output-on-failure -j"$jobs"

echo "== fuzz smoke run (GGUF reader)"
scripts/build-fuzzers.sh --run 20000
