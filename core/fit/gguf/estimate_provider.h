// Where the GGUF fit gets gguf-parser estimates: recorded entries of estimates.gguf_parser,
// looked up by (offload, normalised tensor split, rpc), else the built-in estimator over
// estimates.gguf_profile (gguf/profile_estimate.h). Answers are cached per query.
#pragma once

#include <memory>
#include <string>

#include "gguf/estimate_items.h"
#include "scenario/types.h"
#include "trace/trace.h"

namespace placement {

class GgufEstimateProvider {
 public:
  virtual ~GgufEstimateProvider() = default;
  // nullptr when neither source can answer; `source` is set to recorded | estimator | missing.
  virtual const gguf::Estimate* get(const gguf::Query& query, std::string* source) = 0;
};

std::unique_ptr<GgufEstimateProvider> make_gguf_estimate_provider(const Scenario& scenario, const Model& model, Trace& trace);

}  // namespace placement
