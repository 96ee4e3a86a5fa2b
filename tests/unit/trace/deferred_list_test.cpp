// The trace keeps bulky lists typed while the scheduler decides and turns them into JSON when the
// trace is read; these tests pin when that happens and that every reader sees the same JSON.
#include <catch2/catch.hpp>

#include "scenario/scenario_loader.h"
#include "scheduler.h"
#include "test_files.h"
#include "trace/trace.h"

namespace placement {

namespace {

class CountingList final : public DeferredList {
 public:
  explicit CountingList(int* calls) : calls_(calls) {}
  void write(JsonOut& out) const override {
    ++*calls_;
    out.begin_array();
    for (int i = 1; i <= 3; ++i) out.number(i);
    out.end_array();
  }

 private:
  int* calls_;
};

// A record holding one deferred list between two keys, as a filter record holds its verdicts.
class RecordWithList final : public TraceRecord {
 public:
  explicit RecordWithList(int* calls) : list_(std::make_shared<CountingList>(calls)) {}
  void write(JsonOut& out) const override {
    out.begin_object();
    out.member("filter", "cluster");
    out.key("workers");
    list_->write(out);
    out.member("after", true);
    out.end_object();
  }

 private:
  std::shared_ptr<CountingList> list_;
};

Trace trace_with_list(int* calls) {
  Trace t;
  t.add_filter(std::make_shared<RecordWithList>(calls));
  return t;
}

}  // namespace

TEST_CASE("deferred trace lists: written in their record, once per read of a changed trace", "[trace]") {
  int calls = 0;
  Trace t = trace_with_list(&calls);
  CHECK(calls == 0);
  const Json& root = t.root();
  CHECK(calls == 1);
  CHECK(root["filters"][0].dump() == R"({"filter":"cluster","workers":[1,2,3],"after":true})");
  (void)t.root();
  CHECK(calls == 1);
  t.warning("changed");
  CHECK(t.root()["warnings"] == Json::array({"changed"}));
  CHECK(calls == 2);
}

TEST_CASE("deferred trace lists: messages and section writes do not build them", "[trace]") {
  int calls = 0;
  Trace t = trace_with_list(&calls);
  t.message("x", "k");
  t.summary("k", 1, 1, "workers");
  CHECK(calls == 0);
  JsonTreeOut messages;
  REQUIRE(t.write_section("messages", messages));
  CHECK(messages.take().size() == 1);
  CHECK(calls == 0);
  CHECK(t.root()["messages"].size() == 1);
  CHECK(calls == 1);
}

TEST_CASE("deferred trace lists: a copy and a take render the same JSON", "[trace]") {
  int calls = 0;
  Trace t = trace_with_list(&calls);
  const Trace copy = t;  // shares the typed record
  const std::string from_copy = copy.root().dump();
  Json taken = t.take_root();
  CHECK(taken.dump() == from_copy);
  CHECK(taken["filters"][0]["workers"] == Json::array({1, 2, 3}));
}

TEST_CASE("deferred trace lists: a scheduled result renders identically from a copy, a const view and a move", "[trace]") {
  const std::string text = testing::read_file(PE_SOURCE_DIR "/examples/scenarios/binpack-vs-spread.json");
  REQUIRE(!text.empty());
  ScheduleResult result = schedule(load_scenario_text(text));
  const ScheduleResult copy = result;
  const std::string from_copy = schedule_result_to_json(copy).dump();
  const std::string from_const = schedule_result_to_json(static_cast<const ScheduleResult&>(result)).dump();
  const std::string moved = schedule_result_to_json(std::move(result)).dump();
  CHECK(from_copy == from_const);
  CHECK(moved == from_const);
  CHECK(Json::parse(moved)["trace"]["filters"][0]["workers"].size() > 0);
  CHECK(schedule_json(text) == result_text(Json::parse(from_const)));
}

}  // namespace placement
