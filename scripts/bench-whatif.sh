#!/usr/bin/env bash
# Builds the what-if benchmark (tests/bench/whatif_bench.cpp) natively and for WebAssembly, runs
# both and prints their tables: capacity up to 256 replicas and advice at 128 and 1,024 workers ×
# 8 GPUs against the targets in README "Performance".
#   NATIVE_DIR (default build-bench), WEB_DIR (default build-web-bench), JOBS (default 2).
#   NODE_FLAGS (default --no-liftoff, as scripts/bench.sh). Extra arguments go to both runs.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/bench-build.sh whatif_bench whatif_bench_node
native=${NATIVE_DIR:-build-bench}
web=${WEB_DIR:-build-web-bench}
"$native/bin/whatif_bench" "$@"
# shellcheck disable=SC2086  # the flags are words
node ${NODE_FLAGS---no-liftoff} "$web/node/whatif_bench_node.js" "$@" | tail -n +3
