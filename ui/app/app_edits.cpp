// The app's edits: each an undoable change of the document (app_state.h), followed on the typed
// Scenario (typed_follower.h), which the next decision and the canvas read.
#include <optional>
#include <utility>

#include "app/app.h"
#include "app/format.h"
#include "app/typed_follower.h"
#include "app/worker_edits.h"
#include "scenario/errors.h"
#include "scenario/scenario_loader.h"

namespace placement::ui {

void App::edit(Json next, const std::string& coalesce_key) {
  if (ui_.embed) return;  // read-only: the page loaded the link before it set embed
  keep_baseline();
  const std::uint64_t before = state_.generation();
  state_.commit(std::move(next), coalesce_key);
  if (state_.generation() != before) changed();
}

const Scenario* App::typed_scenario() const {
  if (loaded_ && loaded_generation_ == state_.generation()) return loaded_.get();
  return results_current() ? results_.scenario() : nullptr;
}

bool App::follow(const std::function<void(ChangeObserver*)>& change) {
  const std::uint64_t before = state_.generation();
  const Scenario* start = typed_scenario();
  const std::uint64_t start_instances = start && start == loaded_.get() ? loaded_instances_ : 0;
  TypedFollower follower(start);
  change(&follower);
  if (state_.generation() == before) return false;
  if (auto typed = follower.result()) {
    // The canvas's instance claims read the instances alone: an edit elsewhere keeps them.
    hold(std::move(typed), state_.generation(), follower.instances_changed() ? 0 : start_instances);
  }
  changed();
  return true;
}

void App::hold(std::shared_ptr<const Scenario> typed, std::uint64_t generation, std::uint64_t instances) {
  loaded_ = std::move(typed);
  loaded_generation_ = generation;
  loaded_instances_ = instances ? instances : next_instances_++;
}

void App::hold_requested() {
  if (loaded_generation_ != requested_) {
    std::shared_ptr<const Scenario> typed;
    try {
      typed = std::make_shared<const Scenario>(placement::load_scenario(state_.scenario()));
    } catch (const InputError&) {
      // Refused: the decision's answer says why; the canvas keeps the cluster as last read.
    }
    hold(std::move(typed), requested_, 0);
  }
  if (!loaded_) return;
  drawn_ = loaded_;
  drawn_generation_ = requested_;
  drawn_instances_ = loaded_instances_;
}

const std::vector<Worker>& App::drawn_workers() const {
  static const std::vector<Worker> none;
  return drawn_ ? drawn_->workers : none;
}

bool App::drawn_is_current() const { return drawn_generation_ == state_.generation() || requested_ != state_.generation(); }

void App::set(const Json::json_pointer& pointer, Json value, const std::string& coalesce_key) {
  if (ui_.embed) return;
  keep_baseline();
  follow([&](ChangeObserver* o) { state_.set(pointer, std::move(value), coalesce_key, o); });
}

bool App::append_to(const char* list_key, std::vector<Json> values) {
  if (ui_.embed || values.empty()) return false;
  keep_baseline();
  const Json::json_pointer list(std::string("/") + list_key);
  if (!state_.scenario().contains(list) || !state_.scenario().at(list).is_array()) {
    // No list yet: it is set (its undo step removes it again).
    return follow([&](ChangeObserver* o) { state_.set(list, Json(std::move(values)), "", o); });
  }
  return follow([&](ChangeObserver* o) { state_.append(list, std::move(values), o); });
}

void App::append_workers(std::vector<Json> workers) { append_to("workers", std::move(workers)); }

bool App::append_instances(std::vector<Json> instances) { return append_to("model_instances", std::move(instances)); }

bool App::remove_worker(std::size_t index) { return patch(remove_worker_patches(state_.scenario(), index)); }

bool App::patch(std::vector<DocumentPatch> patches, const std::string& coalesce_key) {
  if (ui_.embed || patches.empty()) return false;
  keep_baseline();
  return follow([&](ChangeObserver* o) { state_.patch(std::move(patches), o, coalesce_key); });
}

bool App::set_sections(const Json& next, std::initializer_list<const char*> keys, const std::string& coalesce_key) {
  std::vector<DocumentPatch> patches;
  for (const char* key : keys) {
    const auto found = next.find(key);
    patches.push_back({Json::json_pointer(std::string("/") + key), found == next.end() ? std::nullopt : std::optional<Json>(*found), std::nullopt});
  }
  return patch(std::move(patches), coalesce_key);
}

bool App::remove_instance(std::size_t index) {
  const Json& list = member(state_.scenario(), "model_instances", json_null());
  if (!list.is_array() || index >= list.size()) return false;
  return patch({{Json::json_pointer("/model_instances"), std::nullopt, index}});
}

}  // namespace placement::ui
