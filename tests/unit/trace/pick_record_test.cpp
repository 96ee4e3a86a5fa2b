// The pick records (§6.5), scale-up and scale-down, as JSON.
#include <catch2/catch.hpp>

#include "trace/pick_record.h"

namespace placement {

TEST_CASE("pick record: scale-up, before, without and with a pick", "[trace]") {
  struct Row {
    const char* what;
    void (*fill)(ScaleUpPick&);
    const char* json;
  };
  const std::vector<Row> rows{
      {"the pick did not run", [](ScaleUpPick&) {}, "{}"},
      {"nothing to pick", [](ScaleUpPick& p) { p.none(); }, R"({"selected":null})"},
      {"a pick", [](ScaleUpPick& p) { p.picked(2, 85.5, "w1", {}); }, R"({"selected":2,"score":85.5,"worker_name":"w1"})"},
      {"a pick with ties", [](ScaleUpPick& p) { p.picked(0, 10.0, "w0", {3, 4}); },
       R"({"selected":0,"score":10.0,"worker_name":"w0","tied_with":[3,4]})"},
  };
  for (const Row& r : rows) {
    CAPTURE(r.what);
    ScaleUpPick pick;
    r.fill(pick);
    CHECK(pick.to_json().dump() == r.json);
  }
}

TEST_CASE("pick record: scale-down keeps, counts and deletes", "[trace]") {
  CHECK(ScaleDownPick(1, 3, {7, 5}).to_json().dump() == R"({"keep":1,"instances":3,"delete":[7,5]})");
  CHECK(ScaleDownPick(2, 0, {}).to_json().dump() == R"({"keep":2,"instances":0,"delete":[]})");
}

}  // namespace placement
