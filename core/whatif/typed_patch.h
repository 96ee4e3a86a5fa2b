// A JSON Patch applied to a scenario that is already loaded, without copying and re-loading the
// whole document: the advice search decides hundreds of patched scenarios, and re-loading (or
// even copying) a thousand workers per trial cost most of it. The patch edits one working
// scenario in place and the edit puts it back afterwards; only the elements a patch touches are
// re-loaded (by the loader's own functions), so the edited scenario equals
// load_scenario(apply_patch(document, patch)).
#pragma once

#include <optional>
#include <utility>
#include <vector>

#include "scenario/types.h"

namespace placement::whatif {

class ScenarioEdit {
 public:
  // `work` must equal load_scenario(document); it is restored when the edit ends.
  ScenarioEdit(Scenario& work, const Json& document) : work_(work), document_(document) {}
  ~ScenarioEdit() { restore(); }
  ScenarioEdit(const ScenarioEdit&) = delete;
  ScenarioEdit& operator=(const ScenarioEdit&) = delete;

  // Applies `patch` to the working scenario. False (nothing changed) when the patch is not one
  // this path takes: an op other than add / remove / replace on /model, /workers/N,
  // /model_instances/N or below them, or a result the loader refuses as a whole (duplicate
  // workers, too many elements); the caller then takes the full path. Throws InputError (nothing
  // changed) where the full path throws. One patch per edit.
  bool apply(const Json& patch);

 private:
  void restore();

  Scenario& work_;
  const Json& document_;
  // What the patch replaced, to put back.
  std::optional<std::vector<Worker>> workers_;
  std::optional<std::vector<std::string>> warnings_;
  std::optional<Model> model_;
  std::optional<std::vector<ModelInstance>> instances_;
  std::vector<std::pair<std::size_t, ModelInstance>> removed_;  // instances erased in place, lowest position first
};

// The patched scenario as a copy (tests, one-off callers); nullopt where apply() hands back.
std::optional<Scenario> patch_scenario(const Json& document, const Scenario& scenario, const Json& patch);

}  // namespace placement::whatif
