// The vLLM strategy record's typed parts: rejection and not-examined data, the Q1 note merged into
// a rejection's (shared) data, skip data and the strategy's own extras, each written in its place
// with the fields GPUStack's trace had; and the topology check's values.
#include <catch2/catch.hpp>

#include <functional>

#include "fit/vllm/record.h"
#include "fit/vllm/topology.h"
#include "fit/vllm/vllm_fit.h"

using namespace placement;

namespace {

Worker worker_named(std::int64_t id, const std::string& name) {
  Worker w;
  w.id = id;
  w.name = name;
  return w;
}

}  // namespace

TEST_CASE("vLLM strategy record: typed data, notes, skip and extras", "[vllm][record]") {
  const Worker a = worker_named(1, "a");
  const auto ratio = std::make_shared<const DataFields>(DataFields{{"gmu", 0.9}, {"rule", "allocatable / total > gmu"}});
  const DataFields q1{{"quirk", "Q1"}, {"gpu_type", "A100"}, {"kept_type", "H100"}};
  struct Row {
    const char* what;
    std::function<void(StrategyRecorder&)> fill;
    const char* body;  // compact JSON after "examined" (rejections, not_examined, caps, quirks, extras)
  };
  const std::vector<Row> rows = {
      {"rejection data in order",
       [&](StrategyRecorder& r) { r.reject(a, {}, "gpu_count", "workers", DataFields{{"need", 2}, {"have", std::size_t{1}}}); },
       R"("rejections":[{"subject":{"worker_id":1,"worker_name":"a","gpu_indexes":[],"rpc":[]},"code":"gpu_count","shortfalls":[],)"
       R"("data":{"need":2,"have":1}}],"not_examined":[],"caps":[],"quirks":[])"},
      {"shared data, then the Q1 note merged after it",
       [&](StrategyRecorder& r) {
         r.reject(a, {0}, "vram_ratio", "gpus").shared_fields = ratio;
         Rejection& noted = r.reject(a, {1}, "vram_ratio", "gpus");
         noted.shared_fields = ratio;
         add_note(noted, q1);
       },
       R"("rejections":[{"subject":{"worker_id":1,"worker_name":"a","gpu_indexes":[0],"rpc":[]},"code":"vram_ratio","shortfalls":[],)"
       R"("data":{"gmu":0.9,"rule":"allocatable / total > gmu"}},)"
       R"({"subject":{"worker_id":1,"worker_name":"a","gpu_indexes":[1],"rpc":[]},"code":"vram_ratio","shortfalls":[],)"
       R"("data":{"gmu":0.9,"rule":"allocatable / total > gmu","quirk":"Q1","gpu_type":"A100","kept_type":"H100"}}],)"
       R"("not_examined":[],"caps":[],"quirks":[])"},
      {"not examined with and without data",
       [&](StrategyRecorder& r) {
         r.not_examined(a, "first_candidate_returned");
         r.not_examined(a, "gpu_count_exceeded", DataFields{{"gpus", 3}});
       },
       R"("rejections":[],"not_examined":[{"worker_id":1,"worker_name":"a","rule":"first_candidate_returned","data":{}},)"
       R"({"worker_id":1,"worker_name":"a","rule":"gpu_count_exceeded","data":{"gpus":3}}],"caps":[],"quirks":[])"},
      {"extras after the common fields",
       [&](StrategyRecorder& r) {
         r.extra("types", std::vector<DataFields>{{{"type", nullptr}, {"groups", std::vector<DataFields>{}}, {"candidate", false}}});
       },
       R"("rejections":[],"not_examined":[],"caps":[],"quirks":[],"types":[{"type":null,"groups":[],"candidate":false}])"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.what);
    Trace trace;
    StrategyRecorder rec("vllm", "single_gpu");
    row.fill(rec);
    rec.commit(trace, 0);
    const std::string head = R"({"selector":"vllm","strategy":"single_gpu","status":"tried","skip":null,"candidates_found":0,)"
                             R"("examined":{"workers":0,"gpus":0,"combinations":0,"queries":0},)";
    CHECK(trace.root()["strategies"][0].dump() == head + row.body + "}");
  }
  Trace trace;
  StrategyRecorder skipped("vllm", "single_gpu");
  skipped.skip("gpu_count_gt_1", DataFields{{"gpu_count", 2}});
  skipped.commit(trace, 0);
  CHECK(trace.root()["strategies"][0]["skip"].dump() == R"({"code":"gpu_count_gt_1","data":{"gpu_count":2}})");
}

TEST_CASE("vLLM topology check: the values of each failure", "[vllm][topology]") {
  struct Row {
    std::vector<long long> nodes;
    std::vector<std::string> params;
    const char* code;
    const char* values;  // compact JSON
  };
  const std::vector<Row> rows = {
      {{8, 8}, {"--tp=8", "--dp=3"}, "dp_mismatch", R"({"dp":3,"derived":2,"dpl_per_node":[1,1]})"},
      {{8, 4}, {"--dpl=1"}, "dpl_mismatch", R"({"dpl":1,"dpl_per_node":[2,1],"gpus_per_node":[8,4]})"},
      {{8, 4}, {"--tp=16"}, "heterogeneous", R"({"workers_per_dp":16,"gpus_per_node":[8,4]})"},
      {{6, 6}, {"--tp=8"}, "uneven_nodes", R"({"workers_per_dp":8,"gpus_per_node":6})"},
      {{8, 8, 8}, {"--tp=16"}, "uneven_dp", R"({"nodes":3,"nodes_per_dp_rank":2})"},
      {{8, 8}, {"--tp=16", "--dpl=2"}, "dpl_mismatch", R"({"dpl":2})"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.code, row.values);
    const TopologyCheck t = check_vllm_topology(row.nodes, read_vllm_parallelism(BackendParameters(row.params)));
    CHECK(t.code == row.code);
    CHECK(t.values.to_json().dump() == row.values);
  }
}
