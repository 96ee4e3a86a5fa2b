// Custom's typed records: rejections (the subject's gpu_indexes null or a list, shortfalls in
// order, `data` only when set) and the largest_worker extra.
#include <catch2/catch.hpp>

#include "fit/custom/custom_rejections.h"
#include "fit/custom/largest_worker.h"
#include "trace/trace_test_support.h"

namespace placement::custom {

TEST_CASE("custom rejections: subject, code, shortfalls, then data when set", "[custom][record]") {
  struct Row {
    const char* what;
    std::optional<std::vector<int>> gpu_indexes;
    const char* code;
    std::vector<Shortfall> shortfalls;
    DataFields data;
    const char* expected;  // compact JSON
  };
  const Row rows[] = {
      {"no usable GPU type: gpu_indexes null, no data", std::nullopt, "no_gpus", {}, {},
       R"({"subject":{"worker_id":7,"worker_name":"w","gpu_indexes":null,"rpc":[]},"code":"no_gpus","shortfalls":[]})"},
      {"Q1: the hidden type's GPUs, with data", std::vector<int>{0, 2}, "no_gpus", {}, {{"gpu_type", "cuda"}, {"quirk", "Q1"}},
       R"({"subject":{"worker_id":7,"worker_name":"w","gpu_indexes":[0,2],"rpc":[]},"code":"no_gpus","shortfalls":[],"data":{"gpu_type":"cuda","quirk":"Q1"}})"},
      {"a GPU short of VRAM and the worker of RAM", std::vector<int>{1}, "shortfall",
       {custom_shortfall("vram", 1, 10, 4, false), custom_shortfall("ram", std::nullopt, 8, 6, true)}, {},
       R"({"subject":{"worker_id":7,"worker_name":"w","gpu_indexes":[1],"rpc":[]},"code":"shortfall","shortfalls":[)"
       R"({"dim":"vram","gpu_index":1,"need":10,"have":4,"short":6,"freeable":false},{"dim":"ram","need":8,"have":6,"short":2,"freeable":true}]})"},
  };
  Worker w;
  w.id = 7;
  w.name = "w";
  for (const Row& row : rows) {
    SECTION(row.what) {
      CustomRejections list;
      list.add(w, row.gpu_indexes, row.code, row.shortfalls, row.data);
      const Json tree = json_tree(list);
      REQUIRE(tree.size() == 1);
      CHECK(tree[0].dump() == row.expected);
      CHECK(placement::testing::text_of(list) == tree.dump(2));
    }
  }
}

TEST_CASE("custom rejections: the list is the record's rejections, in its slot", "[custom][record]") {
  StrategyRecord rec = begin_strategy_record("custom", "single_gpu", "tried");
  Worker w;
  w.id = 1;
  w.name = "a";
  CustomRejections& list = begin_rejections(rec);
  list.add(w, std::nullopt, "no_gpus");  // added after the list was set: still written
  const Json tree = rec.to_json();
  REQUIRE(tree["rejections"].size() == 1);
  CHECK(tree["rejections"][0]["code"] == "no_gpus");
  std::vector<std::string> keys;
  for (auto it = tree.begin(); it != tree.end(); ++it) keys.push_back(it.key());
  CHECK(keys == std::vector<std::string>{"selector", "strategy", "status", "skip", "candidates_found", "examined", "rejections",
                                         "not_examined", "caps", "quirks"});
}

}  // namespace placement::custom

namespace placement::custom {

TEST_CASE("custom largest_worker: allocatable VRAM then GPU count", "[custom][record]") {
  struct Row {
    Bytes vram;
    std::size_t gpus;
    const char* expected;
  };
  const Row rows[] = {{0, 0, R"({"allocatable_vram":0,"gpu_count":0})"}, {34359738368, 2, R"({"allocatable_vram":34359738368,"gpu_count":2})"}};
  for (const Row& row : rows) {
    CAPTURE(row.expected);
    CHECK(json_tree(LargestWorker(row.vram, row.gpus)).dump() == row.expected);
  }
}

}  // namespace placement::custom
