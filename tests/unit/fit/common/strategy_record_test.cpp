// The typed §6.3 strategy record: the head every backend writes the same way, the body in the
// order the strategy wrote it, typed lists in their slot, and the same JSON as a tree, as text
// and from the trace.
#include <catch2/catch.hpp>

#include <stdexcept>

#include "fit/common/strategy_record.h"
#include "trace/trace_test_support.h"

using namespace placement;
using placement::testing::text_of;

namespace {

class Numbers final : public DeferredList {
 public:
  explicit Numbers(std::vector<int> n) : n_(std::move(n)) {}
  void write(JsonOut& out) const override {
    out.begin_array();
    for (int v : n_) out.number(v);
    out.end_array();
  }

 private:
  std::vector<int> n_;
};

}  // namespace

TEST_CASE("strategy record: head, skip field and body order", "[strategy_record]") {
  using Skip = StrategyRecord::SkipField;
  struct Row {
    const char* what;
    Skip field;
    bool skipped;
    const char* expected;  // compact JSON
  };
  const Row rows[] = {
      {"vLLM-style, tried: skip null", Skip::null_when_none, false,
       R"({"selector":"s","strategy":"x","status":"tried","skip":null,"candidates_found":2,"rejections":[1,2],"extra":true})"},
      {"vLLM-style, skipped", Skip::null_when_none, true,
       R"({"selector":"s","strategy":"x","status":"skipped","skip":{"code":"gpu_count_gt_1","data":{"gpu_count":2}},"candidates_found":2,"rejections":[1,2],"extra":true})"},
      {"GGUF-style, tried: no skip member", Skip::only_when_skipped, false,
       R"({"selector":"s","strategy":"x","status":"tried","candidates_found":2,"rejections":[1,2],"extra":true})"},
      {"GGUF-style, skipped", Skip::only_when_skipped, true,
       R"({"selector":"s","strategy":"x","status":"skipped","skip":{"code":"gpu_count_gt_1","data":{"gpu_count":2}},"candidates_found":2,"rejections":[1,2],"extra":true})"},
  };
  for (const Row& row : rows) {
    SECTION(row.what) {
      StrategyRecord r("s", "x", "tried", row.field);
      if (row.skipped) r.skip("gpu_count_gt_1", Json{{"gpu_count", 2}});
      r.body()["candidates_found"] = 0;
      r.body()["rejections"] = nullptr;  // the list's slot, before the extras
      r.body()["extra"] = true;
      r.list("rejections", std::make_shared<Numbers>(std::vector<int>{1, 2}));
      r.body()["candidates_found"] = 2;  // set again later: keeps its place
      const Json tree = r.to_json();
      CHECK(tree.dump() == row.expected);
      CHECK(text_of(r) == tree.dump(2));
      CHECK(r.status() == (row.skipped ? "skipped" : "tried"));
    }
  }
}

TEST_CASE("strategy record: a list without a slot goes last; a second list replaces the first", "[strategy_record]") {
  StrategyRecord r("s", "x");
  r.body()["a"] = 1;
  r.list("rejections", std::make_shared<Numbers>(std::vector<int>{1}));
  r.list("rejections", std::make_shared<Numbers>(std::vector<int>{7, 8}));
  r.body()["b"] = 2;
  CHECK(r.to_json().dump() == R"({"selector":"s","strategy":"x","status":"tried","skip":null,"a":1,"rejections":[7,8],"b":2})");
}

TEST_CASE("strategy record: the common §6.3 fields", "[strategy_record]") {
  const struct {
    bool skipped;
    const char* status;
    Json skip;
  } rows[] = {
      {false, "tried", nullptr},
      {false, "not_reached", nullptr},
      {true, "skipped", Json{{"code", "manual_only"}, {"data", {{"gpu_ids", 2}}}}},
  };
  for (const auto& row : rows) {
    CAPTURE(row.status);
    const StrategyRecord r = row.skipped ? skip_strategy_record("mindie", "single_worker", "manual_only", Json{{"gpu_ids", 2}})
                                         : begin_strategy_record("mindie", "single_worker", row.status);
    const Json j = r.to_json();
    CHECK(j["status"] == row.status);
    CHECK(j["skip"] == row.skip);
    std::vector<std::string> keys;
    for (auto it = j.begin(); it != j.end(); ++it) keys.push_back(it.key());
    CHECK(keys == std::vector<std::string>{"selector", "strategy", "status", "skip", "candidates_found", "examined", "rejections",
                                           "not_examined", "caps", "quirks"});
    CHECK(j["examined"] == Json{{"workers", 0}, {"gpus", 0}, {"combinations", 0}, {"queries", 0}});
  }
}

TEST_CASE("strategy record: committed records keep their order and are written by the trace", "[strategy_record]") {
  Trace t;
  commit_strategy(t, begin_strategy_record("custom", "single_gpu", "tried"));
  StrategyRecord second("custom", "cpu_only", "not_reached", StrategyRecord::SkipField::only_when_skipped);
  commit_strategy(t, std::move(second));
  std::string text;
  JsonTextOut out([&](const char* d, std::size_t n) { text.append(d, n); });
  t.write(out);
  out.flush();
  const Json& strategies = t.root()["strategies"];
  REQUIRE(strategies.size() == 2);
  CHECK(strategies[0]["strategy"] == "single_gpu");
  CHECK(strategies[1].dump() == R"({"selector":"custom","strategy":"cpu_only","status":"not_reached"})");
  CHECK(text == t.root().dump(2));
}

TEST_CASE("strategy record: record_strategy commits whether the strategy returns or throws", "[strategy_record]") {
  Trace t;
  const int n = record_strategy(t, begin_strategy_record("mindie", "single_worker", "tried"), [](Json& rec) {
    rec["candidates_found"] = 3;
    return 3;
  });
  CHECK(n == 3);
  CHECK_THROWS_AS(record_strategy(t, begin_strategy_record("mindie", "multi_worker", "tried"),
                                  [](Json& rec) -> int {
                                    rec["examined"]["workers"] = 1;
                                    throw std::runtime_error("fit failed");
                                  }),
                  std::runtime_error);
  const Json& strategies = t.root()["strategies"];
  REQUIRE(strategies.size() == 2);
  CHECK(strategies[0]["candidates_found"] == 3);
  CHECK(strategies[1]["strategy"] == "multi_worker");
  CHECK(strategies[1]["examined"]["workers"] == 1);
}
