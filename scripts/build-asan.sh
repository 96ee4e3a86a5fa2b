#!/usr/bin/env bash
# Configures and builds build-asan/: the whole native project (core, CLI, unit and UI tests) plus the
# libFuzzer targets, with clang-14, AddressSanitizer + UndefinedBehaviorSanitizer and coverage
# instrumentation. Shared by scripts/test-sanitizers.sh and scripts/fuzz.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh test
CXX=${CXX_ASAN:-clang++-14} cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DPLACEMENT_SANITIZE=ON -DPLACEMENT_FUZZ=ON >/dev/null
id=$(scripts/code-id.sh)
ninja -C build-asan -j"$(nproc)" "$@"
mkdir -p build-asan/fuzz && echo "$id" > build-asan/fuzz/code-id  # what the ledger names (scripts/fuzz.sh)
