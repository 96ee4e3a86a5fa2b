// F4 status filter (scheduler-rules.md §2), one row per rule.
#include <catch2/catch.hpp>

#include "filter_test_support.h"

using namespace placement;
using namespace placement::filter_test;

TEST_CASE("status filter: only `ready` stays") {
  struct Row {
    const char* state;
    bool pass;
  };
  const Row rows[] = {{"ready", true}, {"not_ready", false}, {"unreachable", false}, {"maintenance", false},
                      {"Running", false} /* unknown state, kept verbatim */, {"READY", false} /* case matters */};
  for (const Row& row : rows) {
    INFO(row.state);
    FilterRun run = run_filters(Json::array({worker(1, "w1", Json{{"state", row.state}}), worker(2, "ok")}), custom_model());
    const Json& e = run.worker_entry("status", "w1");
    CHECK(e["pass"] == row.pass);
    CHECK(e["code"] == (row.pass ? "ready" : "not_ready"));
    if (!row.pass) CHECK(e["data"]["state"] == row.state);
    auto msgs = run.messages("status");
    // "Matched k/n workers by READY status." only when someone was removed.
    REQUIRE(msgs.size() == (row.pass ? 0u : 1u));
    if (!row.pass) {
      CHECK(msgs[0]["matched"] == 1);
      CHECK(msgs[0]["of"] == 2);
    }
  }
}
