// One benchmark measurement (a case at one size) as a table row, its TSV form (what each build
// prints with --tsv), and the merged native-vs-WASM table that scripts/bench.sh shows.
#pragma once

#include <cstdint>
#include <string>

namespace placement::bench {

struct BenchRow {
  std::string name;
  int workers = 0;
  long long instances = 0;
  double load_ms = 0, decide_ms = 0, render_ms = 0;
  std::string strategy;
  long long candidates = 0, selected = -1, estimator_calls = 0, caps = 0, json_bytes = 0;
  std::uint64_t checksum = 0;

  static std::string header();      // for to_text()
  static std::string tsv_header();  // first line of a TSV file
  std::string to_text() const;
  std::string to_tsv() const;
  static bool from_tsv(const std::string& line, BenchRow& row);  // false for the header or junk
};

// Reads both TSV files and prints one table (native ms, wasm ms, ratio, growth 128 → 1,024) with
// the targets checked; 1 when a file cannot be read or the two builds decided differently.
// Either argument may list several rounds' files, comma-separated: times are their medians.
int print_comparison(const std::string& native_tsv, const std::string& wasm_tsv);

}  // namespace placement::bench
