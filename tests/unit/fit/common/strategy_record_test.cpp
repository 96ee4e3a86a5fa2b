// The typed §6.3 strategy record: the head every backend writes the same way, the body in the
// order the strategy wrote it, typed lists in their slot, and the same JSON as a tree, as text
// and from the trace.
#include <catch2/catch.hpp>

#include <functional>
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
      if (row.skipped) r.skip("gpu_count_gt_1", DataFields{{"gpu_count", 2}});
      r.set_candidates_found(0);
      r.extra("rejections", nullptr);  // the list's slot, before the extras
      r.extra("extra", true);
      r.set_rejections(std::make_shared<Numbers>(std::vector<int>{1, 2}));
      r.set_candidates_found(2);  // set again later: keeps its place
      const Json tree = r.to_json();
      CHECK(tree.dump() == row.expected);
      CHECK(text_of(r) == tree.dump(2));
      CHECK(r.status() == (row.skipped ? "skipped" : "tried"));
    }
  }
}

TEST_CASE("strategy record: a list without a slot goes last; a second list replaces the first", "[strategy_record]") {
  StrategyRecord r("s", "x");
  r.extra("a", 1);
  r.list("rejections", std::make_shared<Numbers>(std::vector<int>{1}));
  r.list("rejections", std::make_shared<Numbers>(std::vector<int>{7, 8}));
  r.extra("b", 2);
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
    const StrategyRecord r = row.skipped ? skip_strategy_record("mindie", "single_worker", "manual_only", DataFields{{"gpu_ids", 2}})
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
  const int n = record_strategy(t, begin_strategy_record("mindie", "single_worker", "tried"), [](StrategyRecord& rec) {
    rec.set_candidates_found(3);
    return 3;
  });
  CHECK(n == 3);
  CHECK_THROWS_AS(record_strategy(t, begin_strategy_record("mindie", "multi_worker", "tried"),
                                  [](StrategyRecord& rec) -> int {
                                    rec.set_examined(StrategyExamined{1, 0, 0, 0});
                                    throw std::runtime_error("fit failed");
                                  }),
                  std::runtime_error);
  const Json& strategies = t.root()["strategies"];
  REQUIRE(strategies.size() == 2);
  CHECK(strategies[0]["candidates_found"] == 3);
  CHECK(strategies[1]["strategy"] == "multi_worker");
  CHECK(strategies[1]["examined"]["workers"] == 1);
}

TEST_CASE("strategy record: each typed common field writes its own member", "[strategy_record]") {
  const auto seeded = [] { return begin_strategy_record("s", "x", "tried"); };
  const char* const head = R"({"selector":"s","strategy":"x","status":"tried","skip":null,)";
  struct Row {
    const char* what;
    std::function<void(StrategyRecord&)> fill;
    const char* body;  // compact JSON after the head
  };
  const Row rows[] = {
      {"seeded only", [](StrategyRecord&) {},
       R"("candidates_found":0,"examined":{"workers":0,"gpus":0,"combinations":0,"queries":0},"rejections":[],"not_examined":[],"caps":[],"quirks":[]})"},
      {"candidates and examined", [](StrategyRecord& r) {
         r.set_candidates_found(4);
         r.set_examined(StrategyExamined{1, 2, 3, 5});
       },
       R"("candidates_found":4,"examined":{"workers":1,"gpus":2,"combinations":3,"queries":5},"rejections":[],"not_examined":[],"caps":[],"quirks":[]})"},
      {"typed rejections and not_examined in their seeded slots", [](StrategyRecord& r) {
         r.set_rejections(std::make_shared<Numbers>(std::vector<int>{9, 7}));
         r.set_not_examined(std::make_shared<Numbers>(std::vector<int>{8}));
       },
       R"("candidates_found":0,"examined":{"workers":0,"gpus":0,"combinations":0,"queries":0},"rejections":[9,7],"not_examined":[8],"caps":[],"quirks":[]})"},
      {"a second list replaces the first", [](StrategyRecord& r) {
         r.set_rejections(std::make_shared<Numbers>(std::vector<int>{1}));
         r.set_rejections(std::make_shared<Numbers>(std::vector<int>{2}));
       },
       R"("candidates_found":0,"examined":{"workers":0,"gpus":0,"combinations":0,"queries":0},"rejections":[2],"not_examined":[],"caps":[],"quirks":[]})"},
      {"caps", [](StrategyRecord& r) { r.add_cap(Trace::Cap{"C1", 10, 12, "stopped"}); },
       R"("candidates_found":0,"examined":{"workers":0,"gpus":0,"combinations":0,"queries":0},"rejections":[],"not_examined":[],"caps":[{"id":"C1","limit":10,"actual":12,"effect":"stopped"}],"quirks":[]})"},
      {"quirks: bare id, effect only, where and effect", [](StrategyRecord& r) {
         r.add_quirk(StrategyQuirk{"Q16", std::nullopt, std::nullopt});
         r.add_quirk(StrategyQuirk{"Q3", std::nullopt, "e"});
         r.add_quirk(StrategyQuirk{"Q7", "vllm.x", "f"});
       },
       R"("candidates_found":0,"examined":{"workers":0,"gpus":0,"combinations":0,"queries":0},"rejections":[],"not_examined":[],"caps":[],"quirks":["Q16",{"id":"Q3","effect":"e"},{"id":"Q7","where":"vllm.x","effect":"f"}]})"},
      {"extras after the common fields", [](StrategyRecord& r) {
         r.extra("largest", 7);
         r.set_candidates_found(1);
       },
       R"("candidates_found":1,"examined":{"workers":0,"gpus":0,"combinations":0,"queries":0},"rejections":[],"not_examined":[],"caps":[],"quirks":[],"largest":7})"},
  };
  for (const Row& row : rows) {
    SECTION(row.what) {
      StrategyRecord r = seeded();
      row.fill(r);
      const Json tree = r.to_json();
      CHECK(tree.dump() == std::string(head) + row.body);
      CHECK(text_of(r) == tree.dump(2));
    }
  }
}

TEST_CASE("strategy record: unseeded fields go where they are first set, or nowhere", "[strategy_record]") {
  struct Row {
    const char* what;
    std::function<void(StrategyRecord&)> fill;
    const char* expected;
  };
  const Row rows[] = {
      {"nothing set", [](StrategyRecord&) {}, R"({"selector":"s","strategy":"x","status":"tried"})"},
      {"SGLang order: extras, rejections in their slot, candidates last", [](StrategyRecord& r) {
         r.extra("examined", DataFields{{"workers", 2}});
         r.extra("rejections", nullptr);
         r.extra("types", 1);
         r.set_rejections(std::make_shared<Numbers>(std::vector<int>{1}));
         r.set_candidates_found(3);
       },
       R"({"selector":"s","strategy":"x","status":"tried","examined":{"workers":2},"rejections":[1],"types":1,"candidates_found":3})"},
      {"GGUF order: an extra between rejections and not_examined", [](StrategyRecord& r) {
         r.set_candidates_found(0);
         r.place(StrategyField::rejections);
         r.extra("combination_rejections", DataFields{{"count", 1}});
         r.set_quirks({StrategyQuirk{"Q2", std::nullopt, "g"}});
         r.set_caps({});
       },
       R"({"selector":"s","strategy":"x","status":"tried","candidates_found":0,"rejections":[],"combination_rejections":{"count":1},"quirks":[{"id":"Q2","effect":"g"}],"caps":[]})"},
  };
  for (const Row& row : rows) {
    SECTION(row.what) {
      StrategyRecord r("s", "x", "tried", StrategyRecord::SkipField::only_when_skipped);
      row.fill(r);
      const Json tree = r.to_json();
      CHECK(tree.dump() == row.expected);
      CHECK(text_of(r) == tree.dump(2));
    }
  }
}
