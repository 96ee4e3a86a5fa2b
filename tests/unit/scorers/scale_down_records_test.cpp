// The scale-down ranking's chain record (scheduler-rules.md §4.1, §4.5, §6.4): one shape per
// outcome, members in the contract's order; ties only where something was ranked.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "scorers/scale_down_records.h"
#include "trace/trace_test_support.h"

using namespace placement;

namespace {

std::vector<std::string> keys_of(const Json& j) {
  std::vector<std::string> keys;
  for (auto it = j.begin(); it != j.end(); ++it) keys.push_back(it.key());
  return keys;
}

ScaleDownChainRecord ranked(std::optional<double> total_max, std::vector<std::vector<std::int64_t>> ties) {
  ScaleDownChainRecord r;
  r.sum_max = 111.0;
  r.total_max_score = total_max;
  r.factor = total_max ? *total_max / 111.0 : 1.0;
  r.totals = {ScaleDownTotal{7, "i7", 100.0, 10.0, 1.0, 111.0, 111.0 * r.factor}};
  r.ranking = {7};
  r.ties = std::move(ties);
  return r;
}

}  // namespace

TEST_CASE("scale-down chain record: one shape per outcome", "[scorers][trace]") {
  struct Row {
    const char* name;
    ScaleDownChainRecord record;
    std::vector<std::string> keys;
    std::string text;  // compact JSON, "" to skip
  };
  const std::vector<Row> rows = {
      {"a model without id", ScaleDownChainRecord::nothing_to_rank("model_id_null"),
       {"scorer", "chain", "instances", "why", "ranking"},
       R"({"scorer":"chain","chain":"scale_down","instances":0,"why":"model_id_null","ranking":[]})"},
      {"no instances of the model", ScaleDownChainRecord::nothing_to_rank("no_instances_of_model"),
       {"scorer", "chain", "instances", "why", "ranking"},
       R"({"scorer":"chain","chain":"scale_down","instances":0,"why":"no_instances_of_model","ranking":[]})"},
      {"a scorer failed (§4.5)", ScaleDownChainRecord::failed(), {"scorer", "chain", "failed", "ranking"},
       R"({"scorer":"chain","chain":"scale_down","failed":true,"ranking":[]})"},
      {"ranked without total_max_score", ranked(std::nullopt, {}),
       {"scorer", "chain", "sum_max", "total_max_score", "factor", "totals", "ranking", "ties"},
       R"({"scorer":"chain","chain":"scale_down","sum_max":111.0,"total_max_score":null,"factor":1.0,)"
       R"("totals":[{"instance_id":7,"name":"i7","status":100.0,"offload_layer":10.0,"placement":1.0,"sum":111.0,)"
       R"("score":111.0}],"ranking":[7],"ties":[]})"},
      {"ranked with total_max_score and ties", ranked(222.0, {{7, 9}}),
       {"scorer", "chain", "sum_max", "total_max_score", "factor", "totals", "ranking", "ties"}, ""},
  };
  for (const Row& row : rows) {
    SECTION(row.name) {
      const Json j = row.record.to_json();
      CHECK(keys_of(j) == row.keys);
      if (!row.text.empty()) CHECK(j.dump() == row.text);
      CHECK(testing::text_of(row.record) == j.dump(2));
    }
  }
  SECTION("total_max_score rescales") {
    const Json j = ranked(222.0, {{7, 9}}).to_json();
    CHECK(j["total_max_score"] == 222.0);
    CHECK(j["factor"] == 2.0);
    CHECK(j["totals"][0]["score"] == 222.0);
    CHECK(j["ties"] == Json::array({Json::array({7, 9})}));
  }
}
