// Advise: per lever, a scenario that only that kind of change rescues; and every suggestion the
// search makes, applied by an RFC 6902 applier (nlohmann's, not ours), gives the placement it
// states — on these rows, every example and every acceptance case where nothing fits.
#include <catch2/catch.hpp>

#include "scenario/errors.h"
#include "scenario/scenario_loader.h"
#include "whatif/advise/advise.h"
#include "whatif/outcome.h"
#include "gguf_ctx_fixture.h"
#include "whatif_fixtures.h"

using namespace placement;
using namespace placement::whatif;
using placement::test::scenario_documents;
using placement::test::vllm_scenario;
using placement::test::worker_json;

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

// Qwen3-4B on MindIE with one Ascend NPU of `npu` bytes: about 16.2 GB claimed at the defaults
// (--max-seq-len 8192, --max-batch-size 200), of which 1.2 GB KV cache and 3.8 GB computation.
Json mindie_scenario(Bytes npu) {
  const Json gpu{{"index", 0}, {"name", "Ascend910B"}, {"type", "cann"}, {"vendor", "huawei"}, {"memory", {{"total", npu}}},
                 {"network", {{"status", "up"}, {"inet", "192.168.0.10"}}}};
  const Json worker{{"id", 1}, {"name", "w1"}, {"state", "ready"}, {"status", {{"memory", {{"total", 512 * kGiB}}}, {"gpu_devices", {gpu}}}}};
  const Json config = Json::parse(R"({"architectures": ["Qwen3ForCausalLM"], "num_attention_heads": 32, "num_key_value_heads": 8,
    "num_hidden_layers": 36, "hidden_size": 2560, "vocab_size": 151936, "max_position_embeddings": 40960,
    "torch_dtype": "bfloat16", "head_dim": 128})");
  const Json model{{"id", 1}, {"name", "qwen3-4b"}, {"source", "huggingface"}, {"huggingface_repo_id", "Qwen/Qwen3-4B"}, {"backend", "MindIE"},
                   {"categories", {"llm"}}, {"backend_parameters", Json::array()}, {"placement_strategy", "binpack"}};
  return Json{{"format", "placement-scenario/1"},
              {"skip_evaluation", true},
              {"workers", Json::array({worker})},
              {"model", model},
              {"model_instances", Json::array()},
              {"estimates", {{"weights_bytes", 8044936192}, {"config", config}}},
              {"inference_backends", Json::parse(R"([{"backend_name": "MindIE", "version_configs": {"0.0.0": {"built_in_frameworks": ["cann"]}}}])")}};
}

const Json* suggestion_of(const Json& answer, const std::string& lever) {
  for (const Json& s : answer["suggestions"])
    if (s["lever"] == lever) return &s;
  return nullptr;
}

bool has_lever(const Json& answer, const std::string& lever) {
  for (const Json& s : answer["suggestions"])
    if (s["lever"] == lever) return true;
  return false;
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
  {
    Json d = vllm_scenario({worker_json(1, 2)});
    d["model"]["backend_parameters"] = Json::array({"--tp", "4"});
    rows.push_back({"a tensor parallel size no worker has: a size that fits", d, 1, "parallel_values"});
  }
  rows.push_back({"a GPU swapped for a larger preset", vllm_scenario({worker_json(1, 1, "ready", Json::object(), 24 * kGiB)}, 30 * kGiB), 1,
                  "gpu_swap"});
  rows.push_back({"MindIE: a shorter --max-seq-len", mindie_scenario(18 * kGiB), 1, "mindie_lengths"});
  rows.push_back({"GGUF: a shorter --ctx-size", placement::test::gguf_ctx_scenario(6656 * kMiB), 1, "gguf_ctx_size"});
  {  // No worker has the label, and 150 GiB of weights need more than one 80 GiB GPU (or an H200).
    Json d = vllm_scenario({worker_json(1, 1)}, 150 * kGiB);
    d["model"]["worker_selector"] = Json{{"pool", "big"}};
    d["model"]["distributed_inference_across_workers"] = false;
    rows.push_back({"nothing alone: drop the selection and add GPUs", d, 1, "combination"});
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

TEST_CASE("new levers choose the smallest sufficient change", "[whatif][advise]") {
  struct Row {
    const char* name;
    Json doc;
    const char* lever;
    const char* summary;
  };
  Json tp4 = vllm_scenario({worker_json(1, 2)});
  tp4["model"]["backend_parameters"] = Json::array({"--tensor-parallel-size=4"});
  const std::vector<Row> rows = {
      // 30 GiB of weights and vLLM's overhead: 0.9 × 40 GiB (A100 40 GB) is short, 0.9 × 45 GiB
      // (L40S) is the smallest preset that holds them.
      {"swap: smallest preset", vllm_scenario({worker_json(1, 1, "ready", Json::object(), 24 * kGiB)}, 30 * kGiB), "gpu_swap",
       "swap GPU 0 of w1 (NVIDIA A100 80GB) for an L40S 48 GB"},
      {"swap: none larger than the H200", vllm_scenario({worker_json(1, 1)}, 200 * kGiB), "gpu_swap", nullptr},
      {"parallel: fewest GPUs first", tp4, "parallel_values", "set --tensor-parallel-size=1 (now --tensor-parallel-size=4)"},
      {"MindIE --max-seq-len: largest that fits", mindie_scenario(18 * kGiB), "mindie_lengths", nullptr},
  };
  for (const Row& r : rows) {
    SECTION(r.name) {
      const Json a = advise(r.doc, 1);
      const Json* s = suggestion_of(a, r.lever);
      if (!r.summary) {
        if (std::string(r.lever) == "gpu_swap") CHECK(s == nullptr);
        continue;
      }
      REQUIRE(s != nullptr);
      CHECK((*s)["summary"] == r.summary);
      CHECK((*s)["cost"]["class"] == (std::string(r.lever) == "gpu_swap" ? "hardware" : "parameter"));
    }
  }
}

TEST_CASE("MindIE length levers give the largest value that fits", "[whatif][advise]") {
  const Json doc = mindie_scenario(18 * kGiB);
  const Json a = advise(doc, 1);
  int found = 0;
  for (const Json& s : a["suggestions"]) {
    if (s["lever"] != "mindie_lengths") continue;
    ++found;
    // The value in the patch fits; one grid step more (128 tokens, 1 batch slot) does not.
    const std::string element = s["patch"][0]["value"].get<std::string>();
    const std::string flag = element.substr(0, element.find('='));
    const long long v = std::stoll(element.substr(element.find('=') + 1));
    const long long step = flag == "--max-seq-len" ? 128 : 1;
    Json more = doc;
    more["model"]["backend_parameters"] = Json::array({flag + "=" + std::to_string(v + step)});
    CHECK_FALSE(decide(load_scenario(more)).fits);
  }
  CHECK(found == 2);
}

TEST_CASE("MindIE length levers are not tried when the env sets the VRAM claim", "[whatif][advise]") {
  Json doc = mindie_scenario(18 * kGiB);
  doc["model"]["env"] = Json{{"GPUSTACK_MODEL_VRAM_CLAIM", std::to_string(20 * kGiB)}};
  const Json a = advise(doc, 1);
  CHECK(a["fits"] == false);
  CHECK_FALSE(has_lever(a, "mindie_lengths"));
  CHECK(has_lever(a, "gpu_swap"));
}

TEST_CASE("a pair of levers is tried only when nothing alone fits, and names both", "[whatif][advise]") {
  Json d = vllm_scenario({worker_json(1, 1)}, 150 * kGiB);
  d["model"]["worker_selector"] = Json{{"pool", "big"}};
  d["model"]["distributed_inference_across_workers"] = false;
  const Json a = advise(d, 1);
  REQUIRE_FALSE(a["suggestions"].empty());
  for (const Json& s : a["suggestions"]) {
    CHECK(s["lever"] == "combination");
    REQUIRE(s["levers"].size() == 2);
    CHECK(s["levers"][0] == "worker_selector");
    CHECK(s["patch"][0] == Json{{"op", "remove"}, {"path", "/model/worker_selector"}});
  }
  // With the selector gone one lever is enough: no pairs.
  d["model"].erase("worker_selector");
  const Json single = advise(d, 1);  // kept: a range-for over a member of a temporary dangles
  for (const Json& s : single["suggestions"]) CHECK(s["lever"] != "combination");
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
  int advised = 0, suggestions = 0;
  for (const auto& [name, doc] : scenario_documents({"examples/scenarios", "tests/cases/gpustack", "tests/cases/production", "tests/cases/differential"})) {
    try {
      if (decide(load_scenario(doc)).fits) continue;
    } catch (const InputError&) {
      continue;  // cases of bad input
    }
    INFO(name);
    const Json a = advise(doc, 1);
    ++advised;
    suggestions += static_cast<int>(a["suggestions"].size());
    check_suggestions(doc, a, 1);
  }
  CHECK(advised > 0);
  CHECK(suggestions > 0);
}
