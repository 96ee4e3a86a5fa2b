#!/usr/bin/env bash
# Sets everything up and runs every test: the README's test command (.ci/run calls it).
#   1. native release build: unit tests, GPUStack acceptance cases, GGUF estimate checks, the
#      @huggingface/gguf cross-check, the explorer app's headless UI and app-state tests (CTest);
#   2. the same whole native suite again under AddressSanitizer + UndefinedBehaviorSanitizer
#      (clang-14, build-asan/); any sanitizer report fails the run;
#   3. each libFuzzer target for a short, fixed number of executions (PE_FUZZ_RUNS, default 20000;
#      long runs: scripts/fuzz.sh --seconds S);
#   4. the browser explorer (build/web) and its browser suites in headless Chromium;
#   5. same answer everywhere: every acceptance case and example through the native CLI and the
#      WASM module under Node, byte-identical.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)
scripts/install-deps.sh test
scripts/fetch-imgui.sh   # ImGui sources: the explorer app and its native headless UI test

echo "== 1. native build and tests"
scripts/build-native.sh
ctest --test-dir build --output-on-failure -j"$jobs"

echo "== 2. the whole native suite under AddressSanitizer + UndefinedBehaviorSanitizer"
scripts/test-sanitizers.sh

echo "== 3. fuzz targets, a short fixed run each"
PE_FUZZ_NO_BUILD=1 scripts/fuzz.sh --runs "${PE_FUZZ_RUNS:-20000}"   # built by stage 2

echo "== 4. browser explorer: build/web, then the browser suites in headless Chromium"
scripts/build-web.sh
tests/browser/install.sh
# Every suite: page_test.js, embed_export_test.js and explorer_*_test.js (one per feature).
for suite in tests/browser/*_test.js; do
  echo "-- $suite"
  node "$suite" --web build/web
done

echo "== 5. same answer everywhere: native CLI vs WASM under Node"
scripts/compare-native-wasm.sh
