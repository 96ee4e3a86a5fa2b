// Typed `data` (rejections, skips, not-examined entries, strategy extras): named values written
// in order, each kind as the JSON value it replaces, in the tree and as text alike; and the
// records that carry it write it in its place, the untyped fallback only when it is unset.
#include <catch2/catch.hpp>

#include <functional>

#include "fit/common/rejections.h"
#include "fit/common/strategy_record.h"
#include "trace/trace_test_support.h"

using namespace placement;
using placement::testing::text_of;

TEST_CASE("data fields: every value kind writes the JSON it replaces", "[data_fields]") {
  struct Row {
    const char* what;
    DataFields typed;
    Json expected;  // as the fit code built it before
  };
  const std::vector<Row> rows = {
      {"empty is {}", {}, Json::object()},
      {"int", {{"ngl", 3}}, Json{{"ngl", 3}}},
      {"negative long long", {{"layers", -5LL}}, Json{{"layers", -5LL}}},
      {"size_t", {{"gpus", std::size_t{4}}}, Json{{"gpus", std::size_t{4}}}},
      {"uint64 above int64", {{"n", std::uint64_t{1} << 63}}, Json{{"n", std::uint64_t{1} << 63}}},
      {"double", {{"gmu", 0.9}}, Json{{"gmu", 0.9}}},
      {"bool", {{"strict", true}, {"selected", false}}, Json{{"strict", true}, {"selected", false}}},
      {"literal and string", {{"role", "rpc_server"}, {"worker", std::string("w1")}}, Json{{"role", "rpc_server"}, {"worker", "w1"}}},
      {"null", {{"type", nullptr}}, Json{{"type", nullptr}}},
      {"integer list", {{"gpu_indexes", std::vector<std::int64_t>{0, 2}}}, Json{{"gpu_indexes", {0, 2}}}},
      {"empty integer list", {{"gpu_indexes", std::vector<std::int64_t>{}}}, Json{{"gpu_indexes", Json::array()}}},
      {"string list", {{"workers", std::vector<std::string>{"a", "b"}}}, Json{{"workers", {"a", "b"}}}},
      {"nested object", {{"window", DataFields{{"from", 3}, {"to", 9}}}}, Json{{"window", {{"from", 3}, {"to", 9}}}}},
      {"list of objects",
       {{"tp", std::vector<DataFields>{{{"n", 3}}, {{"n", 5}, {"value", 7}}}}},
       Json{{"tp", Json::array({Json{{"n", 3}}, Json{{"n", 5}, {"value", 7}}})}}},
      {"order as given, not sorted", {{"z", 1}, {"a", 2}, {"m", 3}}, Json{{"z", 1}, {"a", 2}, {"m", 3}}},
  };
  for (const Row& r : rows) {
    CAPTURE(r.what);
    CHECK(r.typed.to_json().dump() == r.expected.dump());
    CHECK(text_of(r.typed) == r.expected.dump(2));
  }
}

TEST_CASE("data fields: set replaces a value where it stands, else appends", "[data_fields]") {
  DataFields d{{"worker_name", "w"}, {"gpus", 2}};
  d.set(DataField{"rule", "walk_stopped"});
  d.set(DataField{"gpus", 3});
  CHECK(d.to_json().dump() == R"({"worker_name":"w","gpus":3,"rule":"walk_stopped"})");
  DataFieldsList list;
  list.list = {d, {}};
  CHECK(list.to_json().dump() == R"([{"worker_name":"w","gpus":3,"rule":"walk_stopped"},{}])");
}

TEST_CASE("rejection data: shared fields win over the rejection's own; none is {}", "[data_fields]") {
  struct Row {
    const char* what;
    std::shared_ptr<const DataFields> shared_fields;
    DataFields fields;
    const char* expected_data;
  };
  const auto shared_typed = std::make_shared<const DataFields>(DataFields{{"gmu", 0.5}});
  const std::vector<Row> rows = {
      {"nothing: {}", nullptr, {}, "{}"},
      {"own fields", nullptr, {{"t", 1}}, R"({"t":1})"},
      {"shared fields", shared_typed, {}, R"({"gmu":0.5})"},
      {"shared fields over own", shared_typed, {{"t", 1}}, R"({"gmu":0.5})"},
  };
  for (const Row& r : rows) {
    CAPTURE(r.what);
    Rejections list;
    Rejection rej{7, "w", {1}, "vram", {}};
    rej.shared_fields = r.shared_fields;
    rej.fields = r.fields;
    list.list.push_back(rej);
    const std::string expected = std::string(R"([{"subject":{"worker_id":7,"worker_name":"w","gpu_indexes":[1],"rpc":[]},)") +
                                 R"("code":"vram","shortfalls":[],"data":)" + r.expected_data + "}]";
    CHECK(list.to_json().dump() == expected);
  }
}

TEST_CASE("not-examined data: typed fields, else {}", "[data_fields]") {
  NotExaminedList list;
  list.list.push_back(NotExamined{1, "a", "stopped_at_fit"});
  list.list.push_back(NotExamined{2, "b", "stopped_at_fit", DataFields{{"gpus", 2}}});
  CHECK(list.to_json().dump() ==
        R"([{"worker_id":1,"worker_name":"a","rule":"stopped_at_fit","data":{}},)"
        R"({"worker_id":2,"worker_name":"b","rule":"stopped_at_fit","data":{"gpus":2}}])");
}

TEST_CASE("strategy record: typed skip data and typed extras in their slot", "[strategy_record][data_fields]") {
  struct Row {
    const char* what;
    std::function<void(StrategyRecord&)> fill;
    const char* expected;  // compact JSON
  };
  const std::vector<Row> rows = {
      {"typed skip", [](StrategyRecord& r) { r.skip("ngl_full", DataFields{{"ngl", 99}, {"total_layers", 81}}); },
       R"({"selector":"s","strategy":"t","status":"skipped","skip":{"code":"ngl_full","data":{"ngl":99,"total_layers":81}}})"},
      {"empty typed skip data is {}", [](StrategyRecord& r) { r.skip("x", DataFields{}); },
       R"({"selector":"s","strategy":"t","status":"skipped","skip":{"code":"x","data":{}}})"},
      {"skip without data is {}", [](StrategyRecord& r) { r.skip("x"); },
       R"({"selector":"s","strategy":"t","status":"skipped","skip":{"code":"x","data":{}}})"},
      {"typed extra after the common fields",
       [](StrategyRecord& r) {
         r.set_candidates_found(2);
         r.extra("notes", DataFields{{"main", DataFields{{"vram", 5}}}});
       },
       R"({"selector":"s","strategy":"t","status":"tried","skip":null,"candidates_found":2,"notes":{"main":{"vram":5}}})"},
      {"typed extra keeps a slot set before it",
       [](StrategyRecord& r) {
         r.extra("largest", nullptr);
         r.set_candidates_found(1);
         r.extra("largest", 42);
       },
       R"({"selector":"s","strategy":"t","status":"tried","skip":null,"largest":42,"candidates_found":1})"},
  };
  for (const Row& r : rows) {
    CAPTURE(r.what);
    StrategyRecord rec("s", "t");
    r.fill(rec);
    CHECK(rec.to_json().dump() == r.expected);
  }
  CHECK(skip_strategy_record("s", "t", "c", DataFields{{"n", 1}}).to_json()["skip"]["data"] == Json{{"n", 1}});
  CHECK(begin_strategy_record("s", "t", "tried").to_json().dump() ==
        R"({"selector":"s","strategy":"t","status":"tried","skip":null,"candidates_found":0,)"
        R"("examined":{"workers":0,"gpus":0,"combinations":0,"queries":0},"rejections":[],"not_examined":[],"caps":[],"quirks":[]})");
}
