// "Deploy until full": Deploy repeated against the growing load until no candidate fits (the core
// decides each step, as the page's scheduling would), capped so a huge cluster cannot hang the page.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "scenario/types.h"

namespace placement::ui {

inline constexpr int kDeployUntilFullCap = 256;

struct FillOutcome {
  Json document;       // the scenario with every replica placed (unchanged when none was)
  // The same as the places it changes, when the scenario has an instance list: the instances
  // appended to it, and the model's replicas when they rose (AppState::append_and_set).
  std::vector<Json> instances;
  std::optional<long long> replicas;
  int deployed = 0;
  bool capped = false;  // stopped at the cap while a candidate still fitted
  std::string error;    // the scenario could not be scheduled (bad input)
};

FillOutcome deploy_until_full(const Json& scenario, int cap = kDeployUntilFullCap);

}  // namespace placement::ui
