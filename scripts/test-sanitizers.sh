#!/usr/bin/env bash
# The whole native test suite under AddressSanitizer + UndefinedBehaviorSanitizer (build-asan/).
# Part of the README's test command (scripts/test.sh). Any sanitizer report fails the run.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build-asan.sh
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:halt_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
ctest --test-dir build-asan --output-on-failure -j"$(nproc)"
