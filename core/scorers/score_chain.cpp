// Placeholder until the scorers land.
#include "scorers/score_chain.h"

namespace placement {

void score_scale_up(const Scenario&, const Model&, std::vector<Candidate>& candidates, Trace&) {
  for (auto& c : candidates) {
    c.scores = {{"placement", 0.0}, {"model_file_locality", 0.0}};
    c.score = 0;
  }
}

std::vector<RankedInstance> rank_scale_down(const Scenario&, Trace&) { return {}; }

}  // namespace placement
