#!/usr/bin/env bash
# Sets everything up and runs every test: the README's test command (.ci/run calls it).
#   1. native release build: unit tests, GPUStack acceptance cases, GGUF estimate checks and the
#      @huggingface/gguf cross-check (all through CTest);
#      plus the explorer app's native headless UI test and app-state tests;
#   2. the browser explorer (build/web) and its browser suites in headless Chromium.
# scripts/test-extended.sh holds the sanitizer, fuzz and native-vs-WASM stages; they are
# not part of this command until they have passed end to end (see the hardening/explorer issues).
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)
scripts/install-deps.sh test
scripts/fetch-imgui.sh   # ImGui sources: the explorer app and its native headless UI test

echo "== native build and tests"
scripts/build-native.sh
ctest --test-dir build --output-on-failure -j"$jobs"

echo "== browser explorer: build/web, then the browser suites in headless Chromium"
scripts/build-web.sh
tests/browser/install.sh
node tests/browser/page_test.js --worker build/web
node tests/browser/explorer_test.js --web build/web
