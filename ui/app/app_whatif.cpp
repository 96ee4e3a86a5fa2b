// The What-if step's operations (issue 22, item 5). "Deploy all" (in place, as Deploy until
// full), applying a suggestion and the binpack <-> spread switch are one undo step each;
// the answers themselves come from the core through the what-if service (whatif_service.h).
#include <exception>
#include <string>

#include "app/app.h"
#include "app/deploy.h"
#include "app/deploy_until_full.h"
#include "app/format.h"
#include "whatif/json_patch.h"

namespace placement::ui {

void App::deliver_whatif(const std::string& kind, std::uint64_t id, std::string text) {
  if (std::optional<WhatIfKind> k = parse_whatif_kind(kind)) whatif_service_->deliver(*k, id, std::move(text));
}

bool App::deploy_capacity() {
  if (read_only("Deploy all")) return false;
  if (!whatif_.current(WhatIfKind::capacity)) {
    banner_.notice("Capacity is still being computed; press Deploy all again in a moment");
    return false;
  }
  const Json& answer = whatif_.answer(WhatIfKind::capacity);
  const int count = member(answer, "count", json_null()).is_number_integer() ? answer["count"].get<int>() : 0;
  if (count == 0) {
    banner_.notice("Nothing to deploy: no further replica fits");
    return false;
  }
  // The same decisions capacity made: deploy_until_full deploys through the core's what-if deploy.
  FillOutcome o = placement::ui::deploy_until_full(state_.scenario(), count);
  if (!o.error.empty()) {
    refuse("Nothing was deployed", o.error);
    return false;
  }
  const int deployed = o.deployed;
  deploy_placed(std::move(o));
  banner_.notice("Deployed all " + std::to_string(deployed) + " replica" + (deployed == 1 ? "" : "s") + " that fit; " +
                 std::to_string(model_instance_count(state_.scenario())) + " of " + std::to_string(model_replicas(state_.scenario())) +
                 " replicas exist");
  return true;
}

bool App::apply_suggestion(int index) {
  if (read_only("Apply")) return false;
  const Json& suggestions = member(whatif_.answer(WhatIfKind::advise), "suggestions", json_array());
  if (!whatif_.current(WhatIfKind::advise) || index < 0 || index >= int(suggestions.size())) {
    banner_.notice("That suggestion is not for the scenario shown any more");
    return false;
  }
  const Json s = suggestions[std::size_t(index)];
  try {
    edit(whatif::apply_patch(state_.scenario(), s.value("patch", Json::array())));
  } catch (const std::exception& e) {
    refuse("The suggestion was not applied", e.what());
    return false;
  }
  banner_.notice("Applied: " + s.value("summary", std::string("suggestion")) + " (Undo takes it back)");
  return true;
}

void App::pin_baseline() {
  whatif_.pin(state_.scenario_text(), state_.generation());
  banner_.notice("Baseline pinned: every edit now shows what changed against it (6 What if, Compare)");
}

void App::unpin_baseline() { whatif_.unpin(); }

bool App::compare_strategies() {
  if (read_only("Compare strategies")) return false;
  Json next = state_.scenario();
  if (!next.contains("model") || !next["model"].is_object()) {
    banner_.error("The scenario has no model to compare strategies for");
    return false;
  }
  const bool binpack = next["model"].value("placement_strategy", std::string("spread")) == "binpack";
  next["model"]["placement_strategy"] = binpack ? "spread" : "binpack";
  pin_baseline();
  edit(std::move(next));
  whatif_.view = WhatIfView::compare;
  ui_.step = Step::whatif;
  banner_.notice(std::string("Comparing ") + (binpack ? "binpack (baseline) with spread" : "spread (baseline) with binpack") +
                 "; Undo switches back");
  return true;
}

void App::run_sweep(const std::string& spec) {
  whatif_.sweep_spec = spec;
  whatif_.view = WhatIfView::sweep;
}

}  // namespace placement::ui
