// The scale-down scorer records (scheduler-rules.md §4.5, §6.4, §6.5): one row per shape, members
// in the contract's order, ints as ints and scores as doubles, null where a value is absent.
#include <catch2/catch.hpp>

#include <functional>
#include <string>
#include <vector>

#include "scorers/scale_down_records.h"
#include "trace/trace_test_support.h"

using namespace placement;

namespace {

template <class Item>
ScaleDownRow<Item> row_of(Item item, const char* why = nullptr) {
  ScaleDownRow<Item> row;
  row.instance_id = 7;
  row.name = "i7";
  row.why = why;
  row.item = std::move(item);
  return row;
}

StatusItem status(std::optional<std::string> worker_state, const char* rule, double score) {
  StatusItem item;
  item.instance_state = "running";
  item.worker_state = std::move(worker_state);
  item.rule = rule;
  item.score = score;
  return item;
}

OffloadItem offload(std::optional<int> offload_layers, std::optional<int> total_layers, const char* rule, bool q8, double score) {
  OffloadItem item;
  item.offload_layers = offload_layers;
  item.total_layers = total_layers;
  item.rule = rule;
  item.q8 = q8;
  item.score = score;
  return item;
}

template <class Record>
std::shared_ptr<const TraceRecord> with_rows(decltype(Record::instances) rows) {
  auto rec = std::make_shared<Record>();
  rec->instances = std::move(rows);
  return rec;
}

std::shared_ptr<const TraceRecord> binpack(std::vector<std::int64_t> shared, std::vector<ScaleDownRow<BinpackRecord>> rows) {
  auto rec = std::make_shared<BinpackDownRecord>();
  rec->head.other_models_ignored_on = std::move(shared);
  rec->instances = std::move(rows);
  return rec;
}

std::shared_ptr<const TraceRecord> spread(std::vector<ScaleDownRow<SpreadItem>> rows) {
  auto rec = std::make_shared<SpreadDownRecord>();
  rec->instances = std::move(rows);
  rec->counts = {WorkerSpreadCounts{3, {1, 2}, {{0, {1, 0}}}}};
  rec->stats.workers = 2;
  rec->stats.max_current = 1;
  return rec;
}

SpreadItem unknown_spread_worker() {
  SpreadItem item;
  item.known_worker = false;
  return item;
}

BinpackRecord binpack_cpu(double score) {
  BinpackRecord r;
  r.main_done = r.scored = true;
  r.main.reached = BinpackItem::Reached::score;
  r.main.worker_id = 3;
  r.main.worker_name = "w3";
  r.main.alloc_ram = 600;
  r.main.claim_ram = 300;
  r.main.denominator = 900;
  r.main.score = r.score = score;
  return r;
}

}  // namespace

TEST_CASE("scale-down scorer records: one row per shape", "[scorers][trace]") {
  struct Row {
    const char* name;
    std::shared_ptr<const TraceRecord> record;
    std::string text;  // compact JSON
  };
  const std::vector<Row> rows = {
      {"status, ready and running", with_rows<StatusDownRecord>({row_of(status("ready", status_rule::kReadyAndRunning, 100.0))}),
       R"({"scorer":"status","max":100.0,"instances":[{"instance_id":7,"name":"i7","instance_state":"running",)"
       R"("worker_state":"ready","rule":"ready_and_running","score":100.0}]})"},
      {"status, no worker: worker_state null", with_rows<StatusDownRecord>({row_of(status(std::nullopt, status_rule::kNoWorker, 0.0))}),
       R"({"scorer":"status","max":100.0,"instances":[{"instance_id":7,"name":"i7","instance_state":"running",)"
       R"("worker_state":null,"rule":"no_worker","score":0.0}]})"},
      {"status, no instances", with_rows<StatusDownRecord>({}), R"({"scorer":"status","max":100.0,"instances":[]})"},
      {"offload, ratio: counts stay ints", with_rows<OffloadDownRecord>({row_of(offload(60, 81, offload_rule::kRatio, false, 7.5))}),
       R"({"scorer":"offload_layer","max":10.0,"instances":[{"instance_id":7,"name":"i7","offload_layers":60,)"
       R"("total_layers":81,"rule":"ratio","score":7.5}]})"},
      {"offload, no claim: nulls and Q8",
       with_rows<OffloadDownRecord>({row_of(offload(std::nullopt, std::nullopt, offload_rule::kNoClaim, true, 0.0))}),
       R"({"scorer":"offload_layer","max":10.0,"instances":[{"instance_id":7,"name":"i7","offload_layers":null,)"
       R"("total_layers":null,"rule":"no_claim","quirks":["Q8"],"score":0.0}]})"},
      {"offload, raised: the counts only", with_rows<OffloadDownRecord>({row_of(offload(3, 0, nullptr, false, 0.0))}),
       R"({"scorer":"offload_layer","max":10.0,"instances":[{"instance_id":7,"name":"i7","offload_layers":3,)"
       R"("total_layers":0}]})"},
      {"binpack, no worker and a CPU item",
       binpack({}, {row_of(BinpackRecord{}, scale_down_why::kNoWorker), row_of(binpack_cpu(0.5))}),
       R"({"scorer":"placement","strategy":"binpack","scale":"scale_down","max":1.0,"instances":[)"
       R"({"instance_id":7,"name":"i7","why":"no_worker","score":0.0},)"
       R"({"instance_id":7,"name":"i7","main":{"worker_id":3,"worker_name":"w3","alloc":{"ram":600,"vram":{}},)"
       R"("kind":"cpu","claim_ram":300,"denominator":900,"score":0.5},"score":0.5}]})"},
      {"binpack, other models ignored (Q6)", binpack({3, 5}, {}),
       R"({"scorer":"placement","strategy":"binpack","scale":"scale_down","max":1.0,)"
       R"("other_models_ignored_on":[3,5],"quirks":["Q6"],"instances":[]})"},
      {"spread: instances before counts and stats",
       spread({row_of(SpreadItem{}, scale_down_why::kNoWorker), row_of(unknown_spread_worker())}),
       R"({"scorer":"placement","strategy":"spread","scale":"scale_down","max":1.0,"instances":[)"
       R"({"instance_id":7,"name":"i7","why":"no_worker","score":0.0},)"
       R"({"instance_id":7,"name":"i7","why":"unknown_worker","score":0.0}],)"
       R"("counts":[{"worker_id":3,"current":1,"others":2,"gpus":[{"index":0,"current":1,"others":0}]}],)"
       R"("stats":{"workers":2,"any_zero_current":true,"min_current":0,"max_current":1,"min_others":0,"max_others":0}})"},
  };
  for (const Row& row : rows) {
    SECTION(row.name) {
      const Json j = row.record->to_json();
      CHECK(j.dump() == row.text);
      CHECK(testing::text_of(*row.record) == j.dump(2));
    }
  }
}
