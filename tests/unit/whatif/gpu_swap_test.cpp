// The GPU swap of advise's hardware lever: the swapped card is the preset's — name, memory, and
// the vendor and arch_family its detector reports — not the old card's. The backend framework
// filter reads an Ascend card's arch_family (its CANN variant picks the runners), so keeping the
// old one would verify a different card.
#include <catch2/catch.hpp>

#include "filters/catalogue/default_install.h"
#include "scenario/scenario_loader.h"
#include "whatif/advise/advise.h"
#include "whatif/gpu_presets.h"
#include "whatif/outcome.h"
#include "whatif_fixtures.h"

using namespace placement;
using namespace placement::whatif;
using placement::test::vllm_scenario;
using placement::test::worker_json;

namespace {

const Json* swap_of(const Json& answer) {
  for (const Json& s : answer["suggestions"])
    if (s["lever"] == "gpu_swap") return &s;
  return nullptr;
}

const GpuPreset& preset_named(const std::string& name) {
  for (const GpuPreset& p : gpu_presets())
    if (name == p.name) return p;
  FAIL("no preset " << name);
  throw;
}

// One worker whose only GPU is `gpu` (fields replaced), for a 16 GiB model of `backend`.
Json one_gpu_scenario(const std::string& backend, const Json& gpu) {
  Json w = worker_json(1, 1);
  Json& device = w["status"]["gpu_devices"][0];
  for (const auto& [k, v] : gpu.items()) device[k] = v;
  Json d = vllm_scenario({w});
  d["model"]["backend"] = backend;
  return d;
}

}  // namespace

TEST_CASE("a GPU swap takes the preset's vendor and arch_family", "[whatif][advise]") {
  struct Row {
    const char* name;
    Json doc;
    const char* preset;  // the card swapped in
  };
  const Bytes small = 24 * kGiB;
  std::vector<Row> rows = {
      // An Ampere card swapped for a Hopper one: the architecture changes, the vendor does not.
      {"another architecture", one_gpu_scenario("vLLM", {{"name", "NVIDIA A100-SXM4-40GB"}, {"arch_family", "Ampere"}, {"memory", {{"total", 40 * kGiB}}}}),
       "NVIDIA L40S"},
      {"a card that reported no arch_family", one_gpu_scenario("vLLM", {{"memory", {{"total", small}}}}), "NVIDIA L40S"},
      {"a vendor spelled otherwise", one_gpu_scenario("vLLM", {{"vendor", "NVIDIA Corporation"}, {"memory", {{"total", small}}}}), "NVIDIA L40S"},
      // SGLang has CANN runners for the 910b and a3 variants only: the 310P card is filtered out,
      // the 910B3 that replaces it passes — because its arch_family is the 910B3's.
      {"Ascend 310P to 910B: the CANN variant changes",
       one_gpu_scenario("SGLang", {{"name", "310P3"}, {"vendor", "ascend"}, {"type", "cann"}, {"arch_family", "Ascend310P3"}, {"memory", {{"total", small}}}}),
       "910B3"},
  };
  // 30 GiB of weights: no 24 or 40 GiB card holds them at vLLM's 0.9, an L40S (45 GiB) does.
  for (std::size_t i = 0; i < 3; ++i) rows[i].doc["estimates"]["weights_bytes"] = 30 * kGiB;
  for (Row& r : rows) {
    SECTION(r.name) {
      const Json a = advise(r.doc, 1);
      REQUIRE(a["fits"] == false);
      const Json* s = swap_of(a);
      REQUIRE(s != nullptr);
      const Json patched = r.doc.patch((*s)["patch"]);
      const Json& gpu = patched["workers"][0]["status"]["gpu_devices"][0];
      const GpuPreset& p = preset_named(r.preset);
      CHECK(gpu["name"] == p.name);
      CHECK(gpu["vendor"] == p.vendor);
      CHECK(gpu["arch_family"] == p.arch_family);
      CHECK(gpu["memory"]["total"] == p.memory_total);
      CHECK(gpu["type"] == r.doc["workers"][0]["status"]["gpu_devices"][0]["type"]);
      const Outcome o = decide(load_scenario(patched));
      REQUIRE(o.winner);
      CHECK(placement_json(*o.winner) == (*s)["placement"]);
    }
  }
}

TEST_CASE("a swapped Ascend card keeping its old arch_family would not fit", "[whatif][advise]") {
  const Json doc = one_gpu_scenario(
      "SGLang", {{"name", "310P3"}, {"vendor", "ascend"}, {"type", "cann"}, {"arch_family", "Ascend310P3"}, {"memory", {{"total", 24 * kGiB}}}});
  const Json a = advise(doc, 1);
  const Json* s = swap_of(a);
  REQUIRE(s != nullptr);
  Json without_arch = Json::array();
  for (const Json& op : (*s)["patch"])
    if (op["path"].get<std::string>().find("/arch_family") == std::string::npos) without_arch.push_back(op);
  REQUIRE(without_arch.size() < (*s)["patch"].size());
  CHECK_FALSE(decide(load_scenario(doc.patch(without_arch))).fits);
}

TEST_CASE("GPU presets carry what the detectors report", "[whatif]") {
  for (const GpuPreset& p : gpu_presets()) {
    INFO(p.label);
    const Json g = gpu_from_preset(p, 3);
    CHECK(g["index"] == 3);
    CHECK(g["vendor"] == p.vendor);
    if (std::string(p.type) == "mps") {
      CHECK_FALSE(g.contains("arch_family"));
      continue;
    }
    REQUIRE(p.arch_family != nullptr);
    CHECK(g["arch_family"] == p.arch_family);
    if (std::string(p.type) == "cann") {
      CHECK(g["vendor"] == "ascend");  // gpustack-runtime's ManufacturerEnum.ASCEND
      CHECK(filters::catalogue::ascend_cann_variant(p.arch_family) == std::optional<std::string>("910b"));
    }
  }
}
