// §3.3.4–7: the vLLM strategies, their order and skips, and the quirks that decide something
// there (Q1, Q2, Q3, Q12, Q18), through select_vllm.
#include <catch2/catch.hpp>

#include "fit/registry.h"
#include "scenario/errors.h"
#include "fit/fit_test_support.h"

using namespace placement;
using namespace placement::testing;

namespace {

const Bytes G4090 = 26'015'170'560;
const Bytes G4080 = 17'171'480'576;

FitResult run_vllm(FitHarness& h) {
  FitContext ctx = h.context();
  return select_vllm(ctx);
}

Json env_claim(Bytes vram) { return Json{{"GPUSTACK_MODEL_VRAM_CLAIM", std::to_string(vram)}}; }

std::vector<int> indexes(const Candidate& c) { return c.gpu_indexes.value_or(std::vector<int>{}); }

std::string status_of(const FitHarness& h, const std::string& id) {
  const Json* s = h.strategy(id);
  return s ? (*s)["status"].get<std::string>() : "missing";
}

}  // namespace

TEST_CASE("3.3.5 single GPU: claim int(total x gmu), candidate per fitting GPU", "[vllm][single_gpu]") {
  FitHarness h(vllm_scenario(Json{worker_json(2, "host4090", {{"cuda", G4090}})}));
  FitResult r = run_vllm(h);
  REQUIRE(r.candidates.size() == 1);
  CHECK(r.strategy == "single_gpu");
  const Candidate& c = r.candidates[0];
  CHECK(c.gpu_type == "cuda");
  CHECK(claim_at(c.claim, 0) == 23'413'653'504);
  CHECK_FALSE(c.claim.vram_utilization.has_value());
  CHECK_FALSE(c.claim.ram.has_value());
  CHECK(c.claim.is_unified_memory == false);
  CHECK(status_of(h, "manual") == "skipped");
  CHECK(status_of(h, "single_worker_multi_gpu") == "not_reached");
  CHECK(status_of(h, "multi_worker") == "not_reached");
  CHECK(h.message_keys().empty());  // GPUStack shows no note when something fits
}

TEST_CASE("3.3.5 single GPU rejections and the explanation", "[vllm][single_gpu]") {
  SECTION("free fraction below gmu: vram_ratio shortfall, single-GPU note") {
    Json inst = Json::array({instance_json(1, 2, {{0, 10 * GiB}})});
    FitHarness h(vllm_scenario(Json{worker_json(2, "host4090", {{"cuda", G4090}})}, Json::object(), Json::object(), inst));
    FitResult r = run_vllm(h);
    CHECK(r.candidates.empty());
    CHECK(h.message_keys() == std::vector<std::string>{"vllm:requirement", "vllm:single_gpu"});
    CHECK((*h.message("single_gpu"))["largest_alloc"] == G4090 - 10 * GiB);
    const Json& rej = (*h.strategy("single_gpu"))["rejections"][0];
    CHECK(rej["code"] == "vram_ratio");
    const Json& sf = rej["shortfalls"][0];
    CHECK(sf["dim"] == "vram_ratio");
    CHECK(sf["need"].get<Bytes>() >= 23'413'653'504);
    CHECK(sf["need"].get<Bytes>() <= 23'413'653'505);
    CHECK(sf["freeable"] == true);
    CHECK_FALSE(h.has_quirk("Q3"));
  }
  SECTION("Q3: the reserve alone pushes the fraction below gmu") {
    FitHarness h(vllm_scenario(Json{worker_json(1, "w", {{"cuda", 10 * GiB}}, 64 * GiB, 0, 2 * GiB)}));
    CHECK(run_vllm(h).candidates.empty());
    CHECK(h.has_quirk("Q3"));
  }
  SECTION("RAM short (extended KV cache): the worker is skipped") {
    Json model{{"extended_kv_cache", {{"enabled", true}, {"ram_size", 100}}}};
    FitHarness h(vllm_scenario(Json{worker_json(2, "host4090", {{"cuda", G4090}})}, model));
    CHECK(run_vllm(h).candidates.empty());
    CHECK((*h.strategy("single_gpu"))["rejections"][0]["code"] == "ram");
    CHECK((*h.message("requirement"))["ram"] == 100 * GiB);
  }
}

TEST_CASE("3.3.5 gmu 0 (non-LLM): fits iff estimate <= allocatable, claim = estimate", "[vllm][single_gpu]") {
  Json model{{"categories", {"embedding"}}};
  Json workers{worker_json(1, "small", {{"cuda", GiB}}), worker_json(2, "big", {{"cuda", G4090}})};
  FitHarness h(vllm_scenario(workers, model));
  FitResult r = run_vllm(h);
  REQUIRE(r.candidates.size() == 1);
  CHECK(r.candidates[0].worker_name == "big");
  CHECK(claim_at(r.candidates[0].claim, 0) == static_cast<Bytes>(1e9 * 1.2) + 512 * kMiB);
  CHECK((*h.strategy("single_gpu"))["rejections"][0]["code"] == "vram");
  CHECK_FALSE(h.message("requirement"));  // dropped: a candidate fits
}

TEST_CASE("3.3.6 single worker multi GPU: accumulate by alloc, tp-divisible counts only", "[vllm][multi_gpu]") {
  struct Row {
    const char* rule;
    int gpus;
    long long heads;
    std::vector<std::string> params;
    Bytes vram;
    std::size_t expected_gpus;
  };
  const std::vector<Row> rows = {
      {"two 4080s hold 20 GB", 2, 12, {}, 20'000'000'000, 2},
      {"3 divides 12 heads", 4, 12, {}, 40'000'000'000, 3},
      {"3 does not divide 8 heads: go to 4", 4, 8, {}, 40'000'000'000, 4},
      {"world size 2 stops at 2 GPUs", 4, 8, {"--tp=2"}, 1'000'000'000, 2},
  };
  for (const auto& row : rows) {
    INFO(row.rule);
    std::vector<GpuSpec> gpus(static_cast<std::size_t>(row.gpus), GpuSpec{"cuda", G4080});
    Json model{{"env", env_claim(row.vram)}, {"backend_parameters", row.params}};
    FitHarness h(vllm_scenario(Json{worker_json(3, "host4080", gpus)}, model, Json{{"config", config_json(row.heads, 12000)}}));
    FitResult r = run_vllm(h);
    REQUIRE(r.candidates.size() == 1);
    CHECK(r.strategy == "single_worker_multi_gpu");
    CHECK(r.candidates[0].gpu_indexes->size() == row.expected_gpus);
    CHECK(r.candidates[0].gpu_type == "cuda");
    CHECK(claim_at(r.candidates[0].claim, 0) == 15'454'332'518);
    if (!row.params.empty()) CHECK((*h.strategy("single_gpu"))["skip"]["code"] == "gpu_count_gt_1");
  }
}

TEST_CASE("3.3.6 fewest GPUs win; Q2 strict gmu", "[vllm][multi_gpu]") {
  SECTION("a 2-GPU candidate beats a 3-GPU one") {
    Json workers{worker_json(1, "four-small", std::vector<GpuSpec>(4, GpuSpec{"cuda", 8 * GiB})),
                 worker_json(2, "two-4080", {{"cuda", G4080}, {"cuda", G4080}})};
    FitHarness h(vllm_scenario(workers, Json{{"env", env_claim(20'000'000'000)}}, Json{{"config", config_json(12, 12000)}}));
    FitResult r = run_vllm(h);
    REQUIRE(r.candidates.size() == 1);
    CHECK(r.candidates[0].worker_name == "two-4080");
  }
  SECTION("Q2: a free fraction exactly gmu is not eligible here") {
    Json w = worker_json(1, "w", std::vector<GpuSpec>(3, GpuSpec{"cuda", 10'000'000'000}), 64 * GiB, 0, 1'000'000'000);
    FitHarness h(vllm_scenario(Json{w}, Json{{"env", env_claim(12'000'000'000)}}));
    CHECK(run_vllm(h).candidates.empty());
    CHECK(h.has_quirk("Q2"));
    CHECK(h.message_keys() == std::vector<std::string>{"vllm:requirement", "vllm:single_worker_multi_gpu"});
    const Json& note = *h.message("single_worker_multi_gpu");
    CHECK(note["satisfied"] == 0);
    CHECK(note["total"] == 3);
  }
}

TEST_CASE("Q15: the multi-GPU note follows the last worker examined, not the largest", "[vllm][multi_gpu]") {
  Json workers{worker_json(1, "big", {{"cuda", 20 * GiB}, {"cuda", 20 * GiB}}), worker_json(2, "small", {{"cuda", 2 * GiB}, {"cuda", 2 * GiB}})};
  FitHarness h(vllm_scenario(workers, Json{{"env", env_claim(500 * GiB)}, {"distributed_inference_across_workers", false}}));
  CHECK(run_vllm(h).candidates.empty());
  const Json& note = *h.message("single_worker_multi_gpu");
  CHECK(note["largest_alloc"] == 4 * GiB);  // GPUStack compares 40 GiB with the stored count 2
  CHECK(h.has_quirk("Q15"));
}

TEST_CASE("3.3.7 multi worker: one candidate, main + subordinates with all GPUs", "[vllm][multi_worker]") {
  Json workers{worker_json(3, "host4080", {{"cuda", G4080}, {"cuda", G4080}}), worker_json(4, "host4080-1", {{"cuda", G4080}, {"cuda", G4080}})};
  SECTION("ray executor") {
    FitHarness h(vllm_scenario(workers, Json{{"env", env_claim(50'000'000'000)}}));
    FitResult r = run_vllm(h);
    REQUIRE(r.candidates.size() == 1);
    CHECK(r.strategy == "multi_worker");
    const Candidate& c = r.candidates[0];
    CHECK(c.worker_name == "host4080");
    CHECK(indexes(c) == std::vector<int>{0, 1});
    REQUIRE(c.subordinate_workers.size() == 1);
    CHECK(c.subordinate_workers[0].gpu_indexes == std::vector<int>{0, 1});
    CHECK_FALSE(c.subordinate_workers[0].claim->vram_utilization.has_value());
    CHECK(claim_at(*c.subordinate_workers[0].claim, 1) == 15'454'332'518);
  }
  SECTION("too much: the optimal-combination note") {
    FitHarness h(vllm_scenario(workers, Json{{"env", env_claim(80'777'723'648)}}));
    CHECK(run_vllm(h).candidates.empty());
    const Json& note = *h.message("multi_worker");
    CHECK(note["combination"] == Json{"host4080", "host4080-1"});
    CHECK(note["largest_vram_gib"] == 57.57);
  }
  SECTION("distributed disabled: skipped") {
    FitHarness h(vllm_scenario(workers, Json{{"env", env_claim(50'000'000'000)}, {"distributed_inference_across_workers", false}}));
    CHECK(run_vllm(h).candidates.empty());
    CHECK((*h.strategy("multi_worker"))["skip"]["code"] == "distributed_disabled");
  }
}

TEST_CASE("3.3.8 mp topology decides the multi-worker walk", "[vllm][multi_worker]") {
  Json workers{worker_json(3, "a", {{"cuda", G4080}, {"cuda", G4080}}), worker_json(4, "b", {{"cuda", G4080}, {"cuda", G4080}})};
  Json estimates{{"config", config_json(8, 12000)}};
  SECTION("mp: pp 4 over two 2-GPU workers cannot split into DP ranks") {
    FitHarness h(vllm_scenario(workers, Json{{"env", env_claim(50'000'000'000)}, {"backend_parameters", {"--distributed-executor-backend=mp", "--pp=4"}}}, estimates));
    CHECK(run_vllm(h).candidates.empty());
    const Json& note = *h.message("multi_worker");
    REQUIRE(note["topology_reasons"].size() == 1);
    CHECK((*h.strategy("single_worker_multi_gpu"))["rejections"][0]["code"] == "gpu_count");
  }
  SECTION("ray: no topology rule") {
    FitHarness h(vllm_scenario(workers, Json{{"env", env_claim(50'000'000'000)}, {"backend_parameters", {"--pp=4"}}}, estimates));
    FitResult r = run_vllm(h);
    REQUIRE(r.candidates.size() == 1);
    CHECK(r.candidates[0].subordinate_workers.size() == 1);
  }
}

TEST_CASE("Q12: multi worker may return one worker; Q18: gmu 0 sums totals, claims 0", "[vllm][multi_worker]") {
  SECTION("Q12 (with Q2 excluding the worker from single-worker multi-GPU)") {
    Json a = worker_json(1, "a", {{"cuda", 10'000'000'000}, {"cuda", 10'000'000'000}}, 64 * GiB, 0, 1'000'000'000);
    Json b = worker_json(2, "b", {{"cuda", 10'000'000'000}, {"cuda", 10'000'000'000}}, 64 * GiB, 0, 1'000'000'000);
    Json inst = Json::array({instance_json(9, 2, {{0, 5'000'000'000}})});
    FitHarness h(vllm_scenario(Json{a, b}, Json{{"env", env_claim(12'000'000'000)}}, Json::object(), inst));
    FitResult r = run_vllm(h);
    REQUIRE(r.candidates.size() == 1);
    CHECK(r.strategy == "multi_worker");
    CHECK(r.candidates[0].worker_name == "a");
    CHECK(r.candidates[0].subordinate_workers.empty());
    CHECK(h.has_quirk("Q12"));
    CHECK(h.has_quirk("Q2"));
  }
  SECTION("Q18") {
    Json workers{worker_json(1, "a", {{"cuda", 10 * GiB}, {"cuda", 10 * GiB}}), worker_json(2, "b", {{"cuda", 10 * GiB}, {"cuda", 10 * GiB}})};
    FitHarness h(vllm_scenario(workers, Json{{"categories", {"embedding"}}, {"env", env_claim(30 * GiB)}}));
    FitResult r = run_vllm(h);
    REQUIRE(r.candidates.size() == 1);
    CHECK(r.strategy == "multi_worker");
    CHECK(claim_at(r.candidates[0].claim, 0) == 0);
    CHECK(claim_at(*r.candidates[0].subordinate_workers[0].claim, 1) == 0);
    CHECK(h.has_quirk("Q18"));
  }
}

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

TEST_CASE("3.3.4 ids: manual alone, with u = gmu", "[vllm][manual]") {
  Json workers{worker_json(2, "host4090", {{"cuda", G4090}}), worker_json(12, "host-2-4090", {{"cuda", 25'757'220'864}}, 64 * GiB, 2 * GiB, GiB)};
  FitHarness h(vllm_scenario(workers, Json{{"gpu_selector", {{"gpu_ids", {"host4090:cuda:0", "host-2-4090:cuda:0"}}, {"gpus_per_replica", 1}}}}));
  FitResult r = run_vllm(h);
  REQUIRE(r.candidates.size() == 2);
  CHECK(r.strategy == "manual");
  CHECK(r.candidates[1].claim.vram_utilization == 0.9);
  CHECK(claim_at(r.candidates[1].claim, 0) == 23'181'498'777);
  CHECK(status_of(h, "single_gpu") == "not_reached");
  SECTION("nothing found: the others are skipped as manual_only") {
    FitHarness h2(vllm_scenario(workers, Json{{"gpu_selector", {{"gpu_ids", {"host4090:cuda:0"}}, {"gpus_per_replica", 2}}}}));
    CHECK(run_vllm(h2).candidates.empty());
    CHECK((*h2.strategy("single_gpu"))["skip"]["code"] == "manual_only");
  }
}

TEST_CASE("Q22: the distributed-instance notice replaces the vLLM explanation", "[vllm][manual]") {
  Json workers{worker_json(1, "a", {{"cuda", G4090}}), worker_json(2, "b", {{"cuda", G4090}})};
  Json inst = distributed_instance_json(50, "other-dist", "vLLM", 3, 2, "b");
  FitHarness h(vllm_scenario(workers, Json{{"gpu_selector", {{"gpu_ids", {"a:cuda:0", "b:cuda:0"}}}}}, Json::object(), Json{inst}));
  CHECK(run_vllm(h).candidates.empty());
  CHECK(h.message_keys() == std::vector<std::string>{"manual:distributed_limit"});
  CHECK(h.has_quirk("Q22"));
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
