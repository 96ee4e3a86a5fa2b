// Typed values of the trace's messages, summary lines and errors (§6.6, §6.9, §7.2): typed fields,
// a record shared with its stage, or the Json fallback, each writing exactly what the Json object
// wrote, in the tree and as text; summary lines merge and sort alike whichever way they came.
#include <catch2/catch.hpp>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "scenario/errors.h"
#include "trace/trace.h"
#include "trace/trace_test_support.h"

namespace placement {

using testing::CountingList;
using testing::section;
using testing::text_of;

TEST_CASE("trace values: every kind writes the Json it replaces", "[trace_values]") {
  struct Row {
    const char* what;
    TraceValues values;
    Json expected;
  };
  const std::optional<std::string> none, pinned = std::string("v1");
  const std::vector<Row> rows = {
      {"default is {}", {}, Json::object()},
      {"typed fields", DataFields{{"worker", "w"}, {"gpu_index", 2}}, Json{{"worker", "w"}, {"gpu_index", 2}}},
      {"Json fallback", Json{{"worker", "w"}, {"gpu_index", 2}}, Json{{"worker", "w"}, {"gpu_index", 2}}},
      {"shared record", std::shared_ptr<const DeferredList>(std::make_shared<CountingList>(2, 5)), Json{5, 6}},
      {"optional string, set and unset", DataFields{{"a", pinned}, {"b", none}}, Json{{"a", "v1"}, {"b", nullptr}}},
      {"record inside fields",
       DataFields{{"reasons", std::shared_ptr<const DeferredList>(std::make_shared<CountingList>(1, 0))}},
       Json{{"reasons", {0}}}},
  };
  for (const Row& r : rows) {
    CAPTURE(r.what);
    CHECK(r.values.to_json().dump() == r.expected.dump());
    CHECK(text_of(r.values) == r.expected.dump(2));
  }
}

TEST_CASE("trace values: set adds or replaces a member in place, whatever the kind", "[trace_values]") {
  struct Row {
    const char* what;
    TraceValues values;
    const char* expected;
  };
  const std::vector<Row> rows = {
      {"typed", DataFields{{"worker_id", 1}, {"instance_id", 0}}, R"({"worker_id":1,"instance_id":7,"candidate":3})"},
      {"Json", Json{{"worker_id", 1}, {"instance_id", 0}}, R"({"worker_id":1,"instance_id":7,"candidate":3})"},
      {"empty", {}, R"({"instance_id":7,"candidate":3})"},
  };
  for (Row r : rows) {
    CAPTURE(r.what);
    r.values.set({"instance_id", 7});
    r.values.set({"candidate", std::size_t{3}});
    CHECK(r.values.to_json().dump() == r.expected);
  }
}

TEST_CASE("trace values: messages, summary lines and the error write the same bytes typed or not",
          "[trace_values]") {
  struct Row {
    const char* what;
    std::function<void(Trace&)> typed;
    std::function<void(Trace&)> untyped;
    const char* section;
    const char* expected;
  };
  const std::vector<Row> rows = {
      {"message", [](Trace& t) { t.message("filters", "cluster", DataFields{{"matched", std::size_t{2}}}); },
       [](Trace& t) { t.message("filters", "cluster", Json{{"matched", std::size_t{2}}}); }, "messages",
       R"([{"source":"filters","key":"cluster","values":{"matched":2}}])"},
      {"message without values", [](Trace& t) { t.message("no_workers", "no_workers"); },
       [](Trace& t) { t.message("no_workers", "no_workers", Json::object()); }, "messages",
       R"([{"source":"no_workers","key":"no_workers","values":{}}])"},
      {"message sharing a record",
       [](Trace& t) { t.message("filters", "status", std::make_shared<CountingList>(1, 4)); },
       [](Trace& t) { t.message("filters", "status", Json{4}); }, "messages",
       R"([{"source":"filters","key":"status","values":[4]}])"},
      {"summary line", [](Trace& t) { t.summary("excluded", 2, 5, "workers", DataFields{{"filter", "status"}}); },
       [](Trace& t) { t.summary("excluded", 2, 5, "workers", Json{{"filter", "status"}}); }, "summary",
       R"([{"count":2,"of":5,"key":"excluded","unit":"workers","params":{"filter":"status"}}])"},
      {"error", [](Trace& t) { t.error("reference_error", "fit", "why", DataFields{{"worker", "w"}}); },
       [](Trace& t) { t.error("reference_error", "fit", "why", Json{{"worker", "w"}}); }, "error",
       R"({"kind":"reference_error","stage":"fit","reason":"why","values":{"worker":"w"}})"},
      {"error without values", [](Trace& t) { t.error("unsupported", "dispatch", "out of scope"); },
       [](Trace& t) { t.error("unsupported", "dispatch", "out of scope", Json::object()); }, "error",
       R"({"kind":"unsupported","stage":"dispatch","reason":"out of scope","values":{}})"},
      {"cap", [](Trace& t) { t.cap("C1", 10, 12, "stopped"); }, [](Trace& t) { t.cap("C1", 10, 12, "stopped"); },
       "caps", R"([{"id":"C1","limit":10,"actual":12,"effect":"stopped"}])"},
  };
  for (const Row& r : rows) {
    CAPTURE(r.what);
    Trace typed, untyped;
    r.typed(typed);
    r.untyped(untyped);
    CHECK(section(typed, r.section).dump() == r.expected);
    CHECK(section(untyped, r.section).dump() == r.expected);
  }
}

TEST_CASE("trace values: summary lines merge by their params' text and sort by it", "[trace_values]") {
  Trace t;
  t.summary("rejected_vram", 1, 4, "gpus", DataFields{{"selector", "gguf"}, {"strategy", "b"}});
  t.summary("rejected_vram", 1, 4, "gpus", DataFields{{"selector", "gguf"}, {"strategy", "a"}});
  t.summary("rejected_vram", 2, 6, "gpus", Json{{"selector", "gguf"}, {"strategy", "b"}});  // merges with the first
  t.summary("rejected_vram", 1, 4, "workers", DataFields{{"selector", "gguf"}, {"strategy", "a"}});  // another unit
  t.finish();
  const Json lines = section(t, "summary");
  struct Row {
    long long count, of;
    const char* unit;
    const char* strategy;
  };
  const Row rows[] = {{3, 6, "gpus", "b"}, {1, 4, "gpus", "a"}, {1, 4, "workers", "a"}};
  REQUIRE(lines.size() == std::size(rows));
  for (std::size_t i = 0; i < std::size(rows); ++i) {
    CAPTURE(i);
    CHECK(lines[i]["count"] == rows[i].count);
    CHECK(lines[i]["of"] == rows[i].of);
    CHECK(lines[i]["unit"] == rows[i].unit);
    CHECK(lines[i]["params"]["strategy"] == rows[i].strategy);
  }
}

TEST_CASE("trace values: a reference error keeps typed values, readable as Json", "[trace_values]") {
  struct Row {
    const char* what;
    ReferenceError error;
    const char* expected;
  };
  const std::vector<Row> rows = {
      {"typed", ReferenceError("fit", "r", DataFields{{"worker", "w"}, {"gpu_index", 1}}), R"({"worker":"w","gpu_index":1})"},
      {"Json fallback", ReferenceError("fit", "r", Json{{"worker", "w"}, {"gpu_index", 1}}), R"({"worker":"w","gpu_index":1})"},
      {"none", ReferenceError("fit", "r"), "{}"},
  };
  for (const Row& r : rows) {
    CAPTURE(r.what);
    CHECK(r.error.values().dump() == r.expected);
    Trace t;
    t.error("reference_error", r.error.stage(), r.error.reason(), r.error.trace_values());
    CHECK(section(t, "error")["values"].dump() == r.expected);
  }
  CHECK(rows[0].error.trace_values().fields() != nullptr);
  CHECK(rows[1].error.trace_values().fields() == nullptr);
}

}  // namespace placement
