#!/usr/bin/env bash
# Runs the libFuzzer targets on seed corpora made from the test fixtures and examples.
#   scripts/fuzz.sh --runs N [TARGET...]     N executions per target (CI: scripts/test.sh)
#   scripts/fuzz.sh --seconds S [TARGET...]  S seconds per target (long runs: see README)
# Targets: gguf_reader_fuzz scenario_fuzz fragment_fuzz (default: all).
# PE_FUZZ_BUILD picks the build: asan (default; scripts/build-asan.sh, build-asan/fuzz/: ASan + UBSan
# + LSan) or campaign (scripts/build-fuzz-campaign.sh, build-fuzz/fuzz/: UBSan traps + LSan, faster).
# Findings stop the run and leave the input in that folder (crash-*, leak-*, timeout-*). Every
# finished run appends a line to its folder's ledger.tsv: when, which code (the git tree of core/
# and tests/fuzz/, "+dirty" if edited), target, executions, seconds — long campaigns sum it.
set -euo pipefail
cd "$(dirname "$0")/.."
limit=()
case "${1:-}" in
  --runs) limit=(-runs="${2:?--runs needs a count}"); shift 2 ;;
  --seconds) limit=(-max_total_time="${2:?--seconds needs a count}"); shift 2 ;;
  *) echo "usage: scripts/fuzz.sh --runs N | --seconds S [TARGET...]" >&2; exit 2 ;;
esac
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(gguf_reader_fuzz scenario_fuzz fragment_fuzz)
# PE_FUZZ_NO_BUILD=1: the targets are built already (lets several fuzz.sh runs share one build).
case "${PE_FUZZ_BUILD:-asan}" in
  asan) build_script=scripts/build-asan.sh out=build-asan/fuzz ;;
  campaign) build_script=scripts/build-fuzz-campaign.sh out=build-fuzz/fuzz ;;
  *) echo "fuzz: PE_FUZZ_BUILD must be asan or campaign" >&2; exit 2 ;;
esac
[ "${PE_FUZZ_NO_BUILD:-0}" = 1 ] || "$build_script" "${targets[@]}"

code_id() {
  local id
  id=$(git rev-parse --short=12 HEAD:core 2>/dev/null)/$(git rev-parse --short=12 HEAD:tests/fuzz 2>/dev/null) || id=unknown
  git diff --quiet HEAD -- core tests/fuzz 2>/dev/null || id+="+dirty"
  echo "$id"
}

seed_dir() {
  local target=$1 dir=$out/seeds-$1
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

# Long campaigns may pass lighter options (e.g. malloc_context_size=0) through the environment.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
[ -f "$out/ledger.tsv" ] || printf 'finished\tcode\ttarget\texecutions\tseconds\n' > "$out/ledger.tsv"
for target in "${targets[@]}"; do
  seeds=$(seed_dir "$target")
  corpus=$out/corpus-$target
  log=$out/$target.log
  mkdir -p "$corpus"
  echo "== $target ${limit[*]}"
  rc=0 started=$SECONDS
  (cd "$out" && "./$target" "${limit[@]}" -max_len=65536 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
      "corpus-$target" "seeds-$target") >"$log" 2>&1 || rc=$?
  grep -E "^(stat::number_of_executed_units|stat::peak_rss_mb|#[0-9]+ +DONE)|ERROR|SUMMARY|Test unit written" "$log" || true
  # A finding writes an artifact and exits non-zero; a run that never got going has no stats.
  if [ "$rc" -ne 0 ] || ls "$out"/crash-* "$out"/leak-* "$out"/timeout-* "$out"/oom-* >/dev/null 2>&1 \
     || ! grep -q "^stat::number_of_executed_units" "$log"; then
    echo "fuzz: $target failed (exit $rc; log $log): $(ls "$out"/crash-* "$out"/leak-* "$out"/timeout-* "$out"/oom-* 2>/dev/null)" >&2
    tail -n 40 "$log" >&2
    exit 1
  fi
  printf '%s\t%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$(code_id)" "$target" \
    "$(sed -n 's/^stat::number_of_executed_units: //p' "$log")" $((SECONDS - started)) >> "$out/ledger.tsv"
done
