#!/usr/bin/env bash
# The whole native test suite built with AddressSanitizer + UndefinedBehaviorSanitizer (build-asan/).
# About half an hour on two cores; not yet part of scripts/test.sh (see the hardening issue).
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)
scripts/install-deps.sh native
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPLACEMENT_SANITIZE=ON >/dev/null
ninja -C build-asan -j"$jobs"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --test-dir build-asan --output-on-failure -j"$jobs"
