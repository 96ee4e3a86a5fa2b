// Capacity: replica after replica, each a full decision; the deployed instance is the explorer's.
#include <catch2/catch.hpp>

#include "scenario/scenario_loader.h"
#include "whatif/capacity.h"
#include "whatif/deploy.h"
#include "whatif_fixtures.h"

using namespace placement;
using namespace placement::whatif;
using placement::test::vllm_scenario;
using placement::test::worker_json;

TEST_CASE("capacity counts one replica per usable GPU", "[whatif][capacity]") {
  struct Row {
    const char* name;
    std::vector<Json> workers;
    std::size_t count;
  };
  const std::vector<Row> rows = {
      {"one GPU", {worker_json(1, 1)}, 1},
      {"two workers of two GPUs", {worker_json(1, 2), worker_json(2, 2)}, 4},
      {"a not-ready worker adds nothing", {worker_json(1, 2), worker_json(2, 4, "not_ready")}, 2},
      {"GPUs too small for the model", {worker_json(1, 2, "ready", Json::object(), 8 * kGiB)}, 0},
  };
  for (const Row& r : rows) {
    SECTION(r.name) {
      const CapacityResult c = capacity(load_scenario(vllm_scenario(r.workers)), kDefaultCapacityLimit);
      CHECK(c.replicas.size() == r.count);
      CHECK_FALSE(c.stopped_by_limit);
      REQUIRE(c.next_failure.is_object());
      CHECK_FALSE(c.next_failure["text"].get<std::string>().empty());
    }
  }
}

TEST_CASE("capacity stops at the limit and says so", "[whatif][capacity]") {
  const CapacityResult c = capacity(load_scenario(vllm_scenario({worker_json(1, 4)})), 3);
  CHECK(c.replicas.size() == 3);
  CHECK(c.stopped_by_limit);
  const Json j = capacity_to_json(c);
  CHECK(j["stopped_by"] == "limit");
  CHECK(j["count"] == 3);
  CHECK(j["next_failure"].is_null());
}

TEST_CASE("capacity follows the placement strategy", "[whatif][capacity]") {
  struct Row {
    const char* strategy;
    std::vector<std::int64_t> workers;  // of the first two replicas
  };
  for (const Row& r : {Row{"spread", {1, 2}}, Row{"binpack", {1, 1}}}) {
    SECTION(r.strategy) {
      Json doc = vllm_scenario({worker_json(1, 2), worker_json(2, 2)});
      doc["model"]["placement_strategy"] = r.strategy;
      const CapacityResult c = capacity(load_scenario(doc), 2);
      REQUIRE(c.replicas.size() == 2);
      CHECK(c.replicas[0].worker_id == r.workers[0]);
      CHECK(c.replicas[1].worker_id == r.workers[1]);
    }
  }
}

TEST_CASE("a deployed replica is the explorer's Deploy instance", "[whatif][capacity]") {
  Json doc = vllm_scenario({worker_json(1, 2)});
  doc["model_instances"] = Json::array({{{"id", 7}, {"name", "other-7"}, {"model_id", 2}, {"state", "running"}}});
  Scenario s = load_scenario(doc);
  const ScheduleResult r = schedule(s);
  REQUIRE(r.selected);
  const Candidate& winner = r.candidates[*r.selected];
  const Json inst = deployed_instance_json(s, winner);
  CHECK(inst["id"] == 8);
  CHECK(inst["name"] == "llama-8b-8");
  CHECK(inst["model_id"] == 1);
  CHECK(inst["model_name"] == "llama-8b");
  CHECK(inst["backend"] == "vLLM");
  CHECK(inst["state"] == "running");
  CHECK(inst["worker_id"] == winner.worker_id);
  CHECK(inst["gpu_indexes"] == Json(*winner.gpu_indexes));
  CHECK(inst["computed_resource_claim"] == claim_to_json(winner.claim));
  CHECK_FALSE(inst.contains("distributed_servers"));
  deploy(s, winner);
  REQUIRE(s.model_instances.size() == 2);
  CHECK(s.model_instances.back().id == 8);
  CHECK(s.model_instances.back().claim->vram == winner.claim.vram);
}

TEST_CASE("a distributed replica keeps its subordinate workers", "[whatif][capacity]") {
  Json doc = vllm_scenario({worker_json(1, 2), worker_json(2, 2)}, 200 * kGiB);
  doc["model"]["distributed_inference_across_workers"] = true;
  Scenario s = load_scenario(doc);
  const ScheduleResult r = schedule(s);
  REQUIRE(r.selected);
  const Candidate& winner = r.candidates[*r.selected];
  REQUIRE_FALSE(winner.subordinate_workers.empty());
  const Json inst = deployed_instance_json(s, winner);
  REQUIRE(inst.contains("distributed_servers"));
  CHECK(inst["distributed_servers"]["subordinate_workers"].size() == winner.subordinate_workers.size());
  deploy(s, winner);
  CHECK(s.model_instances.back().subordinate_workers.size() == winner.subordinate_workers.size());
}
