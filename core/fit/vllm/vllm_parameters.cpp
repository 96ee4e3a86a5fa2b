#include "fit/vllm/vllm_parameters.h"

#include <cctype>
#include <variant>
#include <vector>

#include "fit/common/shared_rules.h"
#include "fit/registry.h"
#include "scenario/errors.h"

namespace placement {

namespace {

struct ParallelSize {
  const char* label;
  const char* long_name;
  const char* short_name;
  std::optional<long long> read(const BackendParameters& p) const { return p.integer({long_name, short_name}); }
  std::optional<std::string> spelling(const BackendParameters& p) const { return p.spelling({long_name, short_name}); }
};

// The order GPUStack lists them in its world-size labels.
const ParallelSize kTp{"tp", "tensor-parallel-size", "tp"};
const ParallelSize kPp{"pp", "pipeline-parallel-size", "pp"};
const ParallelSize kPcp{"pcp", "prefill-context-parallel-size", "pcp"};
const ParallelSize kDp{"dp", "data-parallel-size", "dp"};
const ParallelSize kDpl{"dpl", "data-parallel-size-local", "dpl"};

std::optional<long long> read_positive(const BackendParameters& params, const ParallelSize& size) {
  auto v = size.read(params);
  if (v && *v <= 0) {
    const std::string flag = size.spelling(params).value_or(std::string("--") + size.long_name);
    throw ReferenceError("selector_init", flag + " must be a positive integer, got " + std::to_string(*v),
                         DataFields{{"parameter", flag}, {"value", *v}});
  }
  return v;
}

}  // namespace

VllmWorldSize vllm_world(const BackendParameters& params) {
  auto tp = read_positive(params, kTp);
  auto pp = read_positive(params, kPp);
  auto pcp = read_positive(params, kPcp);
  auto dp = read_positive(params, kDp);
  auto dpl = read_positive(params, kDpl);

  // Hybrid load balancing: --data-parallel-size counts ranks of other deployments too, so only the
  // local ranks size this one; without them GPUStack gives no world size at all.
  const bool hybrid = params.boolean("data-parallel-hybrid-lb").value_or(false);
  if (hybrid) {
    if (!dpl) return {};
    dp = dpl;
  }

  VllmWorldSize w;
  if (!tp && !pp && !pcp && !dp) return w;
  w.world = 1;
  std::vector<std::string> labels;
  const std::pair<const ParallelSize*, std::optional<long long>> sizes[] = {{&kTp, tp}, {&kPp, pp}, {&kPcp, pcp}, {&kDp, dp}};
  for (const auto& [size, value] : sizes) {
    if (!value) continue;
    labels.push_back(size->label);
    w.world *= *value;
  }
  if (dpl && !hybrid) labels.push_back(kDpl.label);
  for (std::size_t i = 0; i < labels.size(); ++i) w.labels += (i ? "/" : "") + labels[i];
  return w;
}

long long vllm_world_size(const Model&, const BackendParameters& params) { return vllm_world(params).world; }

namespace {

// One exploded version part: a number, or a list of code points (alpha/beta/rc get a negative
// rank in front so they sort before a release).
using VersionPart = std::variant<long long, std::vector<long long>>;

std::vector<VersionPart> explode_version(std::string v) {
  for (char& c : v)
    if (c == '-' || c == '_' || c == '+') c = '.';
  std::vector<VersionPart> parts;
  std::size_t start = 0;
  while (true) {
    std::size_t dot = v.find('.', start);
    std::string x = v.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
    bool digits = !x.empty();
    for (char c : x) digits = digits && std::isdigit(static_cast<unsigned char>(c));
    if (digits) {
      parts.emplace_back(std::stoll(x.size() > 18 ? x.substr(x.size() - 18) : x));
    } else {
      std::vector<long long> codes;
      std::size_t skip = 0;
      if (x.rfind("alpha", 0) == 0) codes.push_back(-3), skip = 5;
      else if (x.rfind("beta", 0) == 0) codes.push_back(-2), skip = 4;
      else if (x.rfind("rc", 0) == 0) codes.push_back(-1), skip = 2;
      for (std::size_t i = skip; i < x.size(); ++i) codes.push_back(static_cast<unsigned char>(x[i]));
      parts.emplace_back(std::move(codes));
    }
    if (dot == std::string::npos) break;
    start = dot + 1;
  }
  return parts;
}

std::vector<long long> as_list(const VersionPart& p) {
  if (const auto* n = std::get_if<long long>(&p)) return {*n};
  return std::get<std::vector<long long>>(p);
}

}  // namespace

int compare_runtime_versions(const std::string& a, const std::string& b) {
  if (a == b) return 0;
  auto pa = explode_version(a), pb = explode_version(b);
  while (pa.size() < pb.size()) pa.emplace_back(0LL);
  while (pb.size() < pa.size()) pb.emplace_back(0LL);
  for (std::size_t i = 0; i < pa.size(); ++i) {
    const bool na = std::holds_alternative<long long>(pa[i]), nb = std::holds_alternative<long long>(pb[i]);
    if (na && nb) {
      long long x = std::get<long long>(pa[i]), y = std::get<long long>(pb[i]);
      if (x != y) return x < y ? -1 : 1;
      continue;
    }
    // A number against a list compares as a one-element list (Python list ordering).
    auto x = as_list(pa[i]), y = as_list(pb[i]);
    if (x < y) return -1;
    if (y < x) return 1;
  }
  return 0;
}

VllmExecutorChoice resolve_vllm_executor(const Model& model, const BackendParameters& params) {
  if (auto v = params.value("distributed-executor-backend"))
    return {*v == "mp" ? VllmExecutor::mp : VllmExecutor::ray, "parameter"};
  const std::string version = model.backend_version.value_or("");
  if (version.find("-custom") != std::string::npos && compare_runtime_versions(version, "0.18.0") >= 0)
    return {VllmExecutor::mp, "custom_version"};
  return {VllmExecutor::ray, "default"};
}

void validate_vllm_parameters(const HfHyperParameters& hp, const BackendParameters& params, VllmExecutor executor) {
  if (auto tp = kTp.read(params)) {
    TpCheck check = tp_ok(hp, *tp, params, VisionRule::vllm);
    if (!check.ok)
      throw ReferenceError("fit", check.reason() + ". Consider adjusting your tensor-parallel-size value.",
                           DataFields{{"parameter", "tensor-parallel-size"}, {"n", *tp}, {"quantity", check.quantity}, {"value", check.value}});
  }
  if (executor != VllmExecutor::mp) return;
  auto dp = kDp.read(params);
  auto dpl = kDpl.read(params);
  if (dp && dpl && *dpl != 0 && *dp % *dpl != 0)
    throw ReferenceError("fit",
                         "vLLM multi-node: --data-parallel-size " + std::to_string(*dp) +
                             " must be a multiple of --data-parallel-size-local " + std::to_string(*dpl),
                         DataFields{{"dp", *dp}, {"dpl", *dpl}});
}

namespace {

// vLLM sizes non-LLM models without --gpu-memory-utilization, except these architectures.
bool gmu_disabled(const Model& model, const HfHyperParameters& hp) {
  if (model.categories.empty()) return false;
  if (has_category(model, "llm") || has_category(model, "speech_to_text")) return false;
  for (const auto& a : hp.architectures)
    if (a == "Qwen3ForCausalLM" || a == "Qwen3ForSequenceClassification" || a == "Qwen3VLForConditionalGeneration") return false;
  return true;
}

}  // namespace

VllmGmu resolve_vllm_gmu(const Model& model, const HfHyperParameters& hp, const BackendParameters& params) {
  VllmGmu g;
  g.source = "default";
  if (gmu_disabled(model, hp)) g.value = 0, g.source = "non_llm_default";
  auto text = params.value("gpu-memory-utilization");
  if (text && !text->empty()) {  // an empty value is falsy in GPUStack: the default stays
    auto v = python_float(*text);
    if (!v)
      throw ReferenceError("fit", "--gpu-memory-utilization value '" + *text + "' is not a number",
                           DataFields{{"parameter", "gpu-memory-utilization"}, {"value", *text}});
    g.value = *v;
    g.source = "parameter";
  }
  return g;
}

}  // namespace placement
