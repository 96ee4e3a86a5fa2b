#!/usr/bin/env bash
# Builds the cluster-scale benchmark natively and for WebAssembly, runs both in this one run and
# prints one table: native ms, WASM ms (Node), their ratio, and the growth from 128 to 1,024
# workers, per case (tests/bench/cluster_bench.cpp; README "Performance").
#   NATIVE_DIR (default build-bench), WEB_DIR (default build-web-bench): build directories.
#   NODE_FLAGS (default --no-liftoff, see below): flags for the WASM run under Node.
#   ROUNDS (default 3): runs of each build, alternating; the table shows medians over the rounds.
#   Extra arguments go to both runs, e.g. `scripts/bench.sh --case vllm_single_gpu --budget-ms 200`.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/bench-build.sh cluster_bench cluster_bench_node
native=${NATIVE_DIR:-build-bench}
web=${WEB_DIR:-build-web-bench}

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
# --no-liftoff: V8 compiles every function with its optimising compiler before the first call.
# With its default tiering, functions start as baseline code and are optimised in the background
# when hot; on a busy machine that lands at random moments, and the same decision measured 1.8 ms
# or 31 ms from one run to the next. The steady state is what every later edit in the explorer
# costs. NODE_FLAGS="" measures with the default tiering.
node_flags=${NODE_FLAGS---no-liftoff}
# ROUNDS (default 3): native and WASM runs alternate, round after round, and the table shows each
# figure's median over the rounds. This VM's speed drifts over minutes (other guests); one round
# can fall wholly into a slow spell, three rounds a minute or more apart rarely do.
rounds=${ROUNDS:-3}
native_files="" wasm_files=""
for round in $(seq 1 "$rounds"); do
  echo "bench: round $round/$rounds, native ($native/bin/cluster_bench)" >&2
  "$native/bin/cluster_bench" --tsv "$@" >"$out/native-$round.tsv"
  echo "bench: round $round/$rounds, WASM under Node $(node --version) $node_flags ($web/node/cluster_bench_node.js)" >&2
  # shellcheck disable=SC2086  # the flags are words
  node $node_flags "$web/node/cluster_bench_node.js" --tsv "$@" >"$out/wasm-$round.tsv"
  native_files+="${native_files:+,}$out/native-$round.tsv"
  wasm_files+="${wasm_files:+,}$out/wasm-$round.tsv"
done
"$native/bin/cluster_bench" --table "$native_files" "$wasm_files"
