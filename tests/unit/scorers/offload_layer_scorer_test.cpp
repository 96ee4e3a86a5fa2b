// Offload-layer scorer (scheduler-rules.md §4.5): one row per rule.
#include <catch2/catch.hpp>

#include "scenario/errors.h"
#include "scorers/offload_layer_scorer.h"
#include "scorer_test_support.h"

using namespace placement;

TEST_CASE("offload layer scorer rules, row by row") {
  struct Row {
    const char* rule;
    std::string instance;
    double expected;
    bool q8;
  };
  const std::vector<Row> rows = {
      {"all layers offloaded → max", R"({"id": 1, "model_id": 1, "computed_resource_claim": {"offload_layers": 81, "total_layers": 81}})",
       10.0, false},
      {"partial → offload / total x max", R"({"id": 1, "model_id": 1, "computed_resource_claim": {"offload_layers": 60, "total_layers": 81}})",
       60.0 / 81 * 10, false},
      {"none offloaded → 0", R"({"id": 1, "model_id": 1, "computed_resource_claim": {"offload_layers": 0, "total_layers": 81}})", 0.0,
       false},
      {"0 of 0 counts as equal → max", R"({"id": 1, "model_id": 1, "computed_resource_claim": {"offload_layers": 0, "total_layers": 0}})",
       10.0, false},
      {"no claim → 0 (Q8)", R"({"id": 1, "model_id": 1})", 0.0, true},
      {"no layer counts (non-GGUF) → 0 (Q8)", R"({"id": 1, "model_id": 1, "computed_resource_claim": {"ram": 5}})", 0.0, true},
      {"one count missing → 0 (Q8)", R"({"id": 1, "model_id": 1, "computed_resource_claim": {"total_layers": 5}})", 0.0, true},
  };
  for (const Row& row : rows) {
    SECTION(row.rule) {
      ModelInstance inst = load_instance(Json::parse(row.instance), "/i");
      OffloadItem item;
      CHECK(offload_layer_score(inst, 10.0, item) == row.expected);
      CHECK(item.q8 == row.q8);
    }
  }
  SECTION("the scale-down example's 60/81 → 7.4074074074074066") {
    ModelInstance inst = load_instance(
        Json::parse(R"({"id": 1, "model_id": 1, "computed_resource_claim": {"offload_layers": 60, "total_layers": 81}})"), "/i");
    OffloadItem item;
    CHECK(offload_layer_score(inst, 10.0, item) == 7.4074074074074066);
  }
  SECTION("a total of 0 with some offloaded layers divides by zero: GPUStack raises") {
    ModelInstance inst = load_instance(
        Json::parse(R"({"id": 1, "model_id": 1, "computed_resource_claim": {"offload_layers": 3, "total_layers": 0}})"), "/i");
    OffloadItem item;
    CHECK_THROWS_AS(offload_layer_score(inst, 10.0, item), ReferenceError);
  }
}
