// whatif_bench: the what-if searches at cluster scale (issue 22 targets), as the explorer's worker
// runs them: the core's capacity_json / advise_json on the text of a generated cluster
// (cluster_scenarios.h, fixed seeds), including parsing and printing, median of timed runs after
// one untimed run. Builds natively and for WebAssembly (wasm/CMakeLists.txt, whatif_bench_node);
// scripts/bench-whatif.sh runs both.
//
// Usage: whatif_bench [--max-workers N] [--budget-ms MS] [--runs N (timed runs at least, default 3)]
//                     [--row N (only the Nth row below, from 1; for profiling)]
//   capacity  vLLM single GPU / multi GPU at 128 workers × 8 GPUs, up to 256 replicas (≤ 200 ms)
//   advice    the model's worker_selector matches no worker (every lever searches) at 128 (≤ 500 ms)
//             and 1,024 workers (≤ 2 s)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "cluster_scenarios.h"
#include "whatif/whatif_json.h"

using namespace placement;
using namespace placement::bench;

namespace {

using Clock = std::chrono::steady_clock;

struct Row {
  const char* what;
  ModelKind kind;
  int workers;
  const char* variant;  // "" | "selector"
  double target_ms;
};

Json variant_of(Json doc, const std::string& variant) {
  if (variant == "selector") doc["model"]["worker_selector"] = Json{{"zone", "nowhere"}};
  return doc;
}

template <class F>
double median_ms(double budget_ms, std::size_t min_runs, F&& body) {
  body();  // untimed: first-touch of memory, V8 tier-up
  std::vector<double> runs;
  double spent = 0;
  while (runs.size() < min_runs || (spent < budget_ms && runs.size() < 15)) {
    const auto start = Clock::now();
    body();
    runs.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
    spent += runs.back();
  }
  std::sort(runs.begin(), runs.end());
  return runs[runs.size() / 2];
}

std::string summary(const std::string& answer, bool capacity) {
  const Json a = Json::parse(answer);
  if (a.contains("error")) return "error: " + a["error"].value("message", std::string());
  if (capacity) return std::to_string(a["count"].get<int>()) + " replicas (" + a["stopped_by"].get<std::string>() + ")";
  return std::to_string(a["suggestions"].size()) + " suggestions, " + std::to_string(a["search"]["runs"].get<int>()) + " runs";
}

}  // namespace

int main(int argc, char** argv) {
  int max_workers = 1 << 30;
  double budget_ms = 1000;
  std::size_t min_runs = 3;
  int only_row = 0;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (std::strcmp(argv[i], "--max-workers") == 0) max_workers = std::atoi(argv[i + 1]);
    else if (std::strcmp(argv[i], "--budget-ms") == 0) budget_ms = std::atof(argv[i + 1]);
    else if (std::strcmp(argv[i], "--row") == 0) only_row = std::atoi(argv[i + 1]);
    else if (std::strcmp(argv[i], "--runs") == 0) min_runs = static_cast<std::size_t>(std::max(1, std::atoi(argv[i + 1])));
  }
#ifdef __EMSCRIPTEN__
  const char* build = "wasm";
#else
  const char* build = "native";
#endif
  const Row rows[] = {
      {"capacity", ModelKind::vllm_single_gpu, 128, "", 200},
      {"capacity", ModelKind::vllm_multi_gpu, 128, "", 200},
      {"capacity", ModelKind::sglang_single_gpu, 128, "", 200},
      {"advise", ModelKind::vllm_single_gpu, 128, "selector", 500},
      {"advise", ModelKind::vllm_single_gpu, 1024, "selector", 2000},
  };
  std::printf("| build | what | model | workers × 8 GPUs | variant | median ms | target ms | answer |\n");
  std::printf("|---|---|---|---|---|---|---|---|\n");
  const char* names[] = {"vllm_single_gpu", "vllm_multi_gpu", "vllm_multi_worker", "sglang_single_gpu", "sglang_multi_gpu"};
  int row_number = 0;
  for (const Row& r : rows) {
    ++row_number;
    if (r.workers > max_workers || (only_row != 0 && row_number != only_row)) continue;
    const std::string text = variant_of(make_scenario(r.kind, r.workers, Json()), r.variant).dump(2);
    const bool capacity = std::strcmp(r.what, "capacity") == 0;
    std::string answer;
    const double ms = median_ms(budget_ms, min_runs, [&] {
      answer = capacity ? whatif::capacity_json(text, 256) : whatif::advise_json(text, 1);
    });
    std::printf("| %s | %s | %s | %d | %s | %.1f | %.0f | %s |\n", build, r.what, names[static_cast<int>(r.kind)], r.workers,
                *r.variant ? r.variant : "-", ms, r.target_ms, summary(answer, capacity).c_str());
    std::fflush(stdout);
  }
  return 0;
}
