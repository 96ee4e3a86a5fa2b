#!/usr/bin/env bash
# Times the whole CLI process, `placement schedule FILE --json > out`, on the cluster-scale
# scenarios of tests/bench/cluster_scenarios.cpp (1,024 workers × 8 GPUs, about 2,000 instances,
# written by `cluster_bench --write`), and prints one table: per scenario its size, the output's
# size, the median wall and CPU time over ROUNDS runs, and the peak RSS against the memory target
# (2 × scenario + output). Issue 21's targets: whole process ≤ 40 ms, peak RSS within budget.
#   BUILD_DIR (default build-bench), ROUNDS (default 10), CASES (default the three vLLM cases),
#   WORKERS (default 1024), PLACEMENT (a CLI binary to time instead of the built one).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BUILD_DIR:-build-bench}
rounds=${ROUNDS:-10}
cases=${CASES:-vllm_single_gpu vllm_multi_gpu vllm_multi_worker}
workers=${WORKERS:-1024}

cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
ninja -C "$build" -j"${JOBS:-2}" placement cluster_bench >&2
cli=${PLACEMENT:-$build/bin/placement}

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
case_args=()
for c in $cases; do case_args+=(--case "$c"); done
"$build/bin/cluster_bench" --write "$dir" --workers "$workers" "${case_args[@]}" >/dev/null

python3 - "$cli" "$rounds" "$dir"/*.json <<'PY'
import os, statistics, sys, time

cli, rounds, files = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
MB = 1024 * 1024

def run_once(path, out_path):
    """Wall ms, CPU ms and peak RSS (bytes) of one `placement schedule path --json > out_path`."""
    with open(out_path, "wb") as out:
        start = time.perf_counter()
        pid = os.fork()
        if pid == 0:
            os.dup2(out.fileno(), 1)
            os.execv(cli, [cli, "schedule", path, "--json"])
        _, status, usage = os.wait4(pid, 0)
        wall = (time.perf_counter() - start) * 1000
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"bench-cli: {cli} failed on {path}")
    return wall, (usage.ru_utime + usage.ru_stime) * 1000, usage.ru_maxrss * 1024

print(f"CLI: {cli}, {rounds} runs per scenario, medians; load average {os.getloadavg()[0]:.1f}")
print("| scenario | input MB | output MB | wall ms | CPU ms | peak RSS MB | RSS budget MB (2 × input + output) |")
print("|---|---|---|---|---|---|---|")
for path in files:
    out_path = path + ".out"
    runs = [run_once(path, out_path) for _ in range(rounds)]
    size_in, size_out = os.path.getsize(path), os.path.getsize(out_path)
    wall = statistics.median(r[0] for r in runs)
    cpu = statistics.median(r[1] for r in runs)
    rss = max(r[2] for r in runs)
    name = os.path.basename(path)[:-len(".json")]
    print(f"| {name} | {size_in / MB:.2f} | {size_out / MB:.2f} | {wall:.0f} | {cpu:.0f} | {rss / MB:.1f} | "
          f"{(2 * size_in + size_out) / MB:.1f} |")
PY
