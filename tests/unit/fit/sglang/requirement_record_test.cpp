// SGLang's requirement record, u_by_type: each source's shape, and the calculator's figures in the
// order the calculator once wrote them (gpus_counted typed in its place).
#include <catch2/catch.hpp>

#include "fit/sglang/requirement_record.h"
#include "trace/trace_test_support.h"

using namespace placement;

namespace {

MemFractionDetail full_detail(bool vision) {
  MemFractionDetail d;
  d.gpu_type = "cuda";
  auto counted = std::make_shared<CountedGpus>();
  counted->rows.push_back(CountedGpu{"a", 0, "cuda", 100});
  d.gpus_counted = counted;
  d.min_gpu_total = 100, d.gpu_mem_mib = 16376.0, d.is_npu = false, d.max_tp = 2, d.max_pp = 1;
  d.chunked_prefill_size = 2048, d.chunked_prefill_size_from_parameter = true;
  d.cuda_graph_max_bs = 8, d.dp_attention = false, d.large_gpu_floor_10240 = false;
  d.speculative_reserve_mib = 0.0, d.piecewise_reserve_mib = 0, d.reserved_mib = 3728.0, d.u_before_vision = 0.772;
  if (vision) d.vision_factor = 0.95;
  d.u = vision ? 0.733 : 0.772;
  return d;
}

}  // namespace

TEST_CASE("sglang requirement u_by_type: each source's members in order", "[sglang][record]") {
  struct Row {
    const char* what;
    SglangTypeUtilisation entry;
    const char* expected;  // compact JSON
  };
  const char* full =
      R"({"gpu_type":"cuda","source":"calculator","calculator":{"gpu_type":"cuda","source":"calculator",)"
      R"("gpus_counted":[{"worker":"a","gpu_index":0,"type":"cuda","total":100}],"min_gpu_total":100,"gpu_mem_mib":16376.0,)"
      R"("is_npu":false,"max_tp":2,"max_pp":1,"chunked_prefill_size":2048,"chunked_prefill_size_source":"parameter",)"
      R"("cuda_graph_max_bs":8,"cuda_graph_max_bs_source":"table","dp_attention":false,"large_gpu_floor_10240":false,)"
      R"("speculative_reserve_mib":0.0,"piecewise_reserve_mib":0,"reserved_mib":3728.0,"u_before_vision":0.772,"u":0.772},"u":0.772})";
  MemFractionDetail not_positive;
  not_positive.gpu_type = std::nullopt;
  not_positive.source = "parameter_not_positive";
  const Row rows[] = {
      {"not selected: u before source", {"rocm", "not_selected", std::nullopt, std::nullopt},
       R"({"gpu_type":"rocm","u":null,"source":"not_selected"})"},
      {"parameter: source then u", {"cuda", "parameter", std::nullopt, 0.8}, R"({"gpu_type":"cuda","source":"parameter","u":0.8})"},
      {"non-positive parameter: the calculator stops at its source", {"cuda", "parameter_not_positive", not_positive, std::nullopt},
       R"({"gpu_type":"cuda","source":"parameter_not_positive","calculator":{"gpu_type":null,"source":"parameter_not_positive"},"u":null})"},
      {"calculator: every figure", {"cuda", "calculator", full_detail(false), 0.772}, full},
      {"calculator, multimodal: vision_factor before u", {"cuda", "calculator", full_detail(true), 0.733},
       R"({"gpu_type":"cuda","source":"calculator","calculator":{"gpu_type":"cuda","source":"calculator",)"
       R"("gpus_counted":[{"worker":"a","gpu_index":0,"type":"cuda","total":100}],"min_gpu_total":100,"gpu_mem_mib":16376.0,)"
       R"("is_npu":false,"max_tp":2,"max_pp":1,"chunked_prefill_size":2048,"chunked_prefill_size_source":"parameter",)"
       R"("cuda_graph_max_bs":8,"cuda_graph_max_bs_source":"table","dp_attention":false,"large_gpu_floor_10240":false,)"
       R"("speculative_reserve_mib":0.0,"piecewise_reserve_mib":0,"reserved_mib":3728.0,"u_before_vision":0.772,"vision_factor":0.95,"u":0.733},"u":0.733})"},
  };
  for (const Row& row : rows) {
    SECTION(row.what) {
      const Json tree = json_tree(row.entry);
      CHECK(tree.dump() == row.expected);
      CHECK(placement::testing::text_of(row.entry) == tree.dump(2));
    }
  }
}

TEST_CASE("sglang requirement parameters: every value, null when absent", "[sglang][record]") {
  struct Row {
    const char* what;
    SglangParameters params;
    const char* expected;  // compact JSON of `parameters`
  };
  SglangParameters given;
  given.tp = 2, given.pp = 1, given.dp = 4, given.nnodes = 2, given.dp_attention = true;
  given.speculative_algorithm = "EAGLE", given.mixed_chunk = true, given.mem_fraction_static_text = "0.85";
  given.chunked_prefill_size = 4096, given.cuda_graph_max_bs = 32, given.piecewise_cuda_graph = "true";
  given.piecewise_cuda_graph_max_tokens = 8192;
  const Row rows[] = {
      {"defaults", SglangParameters{},
       R"({"tp":1,"pp":1,"dp":1,"nnodes":1,"enable_dp_attention":false,"speculative_algorithm":null,"enable_mixed_chunk":false,)"
       R"("mem_fraction_static":null,"chunked_prefill_size":null,"cuda_graph_max_bs":null,"enable_piecewise_cuda_graph":null,"piecewise_cuda_graph_max_tokens":0})"},
      {"every flag given", given,
       R"({"tp":2,"pp":1,"dp":4,"nnodes":2,"enable_dp_attention":true,"speculative_algorithm":"EAGLE","enable_mixed_chunk":true,)"
       R"("mem_fraction_static":"0.85","chunked_prefill_size":4096,"cuda_graph_max_bs":32,"enable_piecewise_cuda_graph":"true","piecewise_cuda_graph_max_tokens":8192})"},
  };
  for (const Row& row : rows) {
    SECTION(row.what) {
      SglangRequirement req;
      req.parameters = row.params;
      const Json tree = json_tree([&](JsonOut& out) {
        out.begin_object();
        req.write(out);
        out.end_object();
      });
      CHECK(tree["parameters"].dump() == row.expected);
    }
  }
}
