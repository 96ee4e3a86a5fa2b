// The vLLM selector as a whole (scheduler-rules.md §3.3): type grouping (Q1), reference errors,
// bad input and the requirement line.
#include <catch2/catch.hpp>

#include "fit/vllm/vllm_test_support.h"

using namespace placement;
using namespace placement::testing;
using namespace placement::vllm_test;

TEST_CASE("Q1: free memory of a mixed worker comes from its kept type's GPUs only", "[vllm][grouping][Q1]") {
  const Bytes A100 = 80 * GiB, W7900 = 48 * GiB, SMALL = 16 * GiB;
  struct Row {
    const char* name;
    std::vector<GpuSpec> gpus;
    Json instances;
    Json model;
    std::string expected;  // "type:indexes" per candidate, "" = none
    std::string strategy;
  };
  auto busy = [](int id, int index, const char* type) { return instance_json(id, 1, {{index, 20 * GiB}}, type); };
  const Row rows[] = {
      {"both free, distinct indexes: only the kept type is offered", {{"cuda", A100, 0}, {"rocm", W7900, 1}}, Json::array(),
       Json{{"env", env_claim(20 * GiB)}}, "rocm:1", "single_gpu"},
      {"single GPU: kept GPU busy, hidden GPU free -> the hidden group reads 0, nothing fits",
       {{"cuda", A100, 0}, {"rocm", W7900, 0}}, Json{busy(10, 0, "rocm")}, Json{{"env", env_claim(20 * GiB)}}, "", ""},
      {"single GPU: hidden GPU busy, kept GPU free -> one candidate, from the kept group",
       {{"rocm", W7900, 0}, {"cuda", A100, 0}}, Json{busy(10, 0, "rocm")}, Json{{"env", env_claim(20 * GiB)}}, "cuda:0", "single_gpu"},
      {"single GPU, gmu 0: the hidden A100's free VRAM is not read", {{"cuda", A100, 0}, {"rocm", SMALL, 0}}, Json::array(),
       Json{{"env", env_claim(20 * GiB)}, {"categories", {"embedding"}}}, "", ""},
      {"multi GPU, gmu 0, tp 2: the kept pair holds the estimate", {{"cuda", A100, 0}, {"cuda", A100, 1}, {"rocm", SMALL, 0}, {"rocm", SMALL, 1}},
       Json::array(), Json{{"env", env_claim(30 * GiB)}, {"categories", {"embedding"}}, {"backend_parameters", {"--tensor-parallel-size=2"}}},
       "rocm:0,1", "single_worker_multi_gpu"},
      {"multi GPU, gmu 0, tp 2: only the hidden pair could hold it -> nothing",
       {{"cuda", A100, 0}, {"cuda", A100, 1}, {"rocm", SMALL, 0}, {"rocm", SMALL, 1}}, Json::array(),
       Json{{"env", env_claim(60 * GiB)}, {"categories", {"embedding"}}, {"backend_parameters", {"--tensor-parallel-size=2"}}}, "", ""},
  };
  for (const Row& row : rows) {
    INFO(row.name);
    FitHarness h(vllm_scenario(Json{worker_json(1, "mixed", row.gpus)}, row.model, Json::object(), row.instances));
    FitResult r = run_vllm(h);
    std::string got;
    for (const Candidate& c : r.candidates) {
      std::string ix;
      for (int i : indexes(c)) ix += (ix.empty() ? "" : ",") + std::to_string(i);
      got += (got.empty() ? "" : " ") + c.gpu_type.value_or("-") + ":" + ix;
    }
    CHECK(got == row.expected);
    CHECK(r.strategy == row.strategy);
    CHECK(h.has_quirk("Q1"));
  }
}

TEST_CASE("Q1: the explanation says why the hidden type's group sees 0 free VRAM", "[vllm][grouping][Q1][explanation]") {
  Json inst = Json::array({instance_json(10, 1, {{0, 20 * GiB}}, "rocm")});
  FitHarness h(vllm_scenario(Json{worker_json(1, "mixed", {{"cuda", 80 * GiB, 0}, {"rocm", 48 * GiB, 0}})},
                             Json{{"env", env_claim(20 * GiB)}}, Json::object(), inst));
  CHECK(run_vllm(h).candidates.empty());
  const Json& rejections = (*h.strategy("single_gpu"))["rejections"];
  REQUIRE(rejections.size() == 2);
  struct Row {
    std::size_t at;
    Json quirk;  // null: the kept group's own rejection carries no Q1 note
    Bytes have;
    bool freeable;
  };
  for (const Row& row : {Row{0, "Q1", 0, false}, Row{1, nullptr, 28 * GiB, true}}) {
    INFO("rejection " << row.at);
    const Json& rej = rejections[row.at];
    CHECK(rej["code"] == "vram_ratio");
    CHECK(rej["data"].value("quirk", Json()) == row.quirk);
    const Json& sf = rej["shortfalls"][0];
    CHECK(sf["have"] == row.have);
    CHECK(sf["freeable"] == row.freeable);
  }
  CHECK(rejections[0]["data"]["gpu_type"] == "cuda");
  CHECK(rejections[0]["data"]["kept_type"] == "rocm");
  bool noted = false;
  for (const auto& q : h.trace.root()["quirks"])
    noted = noted || q["where"] == "vllm single_gpu: worker mixed in the cuda group";
  CHECK(noted);
  CHECK_FALSE(h.has_quirk("Q3"));  // 0 free is the overwrite, not the reserve
}

TEST_CASE("vLLM reference errors and bad input", "[vllm]") {
  SECTION("world size contradicts the selected GPUs") {
    FitHarness h(vllm_scenario(Json{worker_json(1, "a", {{"cuda", G4090}, {"cuda", G4090}})},
                               Json{{"backend_parameters", {"--tp=4"}}, {"gpu_selector", {{"gpu_ids", {"a:cuda:0", "a:cuda:1"}}}}}));
    try {
      run_vllm(h);
      FAIL("expected a reference error");
    } catch (const ReferenceError& e) {
      CHECK(e.stage() == "selector_init");
    }
  }
  SECTION("a GPU with total 0 in a ratio") {
    FitHarness h(vllm_scenario(Json{worker_json(1, "a", {{"cuda", 0}})}));
    CHECK_THROWS_AS(run_vllm(h), ReferenceError);
  }
  SECTION("no config") {
    Json doc = vllm_scenario(Json{worker_json(1, "a", {{"cuda", G4090}})});
    doc["estimates"].erase("config");
    FitHarness h(doc);
    CHECK_THROWS_AS(run_vllm(h), InputError);
  }
}

TEST_CASE("Requirement line: VRAM/u and u% truncated as GPUStack prints them", "[vllm][explanation]") {
  FitHarness h(vllm_scenario(Json{worker_json(1, "a", {{"cuda", GiB}})}, Json{{"env", env_claim(80'777'723'648)}}));
  run_vllm(h);
  const Json& v = *h.message("requirement");
  CHECK(v["vram_gib"] == 75.23);
  CHECK(v["vram_over_gmu_gib"] == 83.59);
  CHECK(v["gmu_percent"] == 90);
  CHECK_FALSE(v.contains("ram"));
  CHECK(h.trace.root()["requirement"]["u"]["value"] == 0.9);
}
