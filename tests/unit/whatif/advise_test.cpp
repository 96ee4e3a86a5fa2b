// Advise: per lever, a scenario that only that kind of change rescues; and every suggestion the
// search makes, applied by an RFC 6902 applier (nlohmann's, not ours), gives the placement it
// states — on these rows, every example and every acceptance case where nothing fits.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "scenario/errors.h"
#include "scenario/scenario_loader.h"
#include "whatif/advise/advise.h"
#include "whatif/outcome.h"
#include "whatif_fixtures.h"

using namespace placement;
using namespace placement::whatif;
using placement::test::vllm_scenario;
using placement::test::worker_json;
namespace fs = std::filesystem;

namespace {

Json other_instance(int id, int worker_id, Bytes vram) {
  return Json{{"id", id},       {"name", "other-" + std::to_string(id)}, {"model_id", 99}, {"state", "running"},
              {"worker_id", worker_id}, {"worker_name", "w" + std::to_string(worker_id)}, {"gpu_indexes", {0}},
              {"computed_resource_claim", {{"vram", {{"0", vram}}}, {"ram", 0}}}};
}

// Applies each suggestion's patch with nlohmann's RFC 6902 implementation and decides the result.
void check_suggestions(const Json& doc, const Json& answer, int replicas) {
  for (const Json& s : answer["suggestions"]) {
    INFO(s["lever"] << ": " << s["summary"]);
    const Json patched = doc.patch(s["patch"]);
    const Outcome o = decide(load_scenario(patched), replicas);
    REQUIRE(o.fits);
    REQUIRE(o.winner);
    CHECK(placement_json(*o.winner) == s["placement"]);
  }
}

bool has_lever(const Json& answer, const std::string& lever) {
  for (const Json& s : answer["suggestions"])
    if (s["lever"] == lever) return true;
  return false;
}

std::string read_text(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace

TEST_CASE("each lever rescues the scenario made for it", "[whatif][advise]") {
  struct Row {
    const char* name;
    Json doc;
    int replicas;
    const char* lever;
  };
  std::vector<Row> rows;
  {  // Another model holds 20 GiB of the only GPU: 60/80 allocatable is below 0.9.
    Json d = vllm_scenario({worker_json(1, 1)});
    d["model_instances"].push_back(other_instance(1, 1, 20 * kGiB));
    rows.push_back({"memory fraction below what is free", d, 1, "memory_fraction"});
    rows.push_back({"remove the other model's instance", d, 1, "remove_other_instances"});
  }
  {
    Json d = vllm_scenario({worker_json(1, 1), worker_json(2, 1)}, 100 * kGiB);
    d["model"]["distributed_inference_across_workers"] = false;
    rows.push_back({"distributed inference", d, 1, "distributed_inference"});
  }
  {
    Json d = vllm_scenario({worker_json(1, 2)});
    d["model"]["backend_parameters"] = Json::array({"--tensor-parallel-size", "4", "--max-model-len=8192"});
    rows.push_back({"a tensor parallel size no worker has", d, 1, "parallel_size"});
  }
  rows.push_back({"a not-ready worker", vllm_scenario({worker_json(1, 1, "ready", Json::object(), 8 * kGiB), worker_json(2, 1, "maintenance")}), 1,
                  "not_ready_worker"});
  {
    Json d = vllm_scenario({worker_json(1, 1, "ready", Json{{"pool", "small"}}, 8 * kGiB), worker_json(2, 1, "ready", Json{{"pool", "big"}})});
    d["model"]["worker_selector"] = Json{{"pool", "small"}};
    rows.push_back({"a worker_selector label", d, 1, "worker_selector"});
  }
  {
    Json d = vllm_scenario({worker_json(1, 1, "ready", Json::object(), 8 * kGiB), worker_json(2, 1)});
    d["model"]["gpu_selector"] = Json{{"gpu_ids", {"w3:cuda:0"}}, {"gpus_per_replica", 1}};  // no such worker
    rows.push_back({"a manual GPU selection", d, 1, "gpu_selector"});
  }
  rows.push_back({"more GPUs on the worker", vllm_scenario({worker_json(1, 1)}, 100 * kGiB), 1, "more_gpus"});
  rows.push_back({"another worker like it", vllm_scenario({worker_json(1, 1)}, 100 * kGiB), 1, "worker_copies"});
  rows.push_back({"more replicas than GPUs: hardware", vllm_scenario({worker_json(1, 2)}), 3, "more_gpus"});
  {
    Json d = vllm_scenario({worker_json(1, 1)});
    d["model_instances"].push_back(Json{{"id", 1}, {"name", "llama-8b-1"}, {"model_id", 1}, {"state", "running"}, {"worker_id", 1},
                                        {"worker_name", "w1"}, {"gpu_indexes", {0}}, {"computed_resource_claim", {{"vram", {{"0", 72 * kGiB}}}}}});
    rows.push_back({"this model's own replica, in scale-down order", d, 1, "remove_own_replicas"});
  }
  for (const Row& r : rows) {
    SECTION(r.name) {
      const Json a = advise(r.doc, r.replicas);
      CHECK(a["fits"] == false);
      CHECK(has_lever(a, r.lever));
      CHECK(a["search"]["runs"].get<int>() > 0);
      check_suggestions(r.doc, a, r.replicas);
    }
  }
}

TEST_CASE("advice is ranked parameter < setting < cluster < hardware", "[whatif][advise]") {
  Json d = vllm_scenario({worker_json(1, 1)});
  d["model_instances"].push_back(other_instance(1, 1, 20 * kGiB));
  const Json a = advise(d, 1);
  REQUIRE(a["suggestions"].size() >= 2);
  const std::vector<std::string> order = {"parameter", "setting", "cluster", "hardware"};
  std::size_t last = 0;
  int rank = 0;
  for (const Json& s : a["suggestions"]) {
    const auto at = static_cast<std::size_t>(std::find(order.begin(), order.end(), s["cost"]["class"].get<std::string>()) - order.begin());
    CHECK(at >= last);
    last = at;
    CHECK(s["cost"]["rank"] == ++rank);
  }
}

TEST_CASE("a scenario that fits gets no suggestion", "[whatif][advise]") {
  const Json a = advise(vllm_scenario({worker_json(1, 1)}), 1);
  CHECK(a["fits"] == true);
  CHECK(a["suggestions"].empty());
  CHECK(a["search"]["runs"] == 1);
}

TEST_CASE("the search stops at its budget and says so", "[whatif][advise]") {
  Json d = vllm_scenario({worker_json(1, 1)}, 100 * kGiB);
  const Json a = advise(d, 1, 5);
  CHECK(a["search"]["runs"].get<int>() <= 6);
  REQUIRE_FALSE(a["search"]["caps"].empty());
  CHECK(a["search"]["caps"][0]["id"] == "scheduler_runs");
}

TEST_CASE("every suggestion for every example and acceptance case fits where it says", "[whatif][advise][slow]") {
  std::vector<fs::path> files;
  for (const char* dir : {"examples/scenarios", "tests/cases/gpustack", "tests/cases/production", "tests/cases/differential"})
    for (const auto& e : fs::directory_iterator(fs::path(PE_SOURCE_DIR) / dir))
      if (e.path().extension() == ".json") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  int advised = 0, suggestions = 0;
  for (const fs::path& f : files) {
    Json doc = Json::parse(read_text(f));
    doc.erase("expected");
    try {
      if (decide(load_scenario(doc)).fits) continue;
    } catch (const InputError&) {
      continue;  // cases of bad input
    }
    INFO(f.filename().string());
    const Json a = advise(doc, 1);
    ++advised;
    suggestions += static_cast<int>(a["suggestions"].size());
    check_suggestions(doc, a, 1);
  }
  CHECK(advised > 0);
  CHECK(suggestions > 0);
}
