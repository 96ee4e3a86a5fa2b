// The explorer app as one object: the scenario and its history, the latest decision, what the
// user looks at, the banner — and every operation the page can call (wasm/ui_bindings.cpp
// forwards the embind functions of explorer-architecture.md here one to one). frame() builds the
// whole UI between ImGui::NewFrame() and ImGui::Render(); it has no platform code, so the native
// headless test runs exactly what the browser shows.
#pragma once

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "app/app_state.h"
#include "app/banner_state.h"
#include "app/cluster_loads.h"
#include "app/deploy_until_full.h"
#include "app/gguf_import.h"
#include "app/results.h"
#include "app/schedule_service.h"
#include "app/ui_state.h"
#include "app/whatif_model.h"
#include "app/whatif_service.h"

namespace placement::ui {

// What ?embed=1 answers an edit (the banner, and the error API calls return).
inline constexpr const char* kReadOnlyEmbed = "this embedded view is read-only (Open in Explorer to edit)";

class App {
 public:
  // Starts with the first example loaded (no history).
  explicit App(std::unique_ptr<ScheduleService> service, std::unique_ptr<WhatIfService> whatif = make_sync_whatif_service());

  // ---- the embind surface (same names, same contracts)
  // "" or the error (also in the banner). In embed mode the scenario is replaced, not edited.
  std::string load_scenario(const std::string& text);
  std::string scenario_text() const { return state_.scenario_text(); }
  std::string result();             // placement::schedule_json(scenario())
  std::string scale_down_result();  // placement::scale_down_json(scenario())
  bool step(const std::string& name);
  std::string load_gguf_prefix(const std::string& bytes, double file_size, const std::string& file_name);
  // Several files chosen at once (a split model's shards): begin, read each file's header like
  // load_gguf_prefix ({"status":"ok"} once it is complete; nothing changes yet), then apply them
  // together — or refuse them all, keeping the scenario (gguf/split_model.h).
  void begin_gguf_shards() { pending_shards_.clear(); }
  std::string read_gguf_shard(const std::string& bytes, double file_size, const std::string& file_name);
  std::string load_gguf_shards();
  // A link's fragment: the scenario, then the open step and the selection (view_link.h).
  std::string load_fragment(const std::string& fragment);
  std::string fragment() const;
  std::string current_step() const { return step_name(ui_.step); }
  // {"worker": name or null, "gpu": index or null}
  std::string selection_json() const;
  // The step-by-step explanation of the scenario shown, as `placement schedule FILE --markdown`
  // (format "markdown") or the plain text (format "text"), byte for byte; of the scale-down
  // ranking (`placement scale-down`) when the scale-down step is open. "" for an unknown format.
  std::string explanation(const std::string& format) const;
  std::string import_json(const std::string& text);
  void undo();
  void redo();
  bool can_undo() const { return state_.can_undo(); }
  bool can_redo() const { return state_.can_redo(); }
  void show_error(const std::string& text) { banner_.error(text); }
  void show_notice(const std::string& text) { banner_.notice(text); }
  bool busy() const;
  void deliver_result(std::uint64_t generation, std::string schedule_text, std::string scale_down_text);
  // The GGUF estimates the page's worker computed for a generation (schedule_service.h).
  void deliver_estimates(std::uint64_t generation, const std::string& estimates);
  // A what-if answer from the page's worker (kind: capacity | advise | compare | sweep).
  void deliver_whatif(const std::string& kind, std::uint64_t id, std::string text);

  // ---- the UI
  void frame();
  // Takes finished answers and asks for the current generation (at most one request per call).
  void pump();

  // ---- operations behind the app's own buttons (also used by tests)
  // One undoable edit; consecutive edits with the same non-empty key coalesce.
  void edit(Json next, const std::string& coalesce_key = "");
  // One undoable edit of the value at `pointer` (AppState::set: the history keeps that value
  // only); an edit the typed Scenario can take too (typed_edit.h) is decided without loading the
  // document again. Throws what Json throws for a pointer that cannot be set.
  void set(const Json::json_pointer& pointer, Json value, const std::string& coalesce_key = "");
  // Appends workers as one undoable edit whose undo step keeps only their count (a document
  // without a worker list gets one); decided without loading the document again when
  // insert_workers() (typed_edit.h) takes them.
  void append_workers(std::vector<Json> workers);
  // The same for instances (a hand placement); false when nothing was appended.
  bool append_instances(std::vector<Json> instances);
  // Patches of the document as one undoable edit (AppState::patch; with a key they coalesce).
  bool patch(std::vector<DocumentPatch> patches, const std::string& coalesce_key = "");
  // The document's top-level members `keys` made those of `next` (absent there: removed) as one
  // undoable edit whose step keeps only what they held: a GGUF file or a repo id changes the
  // model and its estimates, not the thousand workers beside them.
  bool set_sections(const Json& next, std::initializer_list<const char*> keys, const std::string& coalesce_key = "");
  // Removes model_instances[index] as one undoable edit; false when there is none.
  bool remove_instance(std::size_t index);
  // Removes workers[index] and the instances placed on it (remove_worker_patches) as one
  // undoable edit; false when there is no such worker (or in embed mode).
  bool remove_worker(std::size_t index);
  bool load_example(const std::string& stem);
  // Deploy: one more replica, placed where the winner says (deploy.h). One undoable edit.
  // These operations and the What-if ones below refuse in embed mode (false, a banner notice).
  bool deploy();
  // Deploy repeated until no candidate fits (at most kDeployUntilFullCap). One undoable edit.
  bool deploy_until_full();
  // The model's instances and replicas back to how the scenario was loaded. One undoable edit.
  bool reset_instances();
  // Scale down to `replicas`: the instances GPUStack's scale-down order removes first go, and
  // replicas becomes the count. One undoable edit.
  bool scale_down_to(long long replicas);
  // The ranking entries (the core's scale-down result) that scaling down to `replicas` removes,
  // first to go first.
  std::vector<ScaleDownRow> scale_down_preview(long long replicas) const;
  void copy_explanation();
  void select_worker(const std::string& name);
  void select_gpu(const std::string& worker, int index);  // toggles gpu_ids in manual mode
  void inspect_candidate(int index);
  void copy_link();
  void export_scenario();
  void open_paste_dialog();
  void open_gguf_picker();
  void open_scenario_picker();

  // ---- What if (app_whatif.cpp; the state in whatif_model.h)
  WhatIfModel& whatif() { return whatif_; }
  const WhatIfModel& whatif() const { return whatif_; }
  // "Deploy all": every replica the capacity answer shown places, where it places it. One undoable edit.
  bool deploy_capacity();
  // Applies the patch of suggestion `index` of the advice shown. One undoable edit.
  bool apply_suggestion(int index);
  void pin_baseline();
  void unpin_baseline();
  // Pins the scenario as the baseline and switches binpack <-> spread (one undoable edit).
  bool compare_strategies();
  // Runs a sweep ("SETTING=V1,V2,...") over the scenario shown, now and after every edit.
  void run_sweep(const std::string& spec);
  void cancel_whatif(WhatIfKind kind) { whatif_.cancel(*whatif_service_, kind); }

  const Json& scenario() const { return state_.scenario(); }
  const AppState& state() const { return state_; }
  AppState& state() {
    keep_baseline();  // the caller may change it
    return state_;
  }
  UiState& ui() { return ui_; }
  const UiState& ui() const { return ui_; }
  BannerState& banner() { return banner_; }
  const Results& results() const { return results_; }
  // The results describe the scenario shown (not an older generation).
  bool results_current() const { return results_.generation == state_.generation(); }
  std::uint64_t generation() const { return state_.generation(); }
  // The candidate whose claim the canvas draws (the inspected one, else the winner), or -1.
  int shown_candidate() const;
  // The cluster the canvas draws: the typed Scenario of the document shown, as the loader read it
  // (the one decided), or, while the loader refuses the document shown, the last one it took;
  // null before the first frame.
  const Scenario* drawn_scenario() const { return drawn_.get(); }
  // Its workers (none before the first frame).
  const std::vector<Worker>& drawn_workers() const;
  // drawn_scenario() is the document shown (or its decision is not asked for yet).
  bool drawn_is_current() const;
  // Existing instances' claims by worker id (cluster_loads.h) of drawn_scenario(), recomputed
  // only when its instances changed: the canvas needs them every frame and a cluster has
  // thousands of instances.
  const std::map<std::int64_t, WorkerLoad>& existing_loads() const;

 private:
  bool deploy_in_place(const Candidate& winner);
  // Deploy until full and Deploy all: the instances appended and the replicas raised in place as
  // one undo step (the whole document when the scenario has no instance list).
  void deploy_placed(FillOutcome placed);
  // The Scenario of the document shown when the app holds it typed (the one an edit made, not
  // yet decided, or the one the current results were decided from); else null.
  const Scenario* typed_scenario() const;
  // A notice of the edit just made, following its undo step (banner_state.h); `step_before`:
  // undo_step() before the edit (the same after it: the edit made no step, a plain notice).
  void tell_edit(const std::string& text, std::uint64_t step_before, const std::string& subject = "");
  // Runs `change` (an AppState operation reporting to the observer it is given) with the typed
  // Scenario following it (typed_follower.h); when the document changed, the next decision uses
  // that Scenario instead of loading the document again. Whether the document changed.
  bool follow(const std::function<void(ChangeObserver*)>& change);
  // Appends `values` to the top-level list `list_key` (made when absent) as one undoable edit.
  bool append_to(const char* list_key, std::vector<Json> values);
  // Holds `typed` as the Scenario of `generation`; `instances`: the number of its instance list
  // when an edit kept that list (0: a new list).
  void hold(std::shared_ptr<const Scenario> typed, std::uint64_t generation, std::uint64_t instances);
  // The Scenario of the generation being requested, loaded from the document when no edit made
  // it (null when the loader refuses it), becomes the one the canvas draws.
  void hold_requested();
  void changed();
  // One build of the UI (frame() runs it, and again after an edit made in it).
  void build_frame();
  void take(ScheduleAnswer&& answer);
  void loaded();
  // Takes the baseline of the loaded scenario before its first change (loaded() only marks it:
  // copying a thousand-worker scenario's instances is not what an import should wait for); a
  // scenario load_scenario() read from text keeps that text instead, and nothing is copied.
  void keep_baseline();
  // The baseline a reset goes back to (read from the loaded text when that is what was kept).
  const Json& baseline();
  void refuse(const std::string& what, const std::string& error);
  // True (and says so in the banner) when ?embed=1 makes the view read-only.
  bool read_only(const std::string& what);
  // A loaded scenario: an undoable edit, or in embed mode a replacement without history. The
  // caller marks it loaded() next (its baseline replaces the one of the document shown before).
  void show(Json document);

  AppState state_;
  UiState ui_;
  BannerState banner_;
  Results results_;
  // The result results_ replaced, freed at the next pump: at a thousand workers freeing it takes
  // tens of milliseconds, which the frame that draws the new decision need not wait for.
  Results retired_;
  // The typed Scenario of generation loaded_generation_: read by load_scenario(), made by an
  // edit's follower (typed_follower.h), or loaded from the document when a decision is asked for
  // (null: the loader refused it). Shared with the decision and the canvas.
  std::shared_ptr<const Scenario> loaded_;
  std::uint64_t loaded_generation_ = 0;
  // Numbers of instance lists: the same number, the same instances (the canvas's claims follow).
  std::uint64_t loaded_instances_ = 0;
  std::uint64_t next_instances_ = 1;
  std::shared_ptr<const Scenario> drawn_;  // drawn_scenario()
  std::uint64_t drawn_generation_ = 0;
  std::uint64_t drawn_instances_ = 0;
  // The text load_scenario() read, while the generation it made is shown: the what-if searches
  // are sent it instead of the document written out again. Let go by the first pump after an edit.
  std::shared_ptr<const std::string> loaded_text_;
  std::uint64_t loaded_text_generation_ = 0;
  std::unique_ptr<ScheduleService> service_;
  std::unique_ptr<WhatIfService> whatif_service_;
  WhatIfModel whatif_;
  std::uint64_t requested_ = 0;
  Json baseline_;  // instances_baseline() of the scenario as loaded (deploy.h)
  bool baseline_pending_ = false;  // baseline_ is still the current document's (keep_baseline)
  // The text of the scenario as load_scenario() read it, kept as the baseline's source until a
  // reset reads it (or another scenario is loaded).
  std::shared_ptr<const std::string> baseline_text_;
  std::vector<gguf::GgufFile> pending_shards_;  // headers read by read_gguf_shard
  mutable std::uint64_t loads_instances_ = 0;  // the instance list loads_ were read from (0: none)
  mutable std::map<std::int64_t, WorkerLoad> loads_;
};

}  // namespace placement::ui
