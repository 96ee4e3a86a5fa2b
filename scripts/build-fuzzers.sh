#!/usr/bin/env bash
# Builds the libFuzzer target of the GGUF header reader with clang-14 (ASan + UBSan) into
# build-fuzz/, with a seed corpus made from the GGUF fixtures (their headers: the tensor data is
# never read). usage: scripts/build-fuzzers.sh [--run RUNS]
#   --run RUNS   then fuzz for RUNS executions (e.g. 200000) on a scratch copy of the seeds
set -euo pipefail
cd "$(dirname "$0")/.."
out=build-fuzz
cxx=${CXX_FUZZ:-clang++-14}
runs=""
if [ "${1:-}" = "--run" ]; then runs=${2:?--run needs a count}; fi

mkdir -p "$out"
sources=(core/gguf/reader.cpp core/gguf/gguf_file.cpp core/gguf/ggml_types.cpp core/gguf/gguf_json.cpp
         core/gguf/split_files.cpp)
"$cxx" -std=c++20 -O1 -g -fno-omit-frame-pointer -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
  -Icore tests/fuzz/gguf_reader_fuzz.cpp "${sources[@]}" -o "$out/gguf_reader_fuzz"

# Seeds: the small fixtures whole, the large ones cut after their tensor infos would be too big
# to mutate quickly, so only the split shards that hold no vocabulary are added.
seeds="$out/gguf_seed_corpus"
rm -rf "$seeds"
mkdir -p "$seeds"
for f in tests/data/gguf/real/format-*.gguf tests/data/gguf/malformed/*.gguf \
         tests/data/gguf/models/qwen2.5-7b-instruct-q8_0-0000[23]-of-00003.gguf; do
  # Keep each header and a little of the data after it.
  head -c 16384 "$f" > "$seeds/$(basename "$f")"
done
echo "built $out/gguf_reader_fuzz, $(ls "$seeds" | wc -l) seeds in $seeds"

if [ -n "$runs" ]; then
  work="$out/gguf_corpus"
  mkdir -p "$work"
  "$out/gguf_reader_fuzz" -runs="$runs" -max_len=16384 -rss_limit_mb=2048 -print_final_stats=1 "$work" "$seeds"
fi
