// A selector's §6.9 messages are kept in its own list while it decides and reach the trace once,
// in order, also when the decision throws.
#include <catch2/catch.hpp>

#include <stdexcept>

#include "fit/common/selector_messages.h"

using namespace placement;

namespace {

std::vector<std::string> keys(const SelectorMessages& m) {
  std::vector<std::string> out;
  for (const SelectorMessage& s : m.list()) out.push_back(s.source + ":" + s.key);
  return out;
}

std::vector<std::string> trace_keys(const Trace& t) {
  std::vector<std::string> out;
  for (const Json& m : t.root()["messages"]) out.push_back(m["source"].get<std::string>() + ":" + m["key"].get<std::string>());
  return out;
}

}  // namespace

TEST_CASE("selector messages: add, insert and last keep GPUStack's order", "[selector_messages]") {
  struct Row {
    const char* what;
    std::size_t insert_at;
    std::vector<std::string> expected;
  };
  // Starting from [manual:overcommit, manual:distributed_limit], a requirement note is inserted.
  const Row rows[] = {
      {"before everything", 0, {"vllm:requirement", "manual:overcommit", "manual:distributed_limit"}},
      {"between", 1, {"manual:overcommit", "vllm:requirement", "manual:distributed_limit"}},
      {"at the end", 2, {"manual:overcommit", "manual:distributed_limit", "vllm:requirement"}},
      {"past the end: clamped", 9, {"manual:overcommit", "manual:distributed_limit", "vllm:requirement"}},
  };
  for (const Row& row : rows) {
    SECTION(row.what) {
      SelectorMessages m;
      m.add("manual", "overcommit", Json{{"n", 1}});
      m.add("manual", "distributed_limit", Json{{"worker", "a"}});
      m.insert(row.insert_at, SelectorMessage{"vllm", "requirement", Json{{"vram", 1}}});
      CHECK(keys(m) == row.expected);
      CHECK(m.size() == 3);
    }
  }
}

TEST_CASE("selector messages: last finds the newest of a source and key", "[selector_messages]") {
  SelectorMessages m;
  CHECK(m.last("manual", "distributed_limit") == nullptr);
  m.add("manual", "distributed_limit", Json{{"worker", "a"}});
  m.add("sglang", "requirement");
  m.add("manual", "distributed_limit", Json{{"worker", "b"}});
  const struct {
    const char* source;
    const char* key;
    Json values;  // null: not found
  } rows[] = {
      {"manual", "distributed_limit", Json{{"worker", "b"}}},
      {"sglang", "requirement", Json::object()},
      {"sglang", "distributed_limit", nullptr},
      {"manual", "requirement", nullptr},
  };
  for (const auto& row : rows) {
    CAPTURE(row.source, row.key);
    const SelectorMessage* found = m.last(row.source, row.key);
    if (row.values.is_null()) {
      CHECK(found == nullptr);
    } else {
      REQUIRE(found != nullptr);
      CHECK(found->values.to_json() == row.values);
    }
  }
}

TEST_CASE("selector messages: commit writes the survivors once, after what the trace holds", "[selector_messages]") {
  Trace t;
  t.message("filters", "status", Json{{"excluded", 1}});
  SelectorMessages m;
  m.add("vllm", "requirement", Json{{"vram", 5}});
  m.add("vllm", "single_gpu");
  m.clear();  // a winner: GPUStack drops its notes
  m.add("manual", "distributed_limit", Json{{"worker", "w"}});
  m.commit(t);
  CHECK(m.empty());
  CHECK(trace_keys(t) == std::vector<std::string>{"filters:status", "manual:distributed_limit"});
  CHECK(t.root()["messages"][1]["values"] == Json{{"worker", "w"}});
  m.commit(t);  // nothing left to write
  CHECK(t.root()["messages"].size() == 2);
}

TEST_CASE("selector messages: a decision's notes reach the trace whether it returns or throws", "[selector_messages]") {
  SECTION("returns") {
    Trace t;
    const int r = decide_with_messages(t, [](SelectorMessages& m) {
      m.add("custom", "requirement");
      return 7;
    });
    CHECK(r == 7);
    CHECK(trace_keys(t) == std::vector<std::string>{"custom:requirement"});
  }
  SECTION("throws") {
    Trace t;
    CHECK_THROWS_AS(decide_with_messages(t,
                                         [](SelectorMessages& m) -> int {
                                           m.add("vllm", "requirement");
                                           throw std::runtime_error("fit failed");
                                         }),
                    std::runtime_error);
    CHECK(trace_keys(t) == std::vector<std::string>{"vllm:requirement"});
  }
}
