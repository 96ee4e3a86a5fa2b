// cluster_bench: the scheduler at cluster scale (issue 5). For every case of cluster_scenarios.h
// and every size it generates the scenario (fixed seeds), then times, separately:
//   load     scenario text → Scenario (load_scenario_text)
//   decide   schedule(Scenario): filters, fit, scoring, pick — every datum of the trace included
//            (bulky lists kept typed until the trace is read)
//   render   result + trace → JSON text (write_schedule_result_text, what the CLI and
//            schedule_json print: the typed lists write their text directly)
// Each figure is the median of repeats. The same program builds natively and for WebAssembly
// (wasm/CMakeLists.txt, target cluster_bench_node, run under Node); scripts/bench.sh runs both
// and merges their outputs into one table with `cluster_bench --table NATIVE.tsv WASM.tsv`.
//
// Usage:
//   cluster_bench [--data DIR] [--case NAME]... [--max-workers N | --workers N] [--budget-ms MS] [--warmup-ms MS]
//                 [--tsv] [--trim-heap]
//   cluster_bench --table NATIVE.tsv WASM.tsv
//   cluster_bench --write DIR [--case NAME]... [--workers N]   the scenarios as DIR/<case>-<N>.json
//                 (inputs for timing the whole CLI process: scripts/bench-cli.sh)
// The checksum column hashes the whole result JSON: native and WASM must print the same one.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <vector>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "cluster_bench_table.h"
#include "cluster_scenarios.h"
#include "gguf/model_profile.h"
#include "gguf/reader.h"
#include "result_writer.h"
#include "scenario/scenario_loader.h"
#include "scheduler.h"

#ifndef PE_TEST_DATA_DIR
#define PE_TEST_DATA_DIR "tests"
#endif

using namespace placement;
using namespace placement::bench;

namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point start) { return std::chrono::duration<double, std::milli>(Clock::now() - start).count(); }

// Runs `body` untimed at least twice and until `warmup_ms` is spent, then timed at least 3 times
// and until `budget_ms` is spent (at most 41 runs); the median of the timed runs. The warm-up is
// for WebAssembly: V8 first runs baseline (Liftoff) code and tiers hot functions up to optimised
// code in the background, so the first calls of a short decision measure the compiler, not the
// scheduler (at 16 workers the cold median was 20-40x native; steady state is what every later
// edit in the explorer costs).
template <class F>
double median_ms(double budget_ms, double warmup_ms, F&& body) {
  double warmed = 0;
  for (int i = 0; i < 2 || (warmed < warmup_ms && i < 200); ++i) {
    const auto start = Clock::now();
    body();
    warmed += ms_since(start);
  }
  std::vector<double> runs;
  double spent = 0;
  while (runs.size() < 3 || (spent < budget_ms && runs.size() < 41)) {
    const auto start = Clock::now();
    body();
    runs.push_back(ms_since(start));
    spent += runs.back();
  }
  std::sort(runs.begin(), runs.end());
  return runs[runs.size() / 2];
}

// Natively, glibc gives the top of the heap back to the kernel whenever more than its trim
// threshold is free, and serves blocks over its mmap threshold with fresh mappings. A decision
// at 1,024 workers frees a few MB at its end, so with those defaults the next one first takes
// ~1,000 page faults of zeroed memory (perf: a third of vLLM's decide time on this VM, none of
// it the scheduler's). A process that decides again and again — the explorer's Web Worker, a
// service — keeps its heap: WebAssembly's linear memory never shrinks, and this makes the
// native run do the same. `--trim-heap` measures glibc's defaults instead.
void keep_heap_between_decisions() {
#if defined(__GLIBC__)
  mallopt(M_MMAP_THRESHOLD, 32 << 20);  // glibc's maximum: big vectors come from the heap too
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
  mallopt(M_TOP_PAD, 64 << 20);
#endif
}

std::uint64_t fnv1a(const std::string& text) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : text) h = (h ^ c) * 0x100000001b3ULL;
  return h;
}

Json read_profile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  auto r = gguf::read_gguf_prefix(bytes.data(), bytes.size(), bytes.size());
  if (!r.complete) throw std::runtime_error("incomplete GGUF header in " + path);
  return gguf::profile_to_json(gguf::profile_from_gguf({r.file}));
}

// Estimator calls of one decision: the trace's count (requirement.estimator_calls) when the
// GGUF selector ran, else 0.
long long estimator_calls(const Trace& trace) {
  const Json& req = trace.root()["requirement"];
  return req.contains("estimator_calls") ? req["estimator_calls"].get<long long>() : 0;
}

struct Options {
  std::string data_dir = PE_TEST_DATA_DIR;
  std::vector<std::string> cases;
  int max_workers = 1 << 30;
  int only_workers = 0;  // --workers N: that size alone (profiling one size)
  double budget_ms = 400;
  double warmup_ms = 400;
  bool tsv = false;
  bool trim_heap = false;
  std::string write_dir;  // --write DIR: save the scenarios instead of timing them
};

bool selected(const Options& opt, const CaseSpec& spec, int workers) {
  if (!opt.cases.empty() && std::find(opt.cases.begin(), opt.cases.end(), spec.name) == opt.cases.end()) return false;
  return workers <= opt.max_workers && (opt.only_workers == 0 || workers == opt.only_workers);
}

Json profile_for(const Options& opt, const CaseSpec& spec, std::map<std::string, Json>& profiles) {
  if (!is_gguf_kind(spec.kind)) return Json();
  const std::string file = gguf_model_file(spec.kind);
  if (!profiles.count(file)) profiles[file] = read_profile(opt.data_dir + "/data/gguf/models/" + file);
  return profiles[file];
}

int write_scenarios(const Options& opt) {
  std::map<std::string, Json> profiles;
  for (const CaseSpec& spec : benchmark_cases()) {
    for (int workers : spec.worker_counts) {
      if (!selected(opt, spec, workers)) continue;
      const std::string path = opt.write_dir + "/" + spec.name + "-" + std::to_string(workers) + ".json";
      std::ofstream out(path, std::ios::binary);
      out << make_scenario(spec.kind, workers, profile_for(opt, spec, profiles)).dump() << "\n";
      if (!out) throw std::runtime_error("cannot write " + path);
      std::printf("%s\n", path.c_str());
    }
  }
  return 0;
}

int run(const Options& opt) {
  if (!opt.trim_heap) keep_heap_between_decisions();
  std::map<std::string, Json> profiles;
  if (!opt.tsv) std::printf("%s\n", BenchRow::header().c_str());
  else std::printf("%s\n", BenchRow::tsv_header().c_str());
  for (const CaseSpec& spec : benchmark_cases()) {
    for (int workers : spec.worker_counts) {
      if (!selected(opt, spec, workers)) continue;
      const Json profile = profile_for(opt, spec, profiles);
      const std::string text = make_scenario(spec.kind, workers, profile).dump();
      BenchRow row;
      row.name = spec.name;
      row.workers = workers;
      row.instances = 0;
      row.load_ms = median_ms(opt.budget_ms / 4, opt.warmup_ms / 4, [&] { (void)load_scenario_text(text); });
      const Scenario scenario = load_scenario_text(text);
      row.instances = static_cast<long long>(scenario.model_instances.size());
      ScheduleResult result = schedule(scenario);  // warm-up, and the result rendered below
      row.decide_ms = median_ms(opt.budget_ms, opt.warmup_ms, [&] { (void)schedule(scenario); });
      std::string json;
      const TextSink append = [&json](const char* data, std::size_t size) { json.append(data, size); };
      row.render_ms = median_ms(opt.budget_ms / 4, opt.warmup_ms / 4, [&] {
        json.clear();
        write_schedule_result_text(result, append);
      });
      row.strategy = result.strategy.empty() ? "-" : result.strategy;
      row.candidates = static_cast<long long>(result.candidates.size());
      row.selected = result.selected ? static_cast<long long>(*result.selected) : -1;
      row.estimator_calls = estimator_calls(result.trace);
      row.caps = static_cast<long long>(result.trace.root()["caps"].size());
      row.json_bytes = static_cast<long long>(json.size());
      row.checksum = fnv1a(json);
      std::printf("%s\n", opt.tsv ? row.to_tsv().c_str() : row.to_text().c_str());
      std::fflush(stdout);
    }
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    std::vector<std::string> args(argv + 1, argv + argc);
    if (!args.empty() && args[0] == "--table") {
      if (args.size() != 3) throw std::runtime_error("--table needs NATIVE.tsv WASM.tsv");
      return print_comparison(args[1], args[2]);
    }
    Options opt;
    for (std::size_t i = 0; i < args.size(); ++i) {
      auto value = [&]() -> const std::string& {
        if (i + 1 >= args.size()) throw std::runtime_error(args[i] + " needs a value");
        return args[++i];
      };
      if (args[i] == "--data") opt.data_dir = value();
      else if (args[i] == "--case") opt.cases.push_back(value());
      else if (args[i] == "--max-workers") opt.max_workers = std::stoi(value());
      else if (args[i] == "--workers") opt.only_workers = std::stoi(value());
      else if (args[i] == "--budget-ms") opt.budget_ms = std::stod(value());
      else if (args[i] == "--warmup-ms") opt.warmup_ms = std::stod(value());
      else if (args[i] == "--tsv") opt.tsv = true;
      else if (args[i] == "--trim-heap") opt.trim_heap = true;
      else if (args[i] == "--write") opt.write_dir = value();
      else throw std::runtime_error("unknown argument " + args[i]);
    }
    return opt.write_dir.empty() ? run(opt) : write_scenarios(opt);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "cluster_bench: %s\n", e.what());
    return 1;
  }
}
