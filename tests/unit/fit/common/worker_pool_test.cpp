// GPUStack's group_workers_by_gpu_type with its shared-status overwrite (Q1), as the vLLM, SGLang
// and Custom selectors share it (fit/common/worker_pool.h).
#include <catch2/catch.hpp>

#include "fit/common/worker_pool.h"
#include "fit/fit_test_support.h"

using namespace placement;
using namespace placement::testing;

namespace {

std::string types_of(const Worker& w) {
  std::string out;
  for (const GpuDevice& g : w.gpus) out += (out.empty() ? "" : ",") + g.type + ":" + std::to_string(g.index);
  return out;
}

// "cuda[w1:cuda:0,cuda:1 w2:rocm:0]" per group, in group order.
std::string describe(const std::vector<PoolTypeGroup>& groups) {
  std::string out;
  for (const PoolTypeGroup& g : groups) {
    out += (out.empty() ? "" : " ") + type_label(g.type) + "[";
    for (std::size_t i = 0; i < g.workers.size(); ++i) out += (i ? " " : "") + g.workers[i]->name + ":" + types_of(*g.workers[i]);
    out += "]";
  }
  return out;
}

}  // namespace

TEST_CASE("Q1: the type grouping overwrites a mixed worker's list for every group and later groupings", "[worker_pool][Q1]") {
  struct Row {
    const char* name;
    std::vector<GpuSpec> gpus;
    std::string first;   // the first grouping
    std::string second;  // a later grouping of the same run
    std::string hidden;  // types the first grouping hid, comma-separated
  };
  const Row rows[] = {
      {"one type", {{"cuda", GiB, 0}, {"cuda", GiB, 1}}, "cuda[w:cuda:0,cuda:1]", "cuda[w:cuda:0,cuda:1]", ""},
      {"two types, both index 0", {{"cuda", GiB, 0}, {"rocm", GiB, 0}}, "cuda[w:rocm:0] rocm[w:rocm:0]", "rocm[w:rocm:0]", "cuda"},
      {"interleaved: the last type to appear first wins",
       {{"cuda", GiB, 0}, {"rocm", GiB, 0}, {"rocm", GiB, 1}, {"cuda", GiB, 1}},
       "cuda[w:rocm:0,rocm:1] rocm[w:rocm:0,rocm:1]",
       "rocm[w:rocm:0,rocm:1]",
       "cuda"},
      {"three types", {{"rocm", GiB, 0}, {"cuda", GiB, 0}, {"cann", GiB, 0}},
       "rocm[w:cann:0] cuda[w:cann:0] cann[w:cann:0]", "cann[w:cann:0]", "rocm,cuda"},
      {"no GPUs", {}, "none[w:]", "none[w:]", ""},
  };
  for (const Row& row : rows) {
    INFO(row.name);
    FitHarness h(vllm_scenario(Json{worker_json(1, "w", row.gpus)}));
    WorkerPool pool(h.workers);
    std::vector<OverwrittenWorker> overwritten;
    CHECK(describe(pool.group_by_gpu_type(&overwritten)) == row.first);
    std::string hidden;
    for (const OverwrittenWorker& o : overwritten)
      for (const std::string& t : o.hidden_types) hidden += (hidden.empty() ? "" : ",") + t;
    CHECK(hidden == row.hidden);
    std::vector<OverwrittenWorker> again;
    CHECK(describe(pool.group_by_gpu_type(&again)) == row.second);
    CHECK(again.empty());  // only the first grouping changes a worker
    // The scenario's worker is untouched; the copy is what candidates carry to the scorers.
    const Worker* listed = pool.list().front();
    CHECK(pool.original(listed).gpus.size() == row.gpus.size());
    CHECK((pool.copy_of(listed) != nullptr) == !row.hidden.empty());
  }
}

TEST_CASE("Q1: a worker sits in a group of a type it no longer lists", "[worker_pool][Q1]") {
  FitHarness h(vllm_scenario(Json{worker_json(1, "mixed", {{"cuda", GiB, 0}, {"rocm", GiB, 0}}), worker_json(2, "plain", {{"cuda", GiB}})}));
  WorkerPool pool(h.workers);
  const std::vector<PoolTypeGroup> groups = pool.group_by_gpu_type();
  REQUIRE(groups.size() == 2);
  struct Row {
    std::size_t group, worker;
    bool hidden;
  };
  for (const Row& row : {Row{0, 0, true}, Row{0, 1, false}, Row{1, 0, false}}) {
    INFO("group " << row.group << " worker " << row.worker);
    CHECK(hidden_in_group(*groups[row.group].workers[row.worker], groups[row.group].type) == row.hidden);
  }
}
