// The SGLang strategies' typed extras: the multi-worker `types` (gates, walk, count groups) and
// the `examined` counts, each shape written member by member as the strategy once built it.
#include <catch2/catch.hpp>

#include <functional>

#include "fit/sglang/examined_counts.h"
#include "fit/sglang/multi_worker_record.h"
#include "trace/trace_test_support.h"

using namespace placement;
using placement::testing::text_of;

namespace {

Rejection ram_rejection(std::int64_t id, const char* name) {
  return Rejection{id, name, {}, "insufficient", {Shortfall{"ram", std::nullopt, 8, 5, 3, true}}};
}

}  // namespace

TEST_CASE("sglang multi-worker types: each shape writes its members in order", "[sglang][record]") {
  struct Row {
    const char* what;
    std::function<void(SglangTypeRecord&)> fill;
    const char* expected;  // compact JSON of the one type record
  };
  const char* subject = R"("subject":{"worker_id":3,"worker_name":"b","gpu_indexes":[],"rpc":[]})";
  const std::string ram_rej = std::string("{") + subject +
                              R"(,"code":"insufficient","shortfalls":[{"dim":"ram","need":8,"have":5,"short":3,"freeable":true}],"data":{}})";
  const std::string rows_ram = R"({"gpu_type":"4090","workers":2,"gates":[],"rejections":[)" + ram_rej + "]}";
  const Row rows[] = {
      {"no gates, no rejections", [](SglangTypeRecord&) {}, R"({"gpu_type":"4090","workers":2,"gates":[]})"},
      {"a RAM-short worker: rejections after the gates", [](SglangTypeRecord& t) { t.rejections.list.push_back(ram_rejection(3, "b")); },
       rows_ram.c_str()},
      {"a gate with one GPU",
       [](SglangTypeRecord& t) {
         SglangGate& g = t.gates.emplace_back();
         g.gpus = 1, g.why = "fewer than 2 GPUs";
       },
       R"({"gpu_type":"4090","workers":2,"gates":[{"gpus":1,"passed":false,"why":"fewer than 2 GPUs"}]})"},
      {"a gate failing the ratio lists its GPUs",
       [](SglangTypeRecord& t) {
         SglangGate& g = t.gates.emplace_back();
         g.gpus = 2, g.why = "a GPU fails the utilisation ratio";
         g.failing.push_back({"a", Shortfall{"vram_ratio", 1, 10, 4, 6, false}});
       },
       R"({"gpu_type":"4090","workers":2,"gates":[{"gpus":2,"passed":false,"why":"a GPU fails the utilisation ratio","failing":[{"worker":"a","shortfall":{"dim":"vram_ratio","gpu_index":1,"need":10,"have":4,"short":6,"freeable":false}}]}]})"},
      {"a later passing gate names the first walk",
       [](SglangTypeRecord& t) {
         SglangGate& g = t.gates.emplace_back();
         g.gpus = 2, g.passed = true, g.same_walk = true;
       },
       R"({"gpu_type":"4090","workers":2,"gates":[{"gpus":2,"passed":true,"walk":"same as the first passing gate"}]})"},
      {"a walk stopped before it began",
       [](SglangTypeRecord& t) {
         SglangGate& g = t.gates.emplace_back();
         g.gpus = 2, g.passed = true;
         g.walk.emplace().stopped = "fewer than 2 workers of the type";
       },
       R"({"gpu_type":"4090","workers":2,"gates":[{"gpus":2,"passed":true,"walk":{"stopped":"fewer than 2 workers of the type"}}]})"},
      {"a walk's count groups: skipped, joined, short",
       [](SglangTypeRecord& t) {
         SglangGate& g = t.gates.emplace_back();
         g.gpus = 2, g.passed = true;
         SglangWalk& w = g.walk.emplace();
         SglangCountGroup& few = w.count_groups.emplace_back();
         few.gpus_per_worker = 1, few.workers = 1, few.too_few_workers = true;
         SglangCountGroup& shortg = w.count_groups.emplace_back();
         shortg.gpus_per_worker = 2, shortg.workers = 2, shortg.joined = 1, shortg.vram_sum = 7;
         shortg.rejections.list.push_back(Rejection{3, "b", {}, "tp_not_divisible", {}, nullptr, DataFields{{"n", 3}}});
         shortg.shortfall = Shortfall{"vram_total", std::nullopt, 9, 7, 2, false};
         SglangCountGroup& held = w.count_groups.emplace_back();
         held.gpus_per_worker = 4, held.workers = 2, held.joined = 2, held.vram_sum = 9;
       },
       R"({"gpu_type":"4090","workers":2,"gates":[{"gpus":2,"passed":true,"walk":{"count_groups":[)"
       R"({"gpus_per_worker":1,"workers":1,"rejections":[],"skipped":"too_few_workers"},)"
       R"({"gpus_per_worker":2,"workers":2,"rejections":[{"subject":{"worker_id":3,"worker_name":"b","gpu_indexes":[],"rpc":[]},"code":"tp_not_divisible","shortfalls":[],"data":{"n":3}}],"joined":1,"vram_sum":7,"shortfall":{"dim":"vram_total","need":9,"have":7,"short":2,"freeable":false}},)"
       R"({"gpus_per_worker":4,"workers":2,"rejections":[],"joined":2,"vram_sum":9}]}}]})"},
  };
  for (const Row& row : rows) {
    SECTION(row.what) {
      SglangMultiWorkerTypes types;
      SglangTypeRecord& t = types.types.emplace_back();
      t.gpu_type = "4090", t.workers = 2;
      row.fill(t);
      const Json tree = json_tree(types);
      REQUIRE(tree.size() == 1);
      CHECK(tree[0].dump() == row.expected);
      CHECK(text_of(types) == tree.dump(2));
    }
  }
}

TEST_CASE("sglang examined: the units a strategy names, in order", "[sglang][record]") {
  struct Row {
    std::vector<std::pair<const char*, std::uint64_t>> counts;
    const char* expected;
  };
  const Row rows[] = {
      {{{"workers", 3}, {"gpus", 5}}, R"({"workers":3,"gpus":5})"},
      {{{"workers", 2}, {"groups", 0}}, R"({"workers":2,"groups":0})"},
      {{{"gpu_types", 1}}, R"({"gpu_types":1})"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.expected);
    SglangExamined examined(row.counts);
    CHECK(json_tree(examined).dump() == row.expected);
  }
}
