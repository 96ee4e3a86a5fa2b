// SGLang parameters (scheduler-rules.md §3.4.1-2): the world size that feeds gpu_count, and each
// validation rule GPUStack applies before any strategy runs.
#include <catch2/catch.hpp>

#include "fit/sglang/sglang_parameters.h"
#include "scenario/errors.h"

using namespace placement;

namespace {

HfHyperParameters config(const char* json) { return read_hf_config(Json::parse(json)); }

std::string validation_rule(const std::vector<std::string>& argv, const HfHyperParameters& hp) {
  try {
    read_and_validate_sglang_parameters(BackendParameters(argv), !argv.empty(), hp);
  } catch (const ReferenceError& e) {
    CHECK(e.stage() == "selector_init");
    return e.values().value("rule", std::string("?"));
  }
  return "ok";
}

}  // namespace

TEST_CASE("SGLang world size: tp × pp × dp of the given non-zero sizes") {
  struct Row {
    std::vector<std::string> argv;
    long long size;
    const char* labels;
  } rows[] = {
      {{}, 0, ""},
      {{"--tp-size=2"}, 2, "tp"},
      {{"--tensor-parallel-size", "4", "--pp-size=2"}, 8, "tp/pp"},
      {{"--pipeline-parallel-size=2"}, 2, "pp"},
      {{"--data-parallel-size=2"}, 2, "dp"},
      {{"--tp-size=2", "--dp-size=2"}, 4, "tp/dp"},
      {{"--tp-size=2", "--dp-size=2", "--enable-dp-attention"}, 2, "tp"},
      {{"--dp-size=2", "--enable-dp-attention=false"}, 2, "dp"},
      {{"--tp-size=0"}, 0, ""},
      {{"--tp-size=abc", "--pp-size=2"}, 2, "pp"},
  };
  for (const Row& r : rows) {
    INFO(Json(r.argv).dump());
    SglangWorld w = sglang_world(BackendParameters(r.argv));
    CHECK(w.size == r.size);
    CHECK(w.labels == r.labels);
  }
}

TEST_CASE("SGLang validation: one row per rule, in GPUStack's order") {
  const HfHyperParameters hp = config(R"({"num_attention_heads": 16, "vocab_size": 151936})");
  struct Row {
    std::vector<std::string> argv;
    const char* rule;
  } rows[] = {
      {{}, "ok"},
      {{"--tp-size=3"}, "heads_divisible_by_tp"},
      {{"--enable-mixed-chunk=maybe"}, "strtobool"},
      {{"--tp-size=3", "--enable-mixed-chunk=maybe"}, "heads_divisible_by_tp"},  // heads first
      {{"--nnodes=two"}, "nnodes_int"},
      {{"--nnodes=0"}, "nnodes_zero"},
      {{"--tp-size=2", "--nnodes=4"}, "tp_pp_divisible_by_nnodes"},
      {{"--tp-size=2", "--pp-size=2", "--nnodes=4"}, "ok"},
      {{"--pp-size=2", "--speculative-algorithm=EAGLE"}, "pp_incompatible"},
      {{"--pp-size=2", "--enable-mixed-chunk=true"}, "pp_incompatible"},
      {{"--pp-size=2", "--enable-mixed-chunk"}, "ok"},  // Q30: a bare flag is read as absent
      {{"--pp-size=2", "--enable-mixed-chunk=off"}, "ok"},
      {{"--dp-size=2", "--tp-size=2", "--nnodes=2"}, "multi_node_dp"},
      {{"--dp-size=2", "--tp-size=2", "--nnodes=2", "--enable-dp-attention"}, "ok"},
      {{"--speculative-algorithm=EAGLE", "--enable-mixed-chunk=1"}, "speculative_with_mixed_chunk"},
      {{"--speculative-algorithm=EAGLE"}, "ok"},
      {{"--mem-fraction-static=abc"}, "mem_fraction_static_float"},
      {{"--mem-fraction-static=0.85"}, "ok"},
      {{"--mem-fraction-static=-1"}, "ok"},  // accepted here; GPUStack fails later (u is None)
  };
  for (const Row& r : rows) {
    INFO(Json(r.argv).dump());
    CHECK(validation_rule(r.argv, hp) == std::string(r.rule));
  }
}

TEST_CASE("SGLang validation: tp divisibility of vocabulary and vision heads") {
  CHECK(validation_rule({"--tp-size=2"}, config(R"({"num_attention_heads": 16, "vocab_size": 10001})")) == "tp_divisibility");
  const HfHyperParameters vl = config(R"({"num_attention_heads": 16, "vocab_size": 1000, "vision_config": {"num_heads": 6}})");
  CHECK(validation_rule({"--tp-size=4"}, vl) == "tp_divisibility");
  CHECK(validation_rule({"--tp-size=4", "--language-only"}, vl) == "ok");
  CHECK(validation_rule({"--tp-size=2"}, vl) == "ok");
}

TEST_CASE("SGLang parameters: sizes default to 1, flags as GPUStack reads them") {
  SglangParameters p = read_and_validate_sglang_parameters(
      BackendParameters({"--tp-size=0", "--dp-size=4", "--enable-dp-attention", "--mem-fraction-static=0.8",
                         "--enable-piecewise-cuda-graph", "--piecewise-cuda-graph-max-tokens=4096", "--cuda-graph-max-bs=64"}),
      true, config("{}"));
  CHECK(p.tp == 1);
  CHECK(p.pp == 1);
  CHECK(p.dp == 4);
  CHECK(p.dp_attention);
  CHECK(p.mem_fraction_static == 0.8);
  CHECK_FALSE(p.piecewise_cuda_graph);
  CHECK(p.piecewise_cuda_graph_bare);
  CHECK(p.piecewise_cuda_graph_max_tokens == 4096);
  CHECK(p.cuda_graph_max_bs == 64);
  CHECK_FALSE(p.chunked_prefill_size);
}

TEST_CASE("strtobool table") {
  for (const char* t : {"y", "YES", "t", "True", "on", "1"}) CHECK(python_strtobool(t) == true);
  for (const char* f : {"n", "no", "F", "false", "OFF", "0"}) CHECK(python_strtobool(f) == false);
  for (const char* bad : {"", "2", "enabled", " true"}) CHECK_FALSE(python_strtobool(bad));
}
