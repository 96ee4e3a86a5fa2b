// MindIE's requirement record: `estimate` (the env claim writes source, RAM and VRAM only; the
// estimate adds its terms and inputs, in order) and `parameters`.
#include <catch2/catch.hpp>

#include "fit/mindie/mindie_estimate.h"
#include "fit/mindie/requirement_record.h"
#include "trace/trace_test_support.h"

using namespace placement;
using namespace placement::mindie;

TEST_CASE("mindie usage estimate: env claim and estimate shapes", "[mindie][record]") {
  UsageEstimate env;
  env.ram = 2, env.vram = 20, env.from_env = true;
  UsageEstimate est;
  est.ram = 3, est.vram = 30, est.ram_footprint = 1, est.ram_kv_swappable = 2;
  est.vram_footprint = 4, est.weights = 5, est.kv_cache = 6, est.computation = 15;
  est.attention = AttentionType::unknown, est.heads_factor = 16, est.head_dim = 128, est.layers = 36, est.tokens = 4096;
  est.multimodal = true;
  struct Row {
    const char* what;
    const UsageEstimate* estimate;
    const char* expected;  // compact JSON
  };
  const Row rows[] = {
      {"env claim", &env, R"({"source":"env","ram":2,"vram":20})"},
      {"estimate", &est,
       R"({"source":"estimate","ram":3,"vram":30,"ram_terms":{"footprint":1,"kv_cache_swappable":2},)"
       R"("vram_terms":{"footprint":4,"weights":5,"kv_cache":6,"computation":15},)"
       R"("inputs":{"attention":"unknown","heads_factor":16,"head_dim":128,"layers":36,"tokens":4096,"t_size":2,"ct_size":2,"at_size":2,"multimodal":true}})"},
  };
  for (const Row& row : rows) {
    SECTION(row.what) {
      const Json tree = json_tree(*row.estimate);
      CHECK(tree.dump() == row.expected);
      CHECK(placement::testing::text_of(*row.estimate) == tree.dump(2));
    }
  }
}

TEST_CASE("mindie requirement parameters: the fit's values, parallel sizes and ignored tokens", "[mindie][record]") {
  struct Row {
    const char* what;
    ServingParameters params;
    const char* expected;  // compact JSON of `parameters`
  };
  ServingParameters given;
  given.npu_memory_fraction = 0.9, given.fraction_source = "parameter", given.max_seq_len = 4096, given.max_seq_len_given = true;
  given.max_batch_size = 100, given.cache_block_size = 64, given.max_prefill_tokens = 4096, given.max_iter_times = 4096;
  given.cpu_mem_size = 0, given.cpu_mem_size_requested = 5, given.max_preempt_count = 0;
  given.parallel = ParallelSizes{1, 4, 2, -1, -1, -1, -1, 8, 4};
  given.ignored = {"--foo", "bar"};
  const Row rows[] = {
      {"defaults",
       ServingParameters{},
       R"({"npu_memory_fraction":0.8,"npu_memory_fraction_source":"default","max_seq_len":8192,"max_seq_len_given":false,)"
       R"("max_batch_size":200,"cache_block_size":128,"max_prefill_tokens":-1,"max_iter_times":-1,"cpu_mem_size":0,)"
       R"("cpu_mem_size_requested":0,"max_preempt_count":0,"parallel":{"pp":1,"tp":-1,"dp":-1,"cp":-1,"sp":-1,"moe_tp":-1,)"
       R"("moe_ep":-1,"world":-1,"local":-1},"ignored_tokens":[]})"},
      {"given, with ignored tokens", given,
       R"({"npu_memory_fraction":0.9,"npu_memory_fraction_source":"parameter","max_seq_len":4096,"max_seq_len_given":true,)"
       R"("max_batch_size":100,"cache_block_size":64,"max_prefill_tokens":4096,"max_iter_times":4096,"cpu_mem_size":0,)"
       R"("cpu_mem_size_requested":5,"max_preempt_count":0,"parallel":{"pp":1,"tp":4,"dp":2,"cp":-1,"sp":-1,"moe_tp":-1,)"
       R"("moe_ep":-1,"world":8,"local":4},"ignored_tokens":["--foo","bar"]})"},
  };
  for (const Row& row : rows) {
    SECTION(row.what) {
      MindieRequirement req(UsageEstimate{}, row.params, ParameterWorld{}, std::nullopt);
      const Json tree = json_tree([&](JsonOut& out) {
        out.begin_object();
        req.write(out);
        out.end_object();
      });
      CHECK(tree["parameters"].dump() == row.expected);
    }
  }
}
