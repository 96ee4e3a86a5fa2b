// The trace keeps typed sections and writes them in the order of §6.1; one section can be
// written alone (the UI's filter labels) and reads the same as in the whole trace.
#include <catch2/catch.hpp>

#include <string>

#include "trace/trace.h"
#include "trace/trace_test_support.h"

namespace placement {

using testing::CountingList;
using testing::section;
using testing::text_of;

namespace {

// A requirement record's members, with a list inside.
class RequirementMembers final : public TraceRecord {
 public:
  void write(JsonOut& out) const override {
    out.member("selector", "vllm");
    out.key("list");
    CountingList(2, 1).write(out);
  }
};

// A trace with something in every section.
Trace full_trace() {
  Trace t;
  t.warning("w");
  t.add_filter(std::make_shared<CountingList>(1, 1));
  t.set_dispatch("vllm", "backend vLLM");
  t.set_requirement(std::make_shared<RequirementMembers>());
  t.add_strategy(std::make_shared<CountingList>(3, 1));
  t.add_scoring(std::make_shared<CountingList>(4, 1));
  t.set_pick(std::make_shared<CountingList>(5, 1));
  t.set_evaluation(std::make_shared<CountingList>(6, 1));
  t.summary("k", 1, 2, "workers");
  t.cap("c", 1, 2, "e");
  t.quirk("Q1", "here", "effect");
  t.message("filters", "status", Json{{"n", 1}});
  t.error("reference_error", "fit", "why", Json{{"v", 1}});
  return t;
}

}  // namespace

TEST_CASE("trace sections: an empty trace has every section, empty, in canonical order", "[trace]") {
  const Trace t;
  CHECK(t.root().dump() ==
        R"({"warnings":[],"evaluation":{},"filters":[],"dispatch":{},"requirement":{},"strategies":[],"scoring":[],)"
        R"("pick":{},"summary":[],"caps":[],"quirks":[],"messages":[],"error":null})");
  CHECK(t.dispatch_selector().empty());
}

TEST_CASE("trace sections: each reads alone as in the whole trace", "[trace]") {
  const Trace t = full_trace();
  const Json& root = t.root();
  std::vector<std::string> keys;
  for (auto it = root.begin(); it != root.end(); ++it) keys.push_back(it.key());
  CHECK(keys == std::vector<std::string>(std::begin(Trace::kSections), std::end(Trace::kSections)));
  for (const std::string_view name : Trace::kSections) {
    CAPTURE(name);
    CHECK(section(t, name) == root[std::string(name)]);
  }
  CHECK(root["requirement"].dump() == R"({"selector":"vllm","list":[1,2]})");
  CHECK(root["dispatch"].dump() == R"({"selector":"vllm","reason":"backend vLLM"})");
  CHECK(root["error"].dump() == R"({"kind":"reference_error","stage":"fit","reason":"why","values":{"v":1}})");
  CHECK(t.dispatch_selector() == "vllm");
  CHECK(text_of(t) == root.dump(2));
}

TEST_CASE("trace sections: a name that is no section writes nothing", "[trace]") {
  const Trace t = full_trace();
  for (const char* name : {"", "trace", "Filters", "filters/0"}) {
    CAPTURE(name);
    JsonTreeOut tree;
    CHECK_FALSE(t.write_section(name, tree));
    CHECK(tree.take().is_null());
  }
  CHECK(t.sections({"messages", "nope", "error"}).dump() ==
        R"({"messages":[{"source":"filters","key":"status","values":{"n":1}}],"error":{"kind":"reference_error","stage":"fit","reason":"why","values":{"v":1}}})");
}

TEST_CASE("trace sections: summary lines merge on key, unit and params and sort at the end", "[trace]") {
  struct Row {
    const char* key;
    long long count, of;
    const char* unit;
    Json params;
  };
  const std::vector<Row> rows{
      {"b", 1, 4, "workers", Json::object()},
      {"a", 1, 4, "workers", Json::object()},
      {"b", 2, 3, "workers", Json::object()},  // merges into the first: count 3, of stays 4
      {"b", 1, 9, "gpus", Json::object()},     // another unit: its own line
      {"a", 1, 4, "workers", Json{{"p", 1}}},  // other params: its own line
  };
  Trace t;
  for (const Row& r : rows) t.summary(r.key, r.count, r.of, r.unit, r.params);
  t.finish();
  CHECK(section(t, "summary").dump() ==
        R"([{"count":3,"of":4,"key":"b","unit":"workers","params":{}},)"
        R"({"count":1,"of":4,"key":"a","unit":"workers","params":{"p":1}},)"  // params by their text: '"' < '}'
        R"({"count":1,"of":4,"key":"a","unit":"workers","params":{}},)"
        R"({"count":1,"of":9,"key":"b","unit":"gpus","params":{}}])");
}

TEST_CASE("trace sections: a quirk is one per id and place", "[trace]") {
  Trace t;
  t.quirk("Q1", "a", "first");
  t.quirk("Q1", "a", "repeat, dropped");
  t.quirk("Q1", "b", "another place");
  t.quirk("Q2", "a", "another quirk");
  CHECK(section(t, "quirks").dump() ==
        R"([{"id":"Q1","where":"a","effect":"first"},{"id":"Q1","where":"b","effect":"another place"},)"
        R"({"id":"Q2","where":"a","effect":"another quirk"}])");
}

}  // namespace placement
