#!/usr/bin/env bash
# Configures and builds build-fuzz/: the three libFuzzer targets only, for long campaigns. Same clang-14
# and coverage as build-asan/, but UndefinedBehaviorSanitizer (trapping) + LeakSanitizer instead of
# AddressSanitizer, which runs the scenario target several times faster. A finding here is replayed
# in build-asan/ (scripts/build-asan.sh; ./build-asan/fuzz/TARGET crash-...) for ASan's full report.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh test
CXX=${CXX_ASAN:-clang++-14} cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DPLACEMENT_SANITIZE=ON -DPLACEMENT_SANITIZERS=undefined,leak -DPLACEMENT_FUZZ=ON \
  -DPLACEMENT_BUILD_TESTS=OFF >/dev/null
id=$(scripts/code-id.sh)
ninja -C build-fuzz -j"$(nproc)" "$@"
mkdir -p build-fuzz/fuzz && echo "$id" > build-fuzz/fuzz/code-id  # what the ledger names (scripts/fuzz.sh)
