#!/usr/bin/env bash
# Runs the libFuzzer targets on seed corpora made from the test fixtures and examples.
#   scripts/fuzz.sh --runs N [TARGET...]     N executions per target (CI: scripts/test.sh)
#   scripts/fuzz.sh --seconds S [TARGET...]  S seconds per target
#   scripts/fuzz.sh --total N [TARGET...]    runs of at most 30 minutes until the ledger holds N
#                                            executions of the current code per target
# Targets: gguf_reader_fuzz scenario_fuzz fragment_fuzz json_scan_fuzz estimate_memo_fuzz (default: all).
# PE_FUZZ_BUILD picks the build: asan (default; scripts/build-asan.sh, build-asan/fuzz/: ASan + UBSan
# + LSan) or campaign (scripts/build-fuzz-campaign.sh, build-fuzz/fuzz/: UBSan traps + LSan, faster).
# Findings stop the script and leave the input in that folder (crash-*, leak-*, timeout-*; the log is
# TARGET-PID.log). Every finished run appends a line to the folder's ledger.tsv: when, which code
# (git trees of core/ and tests/fuzz/, "+dirty" if edited, as the build stamped it in code-id),
# target, executions, seconds.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-}
count=${2:-}
case "$mode" in
  --runs | --seconds | --total) [[ "$count" =~ ^[1-9][0-9]*$ ]] || { echo "fuzz: $mode needs a positive count" >&2; exit 2; }; shift 2 ;;
  *) echo "usage: scripts/fuzz.sh --runs N | --seconds S | --total N [TARGET...]" >&2; exit 2 ;;
esac
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(gguf_reader_fuzz scenario_fuzz fragment_fuzz json_scan_fuzz estimate_memo_fuzz)
# PE_FUZZ_NO_BUILD=1: the targets are built already (lets several fuzz.sh runs share one build).
case "${PE_FUZZ_BUILD:-asan}" in
  asan) build_script=scripts/build-asan.sh out=build-asan/fuzz ;;
  campaign) build_script=scripts/build-fuzz-campaign.sh out=build-fuzz/fuzz ;;
  *) echo "fuzz: PE_FUZZ_BUILD must be asan or campaign" >&2; exit 2 ;;
esac
[ "${PE_FUZZ_NO_BUILD:-0}" = 1 ] || "$build_script" "${targets[@]}"

# The code the binaries were built from, as the build stamped it; HEAD may have moved since (a
# stamp-less build folder is from before stamps: HEAD's id, as then).
code=$(cat "$out/code-id" 2>/dev/null || scripts/code-id.sh)
head_code=$(scripts/code-id.sh)
[ "$code" = "$head_code" ] || echo "fuzz: the binaries in $out were built from code $code; HEAD is $head_code (rebuild to fuzz it)" >&2
ledger_total() {  # executions of TARGET on the current code so far
  awk -F'\t' -v t="$1" -v c="$code" '$2 == c && $3 == t { n += $4 } END { print n + 0 }' "$out/ledger.tsv"
}

seed_dir() {
  local target=$1 dir=$out/seeds-$1-$$
  rm -rf "$dir"
  mkdir -p "$dir"
  case "$target" in
    gguf_reader_fuzz)
      # Headers plus a little data: the tensor data itself is never read.
      for f in tests/data/gguf/real/*.gguf tests/data/gguf/malformed/*.gguf \
               tests/data/gguf/models/qwen2.5-7b-instruct-q8_0-0000[23]-of-00003.gguf; do
        head -c 16384 "$f" > "$dir/$(basename "$f")"
      done ;;
    scenario_fuzz)
      cp tests/cases/gpustack/*.json examples/scenarios/*.json "$dir"/ ;;
    json_scan_fuzz)
      # Small documents: the reader's paths, not the size of big scenarios, are what it explores.
      cp tests/cases/gpustack/*.json "$dir"/ ;;
    estimate_memo_fuzz)
      # Memos the worker would send: a small GGUF search's, one incomplete, one empty.
      cp tests/fuzz/seeds/estimate_memo_fuzz/* "$dir"/ ;;
    fragment_fuzz)
      python3 - "$dir" examples/scenarios/*.json <<'PY'
import base64, sys, zlib, pathlib
out = pathlib.Path(sys.argv[1])
for i, name in enumerate(sys.argv[2:]):
    text = pathlib.Path(name).read_bytes()
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = c.compress(text) + c.flush()
    link = b"v1." + base64.urlsafe_b64encode(raw).rstrip(b"=")
    (out / f"link-{i}").write_bytes(b"\x00" + link)
    (out / f"deflate-{i}").write_bytes(b"\x01" + raw)
    (out / f"text-{i}").write_bytes(b"\x02" + text[:4096])
PY
      ;;
  esac
  # Inputs that once failed stay in every run (tests/fuzz/regressions/TARGET/).
  if [ -d "tests/fuzz/regressions/$target" ]; then cp tests/fuzz/regressions/"$target"/* "$dir"/; fi
  echo "$dir"
}

# Long campaigns may pass lighter options (e.g. malloc_context_size=5) through the environment.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
[ -f "$out/ledger.tsv" ] || printf 'finished\tcode\ttarget\texecutions\tseconds\n' > "$out/ledger.tsv"
# Per-process seed folders and logs: several runs of one target may share its corpus (libFuzzer
# only adds files to it).
trap 'rm -rf "$out"/seeds-*-$$' EXIT

run_once() {  # TARGET LIBFUZZER-LIMIT...
  local target=$1 seeds log rc=0 started=$SECONDS
  shift
  seeds=$(seed_dir "$target")
  log=$out/$target-$$.log
  mkdir -p "$out/corpus-$target"
  echo "== $target $*"
  (cd "$out" && "./$target" "$@" -max_len=65536 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
      "corpus-$target" "$(basename "$seeds")") >"$log" 2>&1 || rc=$?
  grep -E "^(stat::number_of_executed_units|stat::peak_rss_mb|#[0-9]+ +DONE)|ERROR|SUMMARY|Test unit written" "$log" || true
  # A finding writes an artifact and exits non-zero; a run that never got going has no stats.
  if [ "$rc" -ne 0 ] || ls "$out"/crash-* "$out"/leak-* "$out"/timeout-* "$out"/oom-* >/dev/null 2>&1 \
     || ! grep -q "^stat::number_of_executed_units" "$log"; then
    echo "fuzz: $target failed (exit $rc; log $log): $(ls "$out"/crash-* "$out"/leak-* "$out"/timeout-* "$out"/oom-* 2>/dev/null)" >&2
    tail -n 40 "$log" >&2
    exit 1
  fi
  printf '%s\t%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$code" "$target" \
    "$(sed -n 's/^stat::number_of_executed_units: //p' "$log")" $((SECONDS - started)) >> "$out/ledger.tsv"
  rm -f "$log"  # kept only when something failed
}

for target in "${targets[@]}"; do
  case "$mode" in
    --runs) run_once "$target" -runs="$count" ;;
    --seconds) run_once "$target" -max_total_time="$count" ;;
    --total)
      while done_runs=$(ledger_total "$target") && [ "$done_runs" -lt "$count" ]; do
        echo "-- $target: $done_runs of $count executions on code $code"
        run_once "$target" -runs=$((count - done_runs)) -max_total_time=1800
      done
      echo "-- $target: $(ledger_total "$target") executions on code $code" ;;
  esac
done
