// End to end: a GGUF scenario whose estimates hold only a gguf_profile (made from a real header
// fixture) is scheduled with the built-in estimator, and the trace shows every estimate query
// (mode, tensor split, rpc) with its source.
#include <catch2/catch.hpp>

#include "gguf_profile_of.h"
#include "scenario/scenario_loader.h"
#include "scheduler.h"

using namespace placement;
using placement::test::profile_of;

namespace {

Json worker(int id, const std::string& name, long long ram, std::vector<long long> gpus) {
  Json devs = Json::array();
  for (std::size_t i = 0; i < gpus.size(); ++i)
    devs.push_back(Json{{"index", i}, {"type", "cuda"}, {"vendor", "nvidia"}, {"memory", {{"total", gpus[i]}}}});
  return Json{{"id", id}, {"name", name}, {"state", "ready"}, {"labels", Json::object()},
              {"system_reserved", {{"ram", 0}, {"vram", 0}}},
              {"status", {{"memory", {{"total", ram}}}, {"gpu_devices", devs}}}};
}

Json scenario(Json profile, Json workers, bool cpu_offloading) {
  return Json{{"format", "placement-scenario/1"},
              {"workers", workers},
              {"model", {{"id", 1}, {"name", "llama-3-8b"}, {"source", "huggingface"},
                         {"huggingface_repo_id", "QuantFactory/Meta-Llama-3-8B-Instruct-GGUF"},
                         {"huggingface_filename", "Meta-Llama-3-8B-Instruct.Q5_K_M.gguf"},
                         // The literal Custom: with a null backend a default install drops every worker (Q32).
                         {"backend", "Custom"},
                         {"replicas", 1}, {"placement_strategy", "binpack"}, {"cpu_offloading", cpu_offloading},
                         {"distributed_inference_across_workers", false}}},
              {"model_instances", Json::array()},
              {"model_files", Json::array()},
              {"estimates", {{"gguf_profile", profile}}}};
}

}  // namespace

TEST_CASE("a profile-only GGUF scenario schedules end to end with the built-in estimator") {
  const Json profile = profile_of(PE_TEST_DATA_DIR "/data/gguf/models/meta-llama-3-8b-instruct-q5_k_m.gguf");
  const long long GiB = 1LL << 30;

  SECTION("fits on one GPU") {
    Scenario s = load_scenario(scenario(profile, Json::array({worker(1, "big", 64 * GiB, {24 * GiB})}), false));
    ScheduleResult r = schedule(s);
    REQUIRE(r.selected.has_value());
    CHECK(r.strategy == "single_worker_single_gpu");
    const Candidate& c = r.candidates[*r.selected];
    REQUIRE(c.claim.offload_layers.has_value());
    CHECK(*c.claim.offload_layers == *c.claim.total_layers);
    const Json& queries = r.trace.root()["requirement"]["queries"];
    REQUIRE(queries.size() >= 1);
    for (const auto& q : queries) {
      CHECK(q["source"] == "estimator");
      CHECK(q.contains("offload"));
      CHECK(q.contains("tensor_split"));
      CHECK(q.contains("rpc"));
    }
  }

  SECTION("too large for the GPUs: partial offload with cpu_offloading, split queries estimated") {
    Scenario s = load_scenario(scenario(profile, Json::array({worker(1, "small", 64 * GiB, {3 * GiB, 3 * GiB})}), true));
    ScheduleResult r = schedule(s);
    REQUIRE(r.selected.has_value());
    CHECK(r.strategy == "partial_offload");
    const Candidate& c = r.candidates[*r.selected];
    CHECK(*c.claim.offload_layers < *c.claim.total_layers);
    bool saw_split = false;
    for (const auto& q : r.trace.root()["requirement"]["queries"]) {
      CHECK(q["source"] == "estimator");
      if (q["tensor_split"].is_array()) saw_split = true;
    }
    CHECK(saw_split);
  }

  SECTION("nothing fits and no CPU offloading: no candidate, explained") {
    Scenario s = load_scenario(scenario(profile, Json::array({worker(1, "tiny", 64 * GiB, {1 * GiB})}), false));
    ScheduleResult r = schedule(s);
    CHECK_FALSE(r.selected.has_value());
    CHECK(r.candidates.empty());
    CHECK_FALSE(r.trace.root()["messages"].empty());
  }
}
