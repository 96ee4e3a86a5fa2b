// Placeholder until the GGUF fit lands.
#include "fit/gguf/estimate_provider.h"

namespace placement {

namespace {
class NoEstimates : public GgufEstimateProvider {
 public:
  const gguf::Estimate* get(const gguf::Query&, std::string* source) override {
    if (source) *source = "missing";
    return nullptr;
  }
};
}  // namespace

std::unique_ptr<GgufEstimateProvider> make_gguf_estimate_provider(const Scenario&, const Model&, Trace&) {
  return std::make_unique<NoEstimates>();
}

}  // namespace placement
