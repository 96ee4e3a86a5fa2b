// A GGUF-fit query answered by the built-in estimator, the way GPUStack v2.x gets it from
// gguf-parser (the command it builds is documented in gpustack_parser_call.h):
//   full    → --gpu-layers -1:     one item, full offload
//   partial → --gpu-layers-step 1: one item per offload count 0…L (ascending), then full offload
//   disable → --gpu-layers 0:      one item, and GPUStack zeroes its vrams (clear_vram_claim)
// The tensor split is normalised as GPUStack formats it for the command (Q24); RPC servers take
// the first split entries. A query gguf-parser would refuse (e.g. --ubatch-size above
// --batch-size, more RPC servers than split entries) has no answer.
#include "gguf/profile_estimate.h"

#include "gguf/estimator.h"
#include "gguf/gpustack_parser_call.h"
#include "gguf/model_profile.h"
#include "scenario/errors.h"

namespace placement::gguf {

namespace {

// calculate_gguf_model_resource_claim → clear_vram_claim: llama-box allocates no VRAM when no
// layer is offloaded, although gguf-parser still counts buffers there.
void clear_vram_claim(Estimate& e) {
  for (EstimateItem& item : e.items) {
    if (item.offload_layers != 0) continue;
    for (DeviceEstimate& v : item.vrams) {
      v.uma = 0;
      v.nonuma = 0;
      v.handle_layers = 0;
    }
  }
}

}  // namespace

ProfileEstimator::ProfileEstimator(const Json& profile_json, const Model& model)
    : profile_(profile_from_json(profile_json, "/estimates/gguf_profile")),
      options_(gpustack_parser_options(model.backend_parameters)) {}

std::optional<Estimate> ProfileEstimator::answer(const Query& query) const {
  if (profile_.type != "model") return std::nullopt;  // gguf-parser skips the estimate

  EstimatorOptions options = options_;
  if (options.main_gpu < 0) return std::nullopt;  // --main-gpu is unsigned: gguf-parser fails
  if (query.offload == "full") {
    options.gpu_layers = -1;
  } else if (query.offload == "partial") {
    options.gpu_layers_step = 1;
  } else if (query.offload == "disable") {
    options.gpu_layers = 0;
  } else {
    return std::nullopt;
  }
  if (query.tensor_split && !query.tensor_split->empty()) options.tensor_split = normalise_tensor_split(*query.tensor_split);
  if (query.rpc && !query.rpc->empty()) options.rpc = *query.rpc;

  Estimate e;
  try {
    e = estimate(profile_, options);
  } catch (const InputError&) {
    return std::nullopt;  // gguf-parser exits with an error; GPUStack's call fails
  }
  if (query.offload == "disable") clear_vram_claim(e);
  return e;
}

std::optional<Estimate> estimate_from_profile(const Json& profile_json, const Query& query, const Model& model) {
  return ProfileEstimator(profile_json, model).answer(query);
}

}  // namespace placement::gguf
