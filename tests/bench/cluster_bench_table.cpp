#include "cluster_bench_table.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <vector>

namespace placement::bench {

namespace {

std::vector<std::string> split_tabs(const std::string& line) {
  std::vector<std::string> out;
  std::string field;
  std::istringstream in(line);
  while (std::getline(in, field, '\t')) out.push_back(field);
  return out;
}

std::vector<BenchRow> read_rows(const std::string& path, bool& ok) {
  std::ifstream in(path);
  ok = static_cast<bool>(in);
  std::vector<BenchRow> rows;
  std::string line;
  while (std::getline(in, line)) {
    BenchRow row;
    if (BenchRow::from_tsv(line, row)) rows.push_back(row);
  }
  return rows;
}

const BenchRow* find_row(const std::vector<BenchRow>& rows, const std::string& name, int workers) {
  for (const BenchRow& r : rows)
    if (r.name == name && r.workers == workers) return &r;
  return nullptr;
}

double median_of(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

// Several rounds of one build (comma-separated files): each row's times become the median over
// the rounds that have it; a checksum that differs between rounds is reported and kept as 0.
std::vector<BenchRow> read_rounds(const std::string& paths, bool& ok) {
  std::vector<std::vector<BenchRow>> rounds;
  std::stringstream list(paths);
  std::string path;
  ok = true;
  while (std::getline(list, path, ',')) {
    bool read = false;
    rounds.push_back(read_rows(path, read));
    ok = ok && read;
  }
  if (!ok || rounds.empty()) return {};
  std::vector<BenchRow> merged = rounds.front();
  for (BenchRow& row : merged) {
    std::vector<double> load, decide, render;
    for (const auto& round : rounds) {
      const BenchRow* r = find_row(round, row.name, row.workers);
      if (!r) continue;
      load.push_back(r->load_ms);
      decide.push_back(r->decide_ms);
      render.push_back(r->render_ms);
      if (r->checksum != row.checksum) {
        std::fprintf(stderr, "cluster_bench --table: %s at %d workers decided differently between rounds\n", row.name.c_str(), row.workers);
        row.checksum = 0;
      }
    }
    row.load_ms = median_of(load);
    row.decide_ms = median_of(decide);
    row.render_ms = median_of(render);
  }
  return merged;
}

// The targets for decision time (native), by case and size; 0 = none.
double target_ms(const BenchRow& r) {
  if (r.name.rfind("vllm_", 0) == 0 && r.workers == 1024) return 5;
  if (r.name == "gguf_distributed_partial" && r.workers == 64) return 50;
  return 0;
}

}  // namespace

std::string BenchRow::header() {
  char buf[256];
  std::snprintf(buf, sizeof buf, "%-25s %7s %6s %-24s %6s %6s %10s %10s %10s %9s %4s", "case", "workers", "inst", "strategy",
                "cands", "est", "load ms", "decide ms", "render ms", "json KiB", "caps");
  return buf;
}

std::string BenchRow::to_text() const {
  char buf[256];
  std::snprintf(buf, sizeof buf, "%-25s %7d %6lld %-24s %6lld %6lld %10.3f %10.3f %10.3f %9lld %4lld", name.c_str(), workers,
                instances, strategy.c_str(), candidates, estimator_calls, load_ms, decide_ms, render_ms, json_bytes / 1024, caps);
  return buf;
}

std::string BenchRow::tsv_header() {
  return "case\tworkers\tinstances\tload_ms\tdecide_ms\trender_ms\tstrategy\tcandidates\tselected\testimator_calls\tcaps\tjson_"
         "bytes\tchecksum";
}

std::string BenchRow::to_tsv() const {
  char buf[512];
  std::snprintf(buf, sizeof buf, "%s\t%d\t%lld\t%.4f\t%.4f\t%.4f\t%s\t%lld\t%lld\t%lld\t%lld\t%lld\t%016" PRIx64, name.c_str(), workers,
                instances, load_ms, decide_ms, render_ms, strategy.c_str(), candidates, selected, estimator_calls, caps, json_bytes,
                checksum);
  return buf;
}

bool BenchRow::from_tsv(const std::string& line, BenchRow& row) {
  const std::vector<std::string> f = split_tabs(line);
  if (f.size() != 13 || f[0] == "case") return false;
  try {
    row.name = f[0];
    row.workers = std::stoi(f[1]);
    row.instances = std::stoll(f[2]);
    row.load_ms = std::stod(f[3]);
    row.decide_ms = std::stod(f[4]);
    row.render_ms = std::stod(f[5]);
    row.strategy = f[6];
    row.candidates = std::stoll(f[7]);
    row.selected = std::stoll(f[8]);
    row.estimator_calls = std::stoll(f[9]);
    row.caps = std::stoll(f[10]);
    row.json_bytes = std::stoll(f[11]);
    row.checksum = std::stoull(f[12], nullptr, 16);
  } catch (const std::exception&) {
    return false;
  }
  return true;
}

int print_comparison(const std::string& native_tsv, const std::string& wasm_tsv) {
  bool native_ok = false, wasm_ok = false;
  const std::vector<BenchRow> native = read_rounds(native_tsv, native_ok);
  const std::vector<BenchRow> wasm = read_rounds(wasm_tsv, wasm_ok);
  if (!native_ok || !wasm_ok || native.empty()) {
    std::fprintf(stderr, "cluster_bench --table: cannot read %s\n", !native_ok || native.empty() ? native_tsv.c_str() : wasm_tsv.c_str());
    return 1;
  }
  std::printf("%-25s %7s %6s %-24s %6s %6s | %10s %10s | %10s %10s | %6s %6s | %7s %7s | %s\n", "case", "workers", "inst",
              "strategy", "cands", "est", "native ms", "render ms", "wasm ms", "render ms", "ratio", "r.rend", "growth", "g.wasm",
              "targets");
  int mismatches = 0, misses = 0;
  for (const BenchRow& n : native) {
    const BenchRow* w = find_row(wasm, n.name, n.workers);
    std::string notes;
    double ratio = 0, render_ratio = 0;
    if (w) {
      ratio = n.decide_ms > 0 ? w->decide_ms / n.decide_ms : 0;
      render_ratio = n.render_ms > 0 ? w->render_ms / n.render_ms : 0;
      if (w->checksum != n.checksum) notes += " RESULT-DIFFERS", ++mismatches;
      if (ratio > 2) notes += " wasm>2x", ++misses;
    } else {
      notes += " no-wasm-row";
    }
    const double target = target_ms(n);
    if (target > 0) {
      char t[64];
      std::snprintf(t, sizeof t, " %s<=%gms", n.decide_ms <= target ? "ok" : "MISS", target);
      notes += t;
      if (n.decide_ms > target) ++misses;
    }
    char growth[16] = "", growth_wasm[16] = "";
    if (n.workers == 1024) {
      const BenchRow* n128 = find_row(native, n.name, 128);
      if (n128 && n128->decide_ms > 0) {
        const double g = n.decide_ms / n128->decide_ms;
        std::snprintf(growth, sizeof growth, "%.1fx", g);
        if (g > 10) notes += " growth>10x", ++misses;
      }
      const BenchRow* w128 = find_row(wasm, n.name, 128);
      if (w && w128 && w128->decide_ms > 0) std::snprintf(growth_wasm, sizeof growth_wasm, "%.1fx", w->decide_ms / w128->decide_ms);
    }
    char wasm_decide[16] = "-", wasm_render[16] = "-", ratio_text[16] = "-", render_ratio_text[16] = "-";
    if (w) {
      std::snprintf(wasm_decide, sizeof wasm_decide, "%.3f", w->decide_ms);
      std::snprintf(wasm_render, sizeof wasm_render, "%.3f", w->render_ms);
      std::snprintf(ratio_text, sizeof ratio_text, "%.2f", ratio);
      std::snprintf(render_ratio_text, sizeof render_ratio_text, "%.2f", render_ratio);
    }
    std::printf("%-25s %7d %6lld %-24s %6lld %6lld | %10.3f %10.3f | %10s %10s | %6s %6s | %7s %7s |%s\n", n.name.c_str(), n.workers,
                n.instances, n.strategy.c_str(), n.candidates, n.estimator_calls, n.decide_ms, n.render_ms, wasm_decide, wasm_render,
                ratio_text, render_ratio_text, growth, growth_wasm, notes.c_str());
  }
  if (native_tsv.find(',') != std::string::npos)
    std::printf("\nEach figure is the median over the rounds of its build's median.");
  std::printf("\nms = median per decision; decide = schedule() incl. the trace (typed), render = result+trace to JSON text.\n"
              "ratio = wasm/native decide; growth = decide at 1,024 workers / at 128. est = estimator calls.\n");
  if (mismatches) std::printf("%d case(s) where native and WASM results differ\n", mismatches);
  std::printf("targets missed: %d\n", misses);
  return mismatches ? 1 : 0;
}

}  // namespace placement::bench
