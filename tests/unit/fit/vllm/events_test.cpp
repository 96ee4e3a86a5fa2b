// vLLM's explanation values (§6.9) and the requirement's VRAM source (§6.1), field by field in
// GPUStack's order and of the right kind: the requirement line, the three strategy notes.
#include <catch2/catch.hpp>

#include <functional>

#include "fit/vllm/vllm_test_support.h"

using namespace placement;
using namespace placement::testing;
using namespace placement::vllm_test;

TEST_CASE("vLLM explanation values: every field in GPUStack's order", "[vllm][events]") {
  const Json two_4080{worker_json(3, "a", {{"cuda", G4080}, {"cuda", G4080}}), worker_json(4, "b", {{"cuda", G4080}, {"cuda", G4080}})};
  const Json one_4090{worker_json(2, "host4090", {{"cuda", G4090}})};
  struct Row {
    const char* what;
    Json scenario;
    const char* key;  // a message key, or "requirement.vram"
    const char* expected;
  };
  const Row rows[] = {
      {"requirement line, env claim", vllm_scenario(one_4090, Json{{"env", env_claim(50'000'000'000)}}), "requirement",
       R"({"vram":50000000000,"vram_gib":46.57,"gmu":0.9,"gmu_parameter":"gpu-memory-utilization","vram_over_gmu":55555555555,"vram_over_gmu_gib":51.74,"gmu_percent":90})"},
      {"requirement VRAM source, env claim", vllm_scenario(one_4090, Json{{"env", env_claim(50'000'000'000)}}), "requirement.vram",
       R"({"source":"env","env":"GPUSTACK_MODEL_VRAM_CLAIM","bytes":50000000000})"},
      {"requirement VRAM source, weights formula", vllm_scenario(one_4090, Json::object()), "requirement.vram",
       R"({"source":"weights","weights_bytes":1000000000,"formula":"int(weights x factor) + overhead","factor":1.2,"overhead":2147483648,"bytes":3347483648})"},
      {"single GPU note", vllm_scenario(one_4090, Json{{"env", env_claim(50'000'000'000)}, {"distributed_inference_across_workers", false}}),
       "single_gpu",
       R"({"largest_alloc":26015170560,"largest_alloc_gib":24.23,"gmu":0.9,"largest_alloc_percent":100.0})"},
      {"single worker multi GPU note",
       vllm_scenario(two_4080, Json{{"env", env_claim(50'000'000'000)}, {"distributed_inference_across_workers", false}}),
       "single_worker_multi_gpu",
       R"({"largest_alloc":34342961152,"largest_alloc_gib":31.98,"gmu":0.9,"satisfied":2,"total":2,"effective_gib":28.782})"},
      {"single worker multi GPU note with a tp reason",
       vllm_scenario(two_4080, Json{{"env", env_claim(50'000'000'000)}, {"distributed_inference_across_workers", false}},
                     Json{{"config", config_json(3, 12000)}}),
       "single_worker_multi_gpu",
       R"({"tp_reason":{"quantity":"attention_heads","value":3,"n":2},"largest_alloc":34342961152,"largest_alloc_gib":31.98,"gmu":0.9,"satisfied":2,"total":2,"effective_gib":28.782})"},
      {"multi worker note", vllm_scenario(two_4080, Json{{"env", env_claim(80'777'723'648)}}), "multi_worker",
       R"({"type":"cuda","topology_reasons":[],"gmu":0.9,"gmu_zero":false,"largest_vram":61817330072,"largest_vram_gib":57.57,"combination":["a","b"],"left_out":0,"devices_per_worker":2,"manual_advice":true})"},
      {"multi worker note with a topology reason",
       vllm_scenario(two_4080, Json{{"env", env_claim(50'000'000'000)}, {"backend_parameters", {"--distributed-executor-backend=mp", "--pp=4"}}},
                     Json{{"config", config_json(8, 12000)}}),
       "multi_worker",
       R"({"type":"cuda","topology_reasons":["vLLM multi-node: cluster size 2 cannot evenly distribute DP ranks that each span 4 nodes."],"gmu":0.9,"gmu_zero":false,"largest_vram":61817330072,"largest_vram_gib":57.57,"combination":["a","b"],"left_out":0,"devices_per_worker":2,"manual_advice":true})"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.what);
    FitHarness h(row.scenario);
    run_vllm(h);
    const std::string key = row.key;
    const Json* values = key == "requirement.vram" ? &h.trace.root()["requirement"]["vram"] : h.message(key);
    REQUIRE(values != nullptr);
    CHECK(values->dump() == row.expected);
  }
}
