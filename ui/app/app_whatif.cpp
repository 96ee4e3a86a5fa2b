// The What-if step's operations (issue 22, item 5). "Deploy all" (in place, as Deploy until
// full), applying a suggestion (in place when its patch replaces values) and the binpack <->
// spread switch (one value set) are one undo step each;
// the answers themselves come from the core through the what-if service (whatif_service.h).
#include <exception>
#include <optional>
#include <string>
#include <vector>

#include "app/app.h"
#include "app/deploy.h"
#include "app/deploy_until_full.h"
#include "app/format.h"
#include "whatif/json_patch.h"

namespace placement::ui {

namespace {

// The position an "add" or "remove" names in `array` ("-": the end, for "add"), if valid.
std::optional<std::size_t> array_position(const Json& array, const std::string& token, bool adding) {
  if (adding && token == "-") return array.size();
  if (token.empty() || token.size() > 9 || token.find_first_not_of("0123456789") != std::string::npos || (token.size() > 1 && token[0] == '0'))
    return std::nullopt;
  const std::size_t i = std::stoul(token);
  if (adding ? i > array.size() : i >= array.size()) return std::nullopt;
  return i;
}

// One JSON Patch operation as a place AppState patches, or nullopt. An element added to or
// removed from an array inside a part (a model's backend parameters, a worker's GPUs) sets that
// array; one added to or removed from a top-level list (a worker, an instance) is inserted or
// erased there.
std::optional<DocumentPatch> as_patch(const Json& document, const Json& op) {
  const Json& kind = member(op, "op", json_null());
  const Json& path = member(op, "path", json_null());
  if (!kind.is_string() || !path.is_string() || path.get<std::string>().empty()) return std::nullopt;
  Json::json_pointer pointer;
  try {
    pointer = Json::json_pointer(path.get<std::string>());
  } catch (const std::exception&) {
    return std::nullopt;
  }
  const bool adding = kind == "add", removing = kind == "remove";
  if (kind == "replace" && document.contains(pointer) && op.contains("value")) return DocumentPatch{pointer, op["value"], std::nullopt};
  if (!(adding && op.contains("value")) && !removing) return std::nullopt;
  const Json::json_pointer parent = pointer.parent_pointer();
  if (!document.contains(parent)) return std::nullopt;
  const Json& container = document.at(parent);
  if (container.is_object()) {
    if (adding) return DocumentPatch{pointer, op["value"], std::nullopt};
    if (document.contains(pointer)) return DocumentPatch{pointer, std::nullopt, std::nullopt};
    return std::nullopt;
  }
  const std::optional<std::size_t> at = container.is_array() ? array_position(container, pointer.back(), adding) : std::nullopt;
  if (!at) return std::nullopt;
  const bool top_level = parent.parent_pointer().empty();
  if (removing && top_level) return DocumentPatch{parent, std::nullopt, at};
  if (top_level) return DocumentPatch{parent, op["value"], std::nullopt, at};  // a worker or instance added
  Json array = container;
  if (adding) array.insert(array.begin() + std::ptrdiff_t(*at), op["value"]);
  else array.erase(array.begin() + std::ptrdiff_t(*at));
  return DocumentPatch{parent, std::move(array), std::nullopt};
}

// A suggestion's JSON Patch as AppState patches, so the typed Scenario can follow it, when every
// operation is one as_patch() takes and none touches what another does; nullopt otherwise (it is
// applied to the whole document).
std::optional<std::vector<DocumentPatch>> as_patches(const Json& document, const Json& patch) {
  if (!patch.is_array()) return std::nullopt;
  std::vector<DocumentPatch> out;
  for (const Json& op : patch) {
    std::optional<DocumentPatch> place = as_patch(document, op);
    if (!place) return std::nullopt;
    out.push_back(std::move(*place));
  }
  // Each checked against the document before the patch: no operation may touch what another does.
  for (const DocumentPatch& a : out)
    for (const DocumentPatch& b : out) {
      const std::string pa = a.pointer.to_string(), pb = b.pointer.to_string();
      if (&a != &b && pb.rfind(pa, 0) == 0 && (pb.size() == pa.size() || pb[pa.size()] == '/')) return std::nullopt;
    }
  return out;
}

}  // namespace

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
  const std::uint64_t step = state_.undo_step();
  deploy_placed(std::move(o));
  tell_edit("Deployed all " + std::to_string(deployed) + " replica" + (deployed == 1 ? "" : "s") + " that fit; " +
                std::to_string(model_instance_count(state_.scenario())) + " of " + std::to_string(model_replicas(state_.scenario())) +
                " replicas exist",
            step);
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
  const Json patch = s.value("patch", Json::array());
  const std::uint64_t step = state_.undo_step();
  try {
    // In place when it can be (a patch that changes nothing is no edit either way).
    std::optional<std::vector<DocumentPatch>> places = as_patches(state_.scenario(), patch);
    keep_baseline();
    if (!places || !follow([&](ChangeObserver* o) { state_.patch(std::move(*places), o); })) edit(whatif::apply_patch(state_.scenario(), patch));
  } catch (const std::exception& e) {
    refuse("The suggestion was not applied", e.what());
    return false;
  }
  const std::string summary = s.value("summary", std::string("suggestion"));
  tell_edit("Applied: " + summary + " (Undo takes it back)", step, summary);
  return true;
}

void App::pin_baseline() {
  whatif_.pin(state_.scenario_text(), state_.generation());
  banner_.notice("Baseline pinned: every edit now shows what changed against it (6 What if, Compare)");
}

void App::unpin_baseline() { whatif_.unpin(); }

bool App::compare_strategies() {
  if (read_only("Compare strategies")) return false;
  const Json& model = member(state_.scenario(), "model", json_null());
  if (!model.is_object()) {
    banner_.error("The scenario has no model to compare strategies for");
    return false;
  }
  const bool binpack = model.value("placement_strategy", std::string("spread")) == "binpack";
  pin_baseline();
  set(Json::json_pointer("/model/placement_strategy"), Json(binpack ? "spread" : "binpack"));
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
