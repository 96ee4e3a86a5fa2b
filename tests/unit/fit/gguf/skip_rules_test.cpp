// GGUF skip rules, one row per rule (scheduler-rules.md §3.2 "Order and skips", §6.3 skip codes).
#include <catch2/catch.hpp>

#include "gguf_test_support.h"

using namespace gguf_test;

namespace {

// Small GPUs and RAM: the synthetic model (full offload 10,100 bytes, one layer 1,100, CPU
// 10,300) never fits, so every strategy is reached unless a rule skips it.
Json small_cluster(Json m) {
  return scenario({worker(1, "a", 5000, {gpu(0, 2000), gpu(1, 2000)}), worker(2, "b", 5000, {gpu(0, 2000)})}, std::move(m));
}

Json with_params(Json m, std::vector<std::string> params) {
  m["backend_parameters"] = params;
  return m;
}

Json with_ids(Json m, std::vector<std::string> ids) {
  m["gpu_selector"] = Json{{"gpu_ids", ids}};
  return m;
}

}  // namespace

TEST_CASE("GGUF skip rules, row by row") {
  struct Row {
    const char* name;
    Json scenario;
    const char* strategy;
    const char* code;
  };
  Json image = model();
  image["categories"] = Json::array({"image"});
  Json full_instance = small_cluster(model());
  full_instance["model_instances"] = Json::array({Json{{"id", 9}, {"model_id", 2}, {"state", "running"}, {"worker_id", 1},
                                                       {"gpu_indexes", {0, 1}},
                                                       {"computed_resource_claim", {{"ram", 0}, {"vram", {{"0", 2000}, {"1", 2000}}}}}},
                                                  Json{{"id", 10}, {"model_id", 2}, {"state", "running"}, {"worker_id", 2},
                                                       {"gpu_indexes", {0}},
                                                       {"computed_resource_claim", {{"ram", 0}, {"vram", {{"0", 2000}}}}}}});
  Json full_selected = full_instance;
  full_selected["model"] = with_ids(model(), {"a:cuda:0", "a:cuda:1"});
  const std::vector<Row> rows = {
      {"partial offload needs cpu_offloading", small_cluster(model(false)), "partial_offload", "needs_cpu_offloading"},
      {"CPU only needs cpu_offloading", small_cluster(model(false)), "cpu_only", "needs_cpu_offloading"},
      {"RPC needs distributed inference", small_cluster(model(true, false)), "multi_worker_rpc", "distributed_disabled"},
      {"image models: single GPU only", small_cluster(image), "single_worker_multi_gpu", "image_single_gpu_only"},
      {"image models: no CPU either", small_cluster(image), "cpu_only", "image_single_gpu_only"},
      {"0 < ngl < total without cpu_offloading", small_cluster(with_params(model(false), {"-ngl", "5"})),
       "single_worker_single_gpu", "ngl_requires_cpu_offloading"},
      {"ngl 0: CPU only", small_cluster(with_params(model(), {"--gpu-layers", "0"})), "single_worker_single_gpu", "ngl_cpu_only"},
      {"ngl 0: not partial either", small_cluster(with_params(model(), {"-ngl", "0"})), "partial_offload", "ngl_cpu_only"},
      {"ngl set: not CPU", small_cluster(with_params(model(), {"-ngl", "5"})), "cpu_only", "ngl_not_cpu"},
      {"ngl below total: no full offload", small_cluster(with_params(model(), {"--n-gpu-layers", "5"})),
       "single_worker_multi_gpu", "ngl_partial"},
      {"ngl clamped to total: no partial", small_cluster(with_params(model(), {"-ngl", "99"})), "partial_offload", "ngl_full"},
      {"tensor split: no single GPU", small_cluster(with_params(model(), {"--tensor-split", "1,1"})),
       "single_worker_single_gpu", "tensor_split_given"},
      {"ids: no CPU", small_cluster(with_ids(model(), {"a:cuda:0"})), "cpu_only", "manual_only"},
      {"ids on two workers: RPC only", small_cluster(with_ids(model(), {"a:cuda:0", "b:cuda:0"})), "partial_offload",
       "manual_multi_worker"},
      {"ids on one worker: no RPC", small_cluster(with_ids(model(), {"a:cuda:0", "a:cuda:1"})), "multi_worker_rpc",
       "manual_single_worker"},
      {"ids: two GPUs, no single GPU", small_cluster(with_ids(model(), {"a:cuda:0", "a:cuda:1"})), "single_worker_single_gpu",
       "manual_gpu_count"},
      {"ids: one GPU, no multi GPU", small_cluster(with_ids(model(), {"a:cuda:0"})), "single_worker_multi_gpu", "manual_gpu_count"},
      {"no allocatable GPU (info)", full_instance, "single_worker_single_gpu", "no_allocatable_gpu"},
      {"no allocatable GPU, selected (error)", full_selected, "single_worker_multi_gpu", "no_allocatable_gpu"},
      {"one worker: no RPC", scenario({worker(1, "a", 100000, {gpu(0, 2000), gpu(1, 2000)})}, model()), "multi_worker_rpc",
       "too_few_workers"},
      {"one allocatable GPU: no multi GPU", scenario({worker(1, "a", 100000, {gpu(0, 2000)}), worker(2, "b", 100000, {})}, model()),
       "single_worker_multi_gpu", "too_few_gpus"},
      {"selected worker missing", small_cluster(with_ids(model(), {"a:cuda:0", "a:cuda:1", "ghost:cuda:0"})), "multi_worker_rpc",
       "selected_worker_missing"},
      {"selected GPU below one layer", scenario({worker(1, "a", 100000, {gpu(0, 500), gpu(1, 5000)})},
                                                 with_ids(model(), {"a:cuda:0", "a:cuda:1"})),
       "single_worker_multi_gpu", "selected_gpu_too_small"},
  };
  for (const Row& r : rows) {
    SECTION(r.name) {
      Outcome o = run(r.scenario);
      CHECK(o.status(r.strategy) == "skipped");
      CHECK(o.skip_code(r.strategy) == r.code);
    }
  }
}

TEST_CASE("skip-rule events: errors replace the explanation, infos keep theirs") {
  SECTION("ngl without cpu_offloading is an error event, kept once") {
    Outcome o = run(small_cluster(with_params(model(false), {"-ngl", "5"})));
    REQUIRE(o.trace["messages"].size() == 1);
    CHECK(o.trace["messages"][0]["key"] == "ngl_requires_cpu_offloading");
    CHECK(o.trace["messages"][0]["values"]["level"] == "error");
    CHECK(o.trace["messages"][0]["values"]["ngl"] == 5);
  }
  SECTION("a missing selected worker is an error naming it") {
    Outcome o = run(small_cluster(with_ids(model(), {"a:cuda:0", "a:cuda:1", "ghost:cuda:0"})));
    REQUIRE(o.trace["messages"].size() == 1);
    CHECK(o.trace["messages"][0]["key"] == "selected_worker_missing");
    CHECK(o.trace["messages"][0]["values"]["worker_name"] == "ghost");
  }
  SECTION("nothing fits and nobody spoke: the pre-check error with the full requirement") {
    Outcome o = run(scenario({worker(1, "a", 100, {}), worker(2, "b", 100, {})}, model(false, false)));
    REQUIRE(o.trace["messages"].size() == 1);
    CHECK(o.trace["messages"][0]["key"] == "insufficient");
    CHECK(o.trace["messages"][0]["values"]["vram"] == 10100);
    CHECK(o.trace["messages"][0]["values"]["ram"] == 300);
  }
}
