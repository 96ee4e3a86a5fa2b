// Placement binpack (scheduler-rules.md §4.2): the worked examples bit for bit, then one row per rule.
#include <catch2/catch.hpp>

#include "scenario/errors.h"
#include "scheduler.h"
#include "scorers/placement_binpack_scorer.h"
#include "scorer_test_support.h"

using namespace placement;
using namespace placement::test;

namespace {

// Scores `candidates[i]` of a scenario (scale-up, all instances) or `model_instances[i]`
// (scale-down, this model's instances only).
struct Binpack {
  Scenario s;
  WorkerLookup workers{s.workers};
  std::vector<const ModelInstance*> mine;
  AllocationIndex allocation;
  Trace trace;
  PlacementBinpackScorer scorer;

  Binpack(Scenario scenario, ScaleType scale)
      : s(std::move(scenario)),
        mine(this_model(s)),
        allocation(scale == ScaleType::up ? AllocationIndex(s.model_instances) : AllocationIndex(mine)),
        scorer(workers, allocation, scale, scale == ScaleType::up ? 100.0 : 1.0, &trace) {}

  static std::vector<const ModelInstance*> this_model(const Scenario& s) {
    std::vector<const ModelInstance*> out;
    for (const auto& i : s.model_instances)
      if (i.model_id == s.model.id) out.push_back(&i);
    return out;
  }
  // The record's members as JSON, also when scoring raised (what it had reached).
  template <class Record, class Score>
  static double scored(Json& rec, Record& record, Score score) {
    try {
      const double v = score();
      rec = members_json(record);
      return v;
    } catch (const ReferenceError&) {
      rec = members_json(record);
      throw;
    }
  }
  double candidate(std::size_t i, Json& rec) {
    BinpackRecord record;
    return scored(rec, record, [&] { return scorer.score_candidate(s.candidates->at(i), record); });
  }
  // The instance's row members (after its id and name).
  double instance(std::size_t i, Json& rec) {
    ScaleDownRow<BinpackRecord> row;
    return scored(rec, row, [&] { return scorer.score_instance(s.model_instances.at(i), row); });
  }
};

std::string scenario_text(const std::string& workers, const std::string& instances, const std::string& candidates) {
  return R"({"model": {"id": 1, "placement_strategy": "binpack"}, "workers": [)" + workers + R"(], "model_instances": [)" +
         instances + R"(], "candidates": [)" + candidates + "]}";
}

const std::string kHost4090 = worker_json(2, "host4090", 67183366144, "[" + gpu_json(0, 26015170560) + "]");
const std::string kHost4080 =
    worker_json(3, "host4080", 67183366144, "[" + gpu_json(0, 17171480576) + "," + gpu_json(1, 17171480576) + "]");

}  // namespace

TEST_CASE("binpack worked example: one GPU, 16.3503 exactly as GPUStack") {
  Binpack b(scenario_from(scenario_text(kHost4090, "",
                                        R"({"worker_id": 2, "gpu_indexes": [0],
        "computed_resource_claim": {"ram": 337237976, "vram": {"0": 6315049984}}})")),
            ScaleType::up);
  Json rec;
  CHECK(b.candidate(0, rec) == 16.350315512573545);
  CHECK(rec["main"]["gpus"][0]["r"].get<double>() == Approx(0.50197).epsilon(1e-4));
  CHECK(rec["main"]["gpus"][0]["v"].get<double>() == Approx(24.27449).epsilon(1e-6));
  CHECK(rec["main"]["chosen"] == 0);
}

TEST_CASE("binpack worked example: main + one RPC subordinate, 53.1051 exactly as GPUStack") {
  Binpack b(scenario_from(scenario_text(kHost4090 + "," + kHost4080, "", R"({"worker_id": 3, "gpu_indexes": [0, 1],
        "computed_resource_claim": {"ram": 421610680, "vram": {"0": 13811322880, "1": 13296406528}},
        "subordinate_workers": [{"worker_id": 2, "worker_name": "host4090", "gpu_indexes": [0],
          "computed_resource_claim": {"ram": 0, "vram": {"0": 19308028928}}}]})")),
            ScaleType::up);
  Json rec;
  CHECK(b.candidate(0, rec) == 53.10511012189776);
  CHECK(rec["main"]["score"].get<double>() == Approx(53.8304).epsilon(1e-6));
  CHECK(rec["subordinates"][0]["score"].get<double>() == Approx(49.4789).epsilon(1e-6));
  CHECK(rec["main"]["chosen"] == 0);
  CHECK_FALSE(rec.contains("quirks"));  // one subordinate: Q5 decides nothing
}

TEST_CASE("binpack scale-up rules, row by row") {
  struct Row {
    const char* rule;
    std::string workers, instances, candidate;
    double expected;
  };
  const std::string small = worker_json(1, "w", 1000, "[" + gpu_json(0, 100) + "," + gpu_json(1, 200) + "]");
  const std::vector<Row> rows = {
      {"CPU item: ram / A.ram x M", small, "", R"({"worker_id": 1, "computed_resource_claim": {"ram": 250}})", 25.0},
      {"CPU item: other instances reduce A.ram", small,
       R"({"id": 9, "model_id": 7, "worker_id": 1, "computed_resource_claim": {"ram": 500}})",
       R"({"worker_id": 1, "gpu_indexes": [], "computed_resource_claim": {"ram": 250}})", 50.0},
      {"GPU item: (r + 2v) / 3", small, "", R"({"worker_id": 1, "gpu_indexes": [0], "computed_resource_claim": {"ram": 100, "vram": {"0": 50}}})",
       (10.0 + 2 * 50.0) / 3},
      {"GPU item: null RAM claim makes r 0", small, "", R"({"worker_id": 1, "gpu_indexes": [0], "computed_resource_claim": {"vram": {"0": 50}}})",
       100.0 / 3},
      {"GPU item: A.ram 0 makes r 0", worker_json(1, "w", 0, "[" + gpu_json(0, 100) + "]"), "",
       R"({"worker_id": 1, "gpu_indexes": [0], "computed_resource_claim": {"ram": 0, "vram": {"0": 50}}})", 33.333333333333336},
      {"GPU item: no VRAM claim for the GPU makes v 0", small, "",
       R"({"worker_id": 1, "gpu_indexes": [0], "computed_resource_claim": {"ram": 300, "vram": {}}})", 10.0},
      {"GPU item: a GPU the worker lacks makes v 0", small, "",
       R"({"worker_id": 1, "gpu_indexes": [5], "computed_resource_claim": {"ram": 300, "vram": {"5": 10}}})", 10.0},
      {"GPU item: allocatable 0 makes v 0", small,
       R"({"id": 9, "model_id": 7, "worker_id": 1, "gpu_indexes": [0], "computed_resource_claim": {"ram": 0, "vram": {"0": 100}}})",
       R"({"worker_id": 1, "gpu_indexes": [0], "computed_resource_claim": {"ram": 0, "vram": {"0": 10}}})", 0.0},
      {"multi-GPU: the max s_i", small, "",
       R"({"worker_id": 1, "gpu_indexes": [1, 0], "computed_resource_claim": {"ram": 0, "vram": {"0": 50, "1": 50}}})", 100.0 / 3},
      {"claims above allocatable score above M", small, "",
       R"({"worker_id": 1, "gpu_indexes": [0], "computed_resource_claim": {"ram": 0, "vram": {"0": 150}}})", 100.0},
  };
  for (const Row& row : rows) {
    SECTION(row.rule) {
      Binpack b(scenario_from(scenario_text(row.workers, row.instances, row.candidate)), ScaleType::up);
      Json rec;
      CHECK(b.candidate(0, rec) == Approx(row.expected).epsilon(1e-15));
    }
  }
}

TEST_CASE("binpack multi-GPU picks the first strictly greater GPU") {
  const std::string w = worker_json(1, "w", 1000, "[" + gpu_json(0, 100) + "," + gpu_json(1, 100) + "," + gpu_json(2, 100) + "]");
  Binpack b(scenario_from(scenario_text(w, "", R"({"worker_id": 1, "gpu_indexes": [0, 1, 2],
      "computed_resource_claim": {"ram": 0, "vram": {"0": 10, "1": 40, "2": 40}}})")),
            ScaleType::up);
  Json rec;
  CHECK(b.candidate(0, rec) == Approx(80.0 / 3));
  CHECK(rec["main"]["chosen"] == 1);
  CHECK(rec["main"]["gpus"].size() == 3);
}

TEST_CASE("binpack subordinate weighting (Q5): (5 S_main + n sum S_sub) / (5 + n)") {
  CHECK(PlacementBinpackScorer::combine_with_subordinates(60, 40, 1) == Approx((5 * 60 + 40) / 6.0));
  CHECK(PlacementBinpackScorer::combine_with_subordinates(60, 40 + 20, 2) == Approx((5 * 60 + 2 * 60) / 7.0));
  const std::string w1 = worker_json(1, "a", 1000, "[" + gpu_json(0, 100) + "]");
  const std::string w2 = worker_json(2, "b", 1000, "[" + gpu_json(0, 100) + "]");
  const std::string w3 = worker_json(3, "c", 1000, "[" + gpu_json(0, 100) + "]");
  Binpack b(scenario_from(scenario_text(w1 + "," + w2 + "," + w3, "", R"({"worker_id": 1, "gpu_indexes": [0],
      "computed_resource_claim": {"ram": 0, "vram": {"0": 30}},
      "subordinate_workers": [
        {"worker_id": 2, "gpu_indexes": [0], "computed_resource_claim": {"ram": 0, "vram": {"0": 30}}},
        {"worker_id": 3, "gpu_indexes": [0], "computed_resource_claim": {"ram": 0, "vram": {"0": 30}}}]})")),
            ScaleType::up);
  Json rec;
  // Every item scores 20; the sum (40) times the count (2) outweighs a plain average (20).
  CHECK(b.candidate(0, rec) == Approx((5 * 20.0 + 2 * 40.0) / 7));
  CHECK(rec["subordinate_sum"].get<double>() == Approx(40.0));
  CHECK(rec["quirks"] == Json::array({"Q5"}));
  CHECK(b.trace.root()["quirks"][0]["id"] == "Q5");
}

TEST_CASE("binpack raises where GPUStack raises") {
  struct Row {
    const char* rule;
    std::string workers, candidate;
  };
  const std::string w = worker_json(1, "w", 1000, "[" + gpu_json(0, 100) + "]");
  const std::string empty_ram = worker_json(1, "w", 0, "[]");
  const std::string mac = worker_json(1, "mac", 1000, "[" + gpu_json(1, 100, "mps") + "]", "ready", true);
  const std::vector<Row> rows = {
      {"CPU item with A.ram 0", empty_ram, R"({"worker_id": 1, "computed_resource_claim": {"ram": 10}})"},
      {"CPU item with a null RAM claim", w, R"({"worker_id": 1, "computed_resource_claim": {"vram": {}}})"},
      {"an unknown subordinate", w,
       R"({"worker_id": 1, "gpu_indexes": [0], "computed_resource_claim": {"ram": 1, "vram": {"0": 1}},
          "subordinate_workers": [{"worker_id": 42, "gpu_indexes": [0], "computed_resource_claim": {"ram": 0, "vram": {"0": 1}}}]})"},
      {"a subordinate with a null claim", w + "," + worker_json(2, "v", 1000, "[" + gpu_json(0, 100) + "]"),
       R"({"worker_id": 1, "gpu_indexes": [0], "computed_resource_claim": {"ram": 1, "vram": {"0": 1}},
          "subordinate_workers": [{"worker_id": 2, "gpu_indexes": [0]}]})"},
      {"an unknown candidate worker", w, R"({"worker_id": 77, "gpu_indexes": [0], "computed_resource_claim": {"ram": 1, "vram": {"0": 1}}})"},
      {"a UMA worker with GPUs but no index 0", mac,
       R"({"worker_id": 1, "gpu_indexes": [1], "computed_resource_claim": {"ram": 1, "vram": {"1": 1}}})"},
  };
  for (const Row& row : rows) {
    SECTION(row.rule) {
      Binpack b(scenario_from(scenario_text(row.workers, "", row.candidate)), ScaleType::up);
      Json rec;
      CHECK_THROWS_AS(b.candidate(0, rec), ReferenceError);
    }
  }
}

TEST_CASE("binpack scale-down: denominators add the instance's own claim; this model's instances only (Q6)") {
  const std::string w = worker_json(1, "w", 1000, "[" + gpu_json(0, 100) + "]");
  const std::string instances = R"(
      {"id": 1, "model_id": 1, "worker_id": 1, "gpu_indexes": [0], "computed_resource_claim": {"ram": 100, "vram": {"0": 40}}},
      {"id": 2, "model_id": 7, "worker_id": 1, "gpu_indexes": [0], "computed_resource_claim": {"ram": 800, "vram": {"0": 50}}},
      {"id": 3, "model_id": 1, "worker_id": 1, "computed_resource_claim": {"ram": 300}},
      {"id": 4, "model_id": 1, "worker_id": 99, "computed_resource_claim": {"ram": 300}},
      {"id": 5, "model_id": 1, "computed_resource_claim": {"ram": 300}},
      {"id": 6, "model_id": 1, "worker_id": 1, "gpu_indexes": [0]},
      {"id": 7, "model_id": 1, "worker_id": 1},
      {"id": 8, "model_id": 1, "worker_id": 1, "computed_resource_claim": {"vram": {}}})";
  Binpack b(scenario_from(scenario_text(w, instances, "")), ScaleType::down);
  Json rec;
  // Model 1 holds ram 100 + 300 on worker 1 (null claims add nothing) → A.ram = 1000 - 400 = 600
  // and A_0 = 100 - 40 = 60; model 7's claims are ignored.
  // Instance 1: r = 100 / (600 + 100), v = 40 / (60 + 40).
  CHECK(b.instance(0, rec) == Approx((100.0 / 700 + 2 * (40.0 / 100)) / 3).epsilon(1e-15));
  CHECK(b.instance(2, rec) == Approx(300.0 / 900).epsilon(1e-15));
  Json unknown;
  CHECK(b.instance(3, unknown) == 0.0);
  CHECK(unknown["why"] == "unknown_worker");
  Json no_worker;
  CHECK(b.instance(4, no_worker) == 0.0);
  CHECK(no_worker["why"] == "no_worker");
  Json r1, r2, r3;
  CHECK_THROWS_AS(b.instance(5, r1), ReferenceError);  // GPU instance, null claim
  CHECK_THROWS_AS(b.instance(6, r2), ReferenceError);  // CPU instance, null claim
  CHECK_THROWS_AS(b.instance(7, r3), ReferenceError);  // CPU instance, null RAM
}

TEST_CASE("binpack scale-down CPU denominator 0 raises") {
  Binpack b(scenario_from(scenario_text(worker_json(1, "w", 0, "[]"),
                                        R"({"id": 1, "model_id": 1, "worker_id": 1, "computed_resource_claim": {"ram": 0}})", "")),
            ScaleType::down);
  Json rec;
  CHECK_THROWS_AS(b.instance(0, rec), ReferenceError);
}

TEST_CASE("binpack: a record cut short by a reference error keeps what was scored before it") {
  // Scale-up scoring keeps typed rows and renders them later; when a candidate raises, the trace
  // must still show the candidates before it and the failing one's partial record, as GPUStack
  // had computed them.
  const std::string w = worker_json(1, "w", 1000, "[" + gpu_json(0, 100) + "]");
  const std::string v = worker_json(2, "v", 1000, "[" + gpu_json(0, 100) + "]");
  const std::string good = R"({"worker_id": 2, "gpu_indexes": [0], "computed_resource_claim": {"ram": 1, "vram": {"0": 1}}})";
  struct Row {
    const char* rule;
    std::string failing;
    std::vector<std::string> failing_keys;  // keys of the failing candidate's record
    std::size_t subordinates;               // subordinates listed in it
  };
  const std::vector<Row> rows = {
      {"an unknown subordinate after a known one",
       R"({"worker_id": 1, "gpu_indexes": [0], "computed_resource_claim": {"ram": 1, "vram": {"0": 1}},
          "subordinate_workers": [{"worker_id": 2, "gpu_indexes": [0], "computed_resource_claim": {"ram": 0, "vram": {"0": 1}}},
                                  {"worker_id": 42, "gpu_indexes": [0], "computed_resource_claim": {"ram": 0, "vram": {"0": 1}}}]})",
       {"candidate", "main", "subordinates"}, 1},
      {"a subordinate with a null claim",
       R"({"worker_id": 1, "gpu_indexes": [0], "computed_resource_claim": {"ram": 1, "vram": {"0": 1}},
          "subordinate_workers": [{"worker_id": 2, "gpu_indexes": [0]}]})",
       {"candidate", "main"}, 0},
      {"a CPU item with a null RAM claim", R"({"worker_id": 1, "computed_resource_claim": {"vram": {}}})", {"candidate"}, 0},
  };
  for (const Row& row : rows) {
    SECTION(row.rule) {
      const ScheduleResult r = schedule(scenario_from(scenario_text(w + "," + v, "", good + "," + row.failing + "," + good)));
      const Json& trace = r.trace.root();
      REQUIRE(trace["error"]["values"]["candidate"] == 1);
      const Json& listed = trace["scoring"][0]["candidates"];
      REQUIRE(listed.size() == 2);
      CHECK(listed[0]["score"].get<double>() > 0);
      std::vector<std::string> keys;
      for (auto it = listed[1].begin(); it != listed[1].end(); ++it) keys.push_back(it.key());
      CHECK(keys == row.failing_keys);
      if (row.subordinates) CHECK(listed[1]["subordinates"].size() == row.subordinates);
      if (listed[1].contains("main")) CHECK(listed[1]["main"]["score"].get<double>() > 0);
    }
  }
}

TEST_CASE("binpack reads the main worker's GPU list as the selector left it on the candidate", "[binpack][Q1]") {
  // cuda:0 (100) and rocm:0 (40) share index 0; an instance of another model claims 10 on index 0.
  const std::string mixed = worker_json(1, "w", 1000, "[" + gpu_json(0, 100, "cuda") + "," + gpu_json(0, 40, "rocm") + "]");
  const std::string claim = R"({"id": 9, "model_id": 7, "worker_id": 1, "gpu_type": "rocm", "gpu_indexes": [0],
      "computed_resource_claim": {"ram": 0, "vram": {"0": 10}}})";
  const std::string candidate = R"({"worker_id": 1, "gpu_indexes": [0], "computed_resource_claim": {"ram": 0, "vram": {"0": 30}}})";
  struct Row {
    const char* list;
    std::vector<const char*> kept;  // GPU types left on the candidate's worker; empty = no copy
    double expected;                // 2·(30 / alloc[0])·100 / 3
  };
  const std::vector<Row> rows = {
      {"the scenario's worker: a repeated index reads the later GPU (rocm, 40 - 10)", {}, 2 * (30.0 / 30) * 100 / 3},
      {"a copy keeping cuda (manual ids, GGUF ids): 100 - 10", {"cuda"}, 2 * (30.0 / 90) * 100 / 3},
      {"a copy keeping rocm (the type grouping's overwrite)", {"rocm"}, 2 * (30.0 / 30) * 100 / 3},
  };
  for (const Row& row : rows) {
    SECTION(row.list) {
      Binpack b(scenario_from(scenario_text(mixed, claim, candidate)), ScaleType::up);
      Candidate& c = b.s.candidates->at(0);
      if (!row.kept.empty()) {
        auto copy = std::make_shared<Worker>(b.s.workers[0]);
        copy->gpus.clear();
        for (const GpuDevice& g : b.s.workers[0].gpus)
          for (const char* t : row.kept)
            if (g.type == t) copy->gpus.push_back(g);
        c.scored_worker = copy;
      }
      Json rec;
      CHECK(b.candidate(0, rec) == Approx(row.expected).epsilon(1e-15));
    }
  }
}

TEST_CASE("binpack: a UMA worker whose candidate list lacks index 0 raises, as GPUStack's vram[0] lookup does", "[binpack]") {
  const std::string uma = worker_json(1, "mac", 1000, "[" + gpu_json(0, 100, "mps") + "," + gpu_json(1, 100, "mps") + "]", "ready", true);
  Binpack b(scenario_from(scenario_text(uma, "", R"({"worker_id": 1, "gpu_indexes": [1], "computed_resource_claim": {"ram": 0, "vram": {"1": 10}}})")),
            ScaleType::up);
  Json rec;
  CHECK_NOTHROW(b.candidate(0, rec));  // the full list has index 0
  auto copy = std::make_shared<Worker>(b.s.workers[0]);
  copy->gpus.erase(copy->gpus.begin());  // only the selected GPU 1 left
  b.s.candidates->at(0).scored_worker = copy;
  Json rec2;
  CHECK_THROWS_AS(b.candidate(0, rec2), ReferenceError);
}
