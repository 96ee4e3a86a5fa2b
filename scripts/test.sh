#!/usr/bin/env bash
# Sets everything up and runs every test: the README's test command (.ci/run calls it).
#   1. native release build: unit tests, GPUStack acceptance cases, GGUF estimate checks and the
#      @huggingface/gguf cross-check (all through CTest);
#   2. the GGUF reader built with AddressSanitizer + UndefinedBehaviorSanitizer (the libFuzzer
#      target): every fixture, real and malformed, read once with no report, then a short fuzz run
#      (longer runs: scripts/build-fuzzers.sh --run N). The whole suite under sanitizers is
#      scripts/test-sanitizers.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)
scripts/install-deps.sh test

echo "== native build and tests"
scripts/build-native.sh
ctest --test-dir build --output-on-failure -j"$jobs"

echo "== GGUF reader under ASan + UBSan: every fixture once, then a short fuzz run"
scripts/build-fuzzers.sh
build-fuzz/gguf_reader_fuzz tests/data/gguf/real/*.gguf tests/data/gguf/malformed/*.gguf tests/data/gguf/models/*.gguf
scripts/build-fuzzers.sh --run 20000
