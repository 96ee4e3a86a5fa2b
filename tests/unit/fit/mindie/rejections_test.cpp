// MindIE's typed rejections: subject, code, stage (available-workers filter only), data (always
// for a strategy's, only with figures for the filter's), then shortfalls.
#include <catch2/catch.hpp>

#include "fit/mindie/mindie_rejections.h"
#include "trace/trace_test_support.h"

using namespace placement;
using namespace placement::mindie;

TEST_CASE("mindie rejections: each shape's members in order", "[mindie][record]") {
  struct Row {
    const char* what;
    MindieRejection rejection;
    const char* expected;  // compact JSON
  };
  const Shortfall ram{"ram", std::nullopt, 8, 5, 3, true};
  const Shortfall vram{"vram", 0, 10, 4, 6, false};
  const Row rows[] = {
      {"filter, no figures: stage, no data", {1, "a", {}, "no_gpus", true, std::nullopt, {}},
       R"({"subject":{"worker_id":1,"worker_name":"a","gpu_indexes":[],"rpc":[]},"code":"no_gpus","stage":"available_workers","shortfalls":[]})"},
      {"filter, RAM short", {1, "a", {}, "insufficient", true, std::nullopt, {ram}},
       R"({"subject":{"worker_id":1,"worker_name":"a","gpu_indexes":[],"rpc":[]},"code":"insufficient","stage":"available_workers","shortfalls":[{"dim":"ram","need":8,"have":5,"short":3,"freeable":true}]})"},
      {"filter, top device: data between stage and shortfalls",
       {1, "a", {0}, "insufficient", true, DataFields{{"rule", "top_device"}}, {vram}},
       R"({"subject":{"worker_id":1,"worker_name":"a","gpu_indexes":[0],"rpc":[]},"code":"insufficient","stage":"available_workers","data":{"rule":"top_device"},"shortfalls":[{"dim":"vram","gpu_index":0,"need":10,"have":4,"short":6,"freeable":false}]})"},
      {"strategy: data before shortfalls, no stage", {1, "a", {0, 1}, "gpu_count", false, DataFields{{"need", 4}}, {vram}},
       R"({"subject":{"worker_id":1,"worker_name":"a","gpu_indexes":[0,1],"rpc":[]},"code":"gpu_count","data":{"need":4},"shortfalls":[{"dim":"vram","gpu_index":0,"need":10,"have":4,"short":6,"freeable":false}]})"},
  };
  for (const Row& row : rows) {
    SECTION(row.what) {
      MindieRejections list;
      list.list.push_back(row.rejection);
      const Json tree = json_tree(list);
      REQUIRE(tree.size() == 1);
      CHECK(tree[0].dump() == row.expected);
      CHECK(placement::testing::text_of(list) == tree.dump(2));
    }
  }
}

TEST_CASE("mindie rejections: a strategy's rejection without figures writes data {}", "[mindie][record]") {
  Worker w;
  w.id = 2;
  w.name = "b";
  MindieRejections list;
  list.add(w, {3}, "insufficient", DataFields{});
  CHECK(json_tree(list)[0].dump() ==
        R"({"subject":{"worker_id":2,"worker_name":"b","gpu_indexes":[3],"rpc":[]},"code":"insufficient","data":{},"shortfalls":[]})");
}
