#include "fit/sglang/sglang_parameters.h"


#include "fit/common/shared_rules.h"
#include "fit/registry.h"
#include "scenario/errors.h"
#include "share/ascii_case.h"

namespace placement {

namespace {

constexpr const char* kStage = "selector_init";

// GPUStack's spellings of the three sizes (first valued occurrence of either wins).
std::optional<long long> tp_value(const BackendParameters& p) { return p.integer({"tp-size", "tensor-parallel-size"}); }
std::optional<long long> pp_value(const BackendParameters& p) { return p.integer({"pp-size", "pipeline-parallel-size"}); }
std::optional<long long> dp_value(const BackendParameters& p) { return p.integer({"dp-size", "data-parallel-size"}); }

// Python truthiness of an optional int: None and 0 are false.
bool truthy(const std::optional<long long>& v) { return v && *v != 0; }
long long or_one(const std::optional<long long>& v) { return truthy(v) ? *v : 1; }

}  // namespace

std::optional<bool> python_strtobool(const std::string& text) {
  const std::string v = share::ascii_lower(text);
  if (v == "y" || v == "yes" || v == "t" || v == "true" || v == "on" || v == "1") return true;
  if (v == "n" || v == "no" || v == "f" || v == "false" || v == "off" || v == "0") return false;
  return std::nullopt;
}

SglangWorld sglang_world(const BackendParameters& params) {
  const auto tp = tp_value(params);
  const auto pp = pp_value(params);
  auto dp = dp_value(params);
  // With DP attention the data-parallel ranks reuse the TP group's GPUs.
  if (params.boolean("enable-dp-attention").value_or(false)) dp.reset();
  SglangWorld w;
  if (!truthy(tp) && !truthy(pp) && !truthy(dp)) return w;
  w.size = 1;
  auto add = [&](const std::optional<long long>& v, const char* label) {
    if (!truthy(v)) return;
    w.size *= *v;
    w.labels += (w.labels.empty() ? "" : "/") + std::string(label);
  };
  add(tp, "tp");
  add(pp, "pp");
  add(dp, "dp");
  return w;
}

long long sglang_world_size(const Model&, const BackendParameters& params) { return sglang_world(params).size; }

SglangParameters read_and_validate_sglang_parameters(const BackendParameters& params, bool has_parameters,
                                                      const HfHyperParameters& hp) {
  SglangParameters p;
  p.tp = or_one(tp_value(params));
  if (hp.num_attention_heads && *hp.num_attention_heads != 0 && *hp.num_attention_heads % p.tp != 0)
    throw ReferenceError(kStage,
                         "Total number of attention heads (" + std::to_string(*hp.num_attention_heads) +
                             ") must be divisible by tp-size (" + std::to_string(p.tp) + ").",
                         DataFields{{"rule", "heads_divisible_by_tp"}, {"num_attention_heads", *hp.num_attention_heads}, {"tp", p.tp}});
  p.pp = or_one(pp_value(params));
  p.dp = or_one(dp_value(params));

  // strtobool runs before any rule needs the value, so an unknown value fails on its own.
  if (auto v = params.value("enable-mixed-chunk")) {
    auto b = python_strtobool(*v);
    if (!b)
      throw ReferenceError(kStage, "--enable-mixed-chunk has an invalid truth value '" + *v + "'",
                           DataFields{{"rule", "strtobool"}, {"flag", "--enable-mixed-chunk"}, {"value", *v}});
    p.mixed_chunk = *b;
  } else {
    p.mixed_chunk_bare = params.present("enable-mixed-chunk");
  }

  if (has_parameters) {
    if (auto v = params.value("nnodes"); v && !v->empty()) {
      auto n = python_int(*v);
      if (!n)
        throw ReferenceError(kStage, "--nnodes '" + *v + "' is not an integer",
                             DataFields{{"rule", "nnodes_int"}, {"value", *v}});
      p.nnodes = *n;
    }
  }
  const long long tp_pp = p.tp * p.pp;
  if (p.nnodes == 0)
    throw ReferenceError(kStage, "--nnodes is 0: GPUStack divides tp-size by it (ZeroDivisionError)",
                         DataFields{{"rule", "nnodes_zero"}, {"world_size", tp_pp}});
  if (tp_pp % p.nnodes != 0)
    throw ReferenceError(kStage, "tp-size " + std::to_string(tp_pp) + " must be divisible by nnodes",
                         DataFields{{"rule", "tp_pp_divisible_by_nnodes"}, {"world_size", tp_pp}, {"nnodes", p.nnodes}});

  p.speculative_algorithm = params.value("speculative-algorithm");
  if (p.pp > 1 && (p.speculative_algorithm || p.mixed_chunk))
    throw ReferenceError(kStage,
                         "Pipeline parallelism is not compatible with overlap schedule, speculative decoding, mixed chunked prefill.",
                         DataFields{{"rule", "pp_incompatible"}, {"pp", p.pp}, {"speculative_algorithm", p.speculative_algorithm},
                              {"enable_mixed_chunk", p.mixed_chunk}});

  p.dp_attention = params.boolean("enable-dp-attention").value_or(false);
  if (p.dp > 1 && p.nnodes != 1 && !p.dp_attention)
    throw ReferenceError(kStage, "multi-node data parallel is not supported unless dp attention!",
                         DataFields{{"rule", "multi_node_dp"}, {"dp", p.dp}, {"nnodes", p.nnodes}});

  if (p.speculative_algorithm && p.mixed_chunk)
    throw ReferenceError(kStage, "enable_mixed_chunk is required for speculative decoding",
                         DataFields{{"rule", "speculative_with_mixed_chunk"}, {"speculative_algorithm", *p.speculative_algorithm}});

  // Divisibility by |tp| is the same test as by tp; GPUStack only skips a tp of 0, which `or 1` rules out.
  TpCheck check = tp_ok(hp, p.tp < 0 ? -p.tp : p.tp, params, VisionRule::sglang);
  if (!check.ok)
    throw ReferenceError(kStage, check.reason() + " Consider adjusting your tp-size value.",
                         DataFields{{"rule", "tp_divisibility"}, {"quantity", check.quantity}, {"value", check.value}, {"tp", p.tp}});

  if (auto v = params.value("mem-fraction-static"); v && !v->empty()) {
    auto f = python_float(*v);
    if (!f)
      throw ReferenceError(kStage, "--mem-fraction-static '" + *v + "' is not a number",
                           DataFields{{"rule", "mem_fraction_static_float"}, {"value", *v}});
    p.mem_fraction_static_text = *v;
    p.mem_fraction_static = *f;
  }

  p.chunked_prefill_size = params.integer("chunked-prefill-size");
  p.cuda_graph_max_bs = params.integer("cuda-graph-max-bs");
  p.piecewise_cuda_graph = params.value("enable-piecewise-cuda-graph");
  if (p.piecewise_cuda_graph && p.piecewise_cuda_graph->empty()) p.piecewise_cuda_graph.reset();  // "" is falsy
  p.piecewise_cuda_graph_bare = !p.piecewise_cuda_graph && params.present("enable-piecewise-cuda-graph");
  p.piecewise_cuda_graph_max_tokens = params.integer("piecewise-cuda-graph-max-tokens").value_or(0);
  return p;
}

}  // namespace placement
