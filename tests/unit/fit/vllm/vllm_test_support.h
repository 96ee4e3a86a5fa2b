// What the vLLM strategy tests share: two GPU sizes, a run of the selector and a strategy status.
#pragma once

#include "fit/fit_test_support.h"
#include "fit/registry.h"
#include "scenario/errors.h"

namespace placement::vllm_test {

using namespace testing;

const Bytes G4090 = 26'015'170'560;
const Bytes G4080 = 17'171'480'576;

inline FitResult run_vllm(FitHarness& h) {
  FitContext ctx = h.context();
  return select_vllm(ctx);
}

inline Json env_claim(Bytes vram) { return Json{{"GPUSTACK_MODEL_VRAM_CLAIM", std::to_string(vram)}}; }

inline std::vector<int> indexes(const Candidate& c) { return c.gpu_indexes.value_or(std::vector<int>{}); }

inline std::string status_of(const FitHarness& h, const std::string& id) {
  const Json* s = h.strategy(id);
  return s ? (*s)["status"].get<std::string>() : "missing";
}

}  // namespace placement::vllm_test
