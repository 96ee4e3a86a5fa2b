// MindIE's requirement `estimate`: the env claim writes source, RAM and VRAM only; the estimate
// adds its terms and inputs, in order.
#include <catch2/catch.hpp>

#include "fit/mindie/mindie_estimate.h"
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
