#include "app/app.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <utility>

#include "app/decision_line.h"
#include "app/deploy.h"
#include "app/deploy_until_full.h"
#include "app/examples.h"
#include "app/format.h"
#include "app/gguf_import.h"
#include "app/host.h"
#include "app/json_import.h"
#include "app/scenario_text.h"
#include "app/typed_follower.h"
#include "app/view_link.h"
#include "app/worker_edits.h"
#include "explain/markdown_renderer.h"
#include "explain/text_renderer.h"
#include "scenario/errors.h"
#include "scenario/json_tree_reader.h"
#include "scenario/scenario_loader.h"
#include "scheduler.h"
#include "share/fragment_codec.h"

namespace placement::ui {

App::App(std::unique_ptr<ScheduleService> service, std::unique_ptr<WhatIfService> whatif)
    : service_(std::move(service)), whatif_service_(std::move(whatif)) {
  if (const ExampleScenario* first = find_example(kFirstExample)) {
    ParsedScenario p = parse_scenario_text(first->text);
    if (p.error.empty()) state_.reset(std::move(p.document));
  }
  loaded();
}

// A reset goes back to the instances of the scenario as it was loaded.
void App::loaded() {
  baseline_pending_ = true;
  baseline_text_.reset();
}

void App::keep_baseline() {
  if (!baseline_pending_) return;
  baseline_pending_ = false;
  if (!baseline_text_) baseline_ = instances_baseline(state_.scenario());
}

const Json& App::baseline() {
  keep_baseline();
  if (baseline_text_) {
    baseline_ = instances_baseline(read_json_tree(*baseline_text_));
    baseline_text_.reset();
  }
  return baseline_;
}

void App::changed() {
  ui_.inspected_candidate.reset();
  host::scenario_changed();
}

void App::refuse(const std::string& what, const std::string& error) { banner_.error(what + ": " + error); }

bool App::read_only(const std::string& what) {
  if (!ui_.embed) return false;
  banner_.notice(what + ": " + kReadOnlyEmbed);
  return true;
}

void App::show(Json document) {
  // The callers mark `document` loaded() next, which replaces the baseline: taking the one of the
  // document it replaces (a copy of all its instances) would be thrown away at once.
  baseline_pending_ = false;
  if (!ui_.embed) {
    edit(std::move(document));
    return;
  }
  // An embed follows its link (or its page's loadScenario): the new scenario replaces the shown
  // one, with no history to undo into.
  if (document == state_.scenario()) return;
  state_.reset(std::move(document));
  changed();
}

std::string App::load_scenario(const std::string& text) {
  ParsedScenario p = parse_scenario_text(text);
  if (!p.error.empty()) {
    refuse("The scenario was not loaded", p.error);
    return p.error;
  }
  const std::uint64_t before = state_.generation();
  show(std::move(p.document));
  const bool shown = state_.generation() != before;
  if (shown) {
    hold(std::move(p.scenario), state_.generation(), 0);
    loaded_text_ = std::make_shared<const std::string>(text), loaded_text_generation_ = state_.generation();
  }
  ui_.selection = {};
  loaded();
  if (shown) baseline_text_ = loaded_text_;
  return "";
}

bool App::load_example(const std::string& stem) {
  const ExampleScenario* e = find_example(stem);
  if (!e) {
    banner_.error("No example named " + stem);
    return false;
  }
  const std::uint64_t step = state_.undo_step();
  if (!load_scenario(e->text).empty()) return false;
  tell_edit("Example " + stem + " loaded", step);
  return true;
}

std::string App::result() {
  if (results_current()) return results_.schedule_text();
  return placement::schedule_json(state_.scenario_text());
}

std::string App::scale_down_result() {
  if (results_current()) return results_.scale_down_text();
  return placement::scale_down_json(state_.scenario_text());
}

bool App::step(const std::string& name) {
  std::optional<Step> s = parse_step(name);
  if (!s) return false;
  ui_.step = *s;
  return true;
}

namespace {

bool valid_file_size(double file_size) {
  return file_size >= 0 && file_size <= 9.0e15 && std::floor(file_size) == file_size;
}

}  // namespace

std::string App::load_gguf_prefix(const std::string& bytes, double file_size, const std::string& file_name) {
  if (!valid_file_size(file_size)) {
    GgufOutcome bad;
    bad.message = (file_name.empty() ? std::string("the GGUF file") : file_name) + ": invalid file size";
    banner_.error(bad.message);
    return gguf_outcome_json(bad);
  }
  GgufOutcome o = apply_gguf_prefix(state_.scenario(), bytes, std::uint64_t(file_size), file_name);
  if (o.status == GgufOutcome::Status::error) banner_.error(o.message);
  if (o.status == GgufOutcome::Status::ok) {
    const std::uint64_t step = state_.undo_step();
    set_sections(o.document, {"model", "estimates"});  // what a GGUF file changes
    tell_edit(o.message, step);
  }
  return gguf_outcome_json(o);
}

std::string App::read_gguf_shard(const std::string& bytes, double file_size, const std::string& file_name) {
  GgufOutcome o;
  if (!valid_file_size(file_size)) {
    o.message = (file_name.empty() ? std::string("the GGUF file") : file_name) + ": invalid file size";
  } else {
    GgufHeaderRead read = read_gguf_header(bytes, std::uint64_t(file_size), file_name);
    o.status = read.status;
    o.bytes_needed = read.bytes_needed;
    o.message = std::move(read.message);
    if (read.status == GgufOutcome::Status::ok) pending_shards_.push_back(std::move(read.file));
  }
  if (o.status == GgufOutcome::Status::error) {
    pending_shards_.clear();
    banner_.error(o.message);
  }
  return gguf_outcome_json(o);
}

std::string App::load_gguf_shards() {
  GgufOutcome o = apply_gguf_files(state_.scenario(), std::move(pending_shards_));
  pending_shards_.clear();
  if (o.status == GgufOutcome::Status::error) banner_.error(o.message);
  if (o.status == GgufOutcome::Status::ok) {
    const std::uint64_t step = state_.undo_step();
    set_sections(o.document, {"model", "estimates"});  // what a GGUF file changes
    tell_edit(o.message, step);
  }
  return gguf_outcome_json(o);
}

std::string App::load_fragment(const std::string& fragment) {
  const LinkParts link = split_link(fragment);
  std::string text;
  try {
    text = share::decode_fragment(link.scenario);
  } catch (const share::FragmentError& e) {
    refuse("The link could not be opened", e.what());
    return e.what();
  } catch (const std::exception& e) {
    refuse("The link could not be opened", e.what());
    return e.what();
  }
  ParsedScenario p = parse_scenario_text(text);
  if (!p.error.empty()) {
    std::string error = "the scenario in the link is invalid: " + p.error;
    refuse("The link could not be opened", error);
    return error;
  }
  ui_.selection = {};
  const std::uint64_t before = state_.generation();
  show(std::move(p.document));
  if (state_.generation() != before) hold(std::move(p.scenario), state_.generation(), 0);
  loaded();
  apply_view(link.view, ui_, [&](const std::string& worker) { return worker_index(state_.scenario(), worker) >= 0; });
  return "";
}

std::string App::fragment() const { return share::encode_fragment(state_.scenario().dump()) + view_suffix(ui_); }

std::string App::selection_json() const {
  Json out = Json::object();
  out["worker"] = ui_.selection.empty() ? Json(nullptr) : Json(ui_.selection.worker);
  out["gpu"] = ui_.selection.gpu ? Json(*ui_.selection.gpu) : Json(nullptr);
  return out.dump();
}

std::string App::explanation(const std::string& format) const {
  if (format != "markdown" && format != "text") return "";
  const bool markdown = format == "markdown";
  const auto schedule_words = [markdown](const Scenario& s, const ScheduleResult& r) {
    return markdown ? render_schedule_markdown(s, r) : render_schedule_text(s, r);
  };
  const auto scale_down_words = [markdown](const Scenario& s, const ScaleDownResult& r) {
    return markdown ? render_scale_down_markdown(s, r) : render_scale_down_text(s, r);
  };
  // The decision on screen, as it was decided (a thousand-worker scenario is not decided again).
  if (results_current() && results_.scenario()) {
    const Scenario& s = *results_.scenario();
    if (ui_.step != Step::scale_down) return schedule_words(s, *results_.typed());
    if (const ScaleDownResult* r = results_.typed_scale_down()) return scale_down_words(s, *r);
  }
  try {
    std::optional<Scenario> loaded;
    const Scenario* s = typed_scenario();
    if (!s) s = &loaded.emplace(placement::load_scenario(state_.scenario()));
    if (ui_.step == Step::scale_down) return scale_down_words(*s, scale_down(*s));
    return schedule_words(*s, schedule(*s));
  } catch (const std::exception& e) {
    return std::string("The scenario cannot be explained: ") + e.what() + "\n";
  }
}

void App::copy_explanation() {
  if (!host::copy_explanation()) banner_.notice("Copy explanation needs the browser page (or `placement schedule FILE --markdown`)");
}

std::string App::import_json(const std::string& text) {
  if (read_only("Nothing was imported")) return kReadOnlyEmbed;
  ImportOutcome o = import_document(state_.scenario(), text);
  if (!o.error.empty()) {
    refuse("Nothing was imported", o.error);
    return o.error;
  }
  const std::uint64_t step = state_.undo_step();
  edit(std::move(o.document));
  tell_edit("Imported: " + o.summary, step);
  return "";
}

void App::undo() {
  keep_baseline();
  const std::uint64_t step = state_.undo_step();
  if (!ui_.embed && follow([&](ChangeObserver* o) { state_.undo(o); })) banner_.step_undone(step);
}

void App::redo() {
  keep_baseline();
  const std::uint64_t step = state_.redo_step();
  if (!ui_.embed && follow([&](ChangeObserver* o) { state_.redo(o); })) banner_.step_redone(step);
}

void App::tell_edit(const std::string& text, std::uint64_t step_before, const std::string& subject) {
  const std::uint64_t step = state_.undo_step();
  banner_.edit_notice(text, step != step_before ? step : 0, subject);
}

bool App::busy() const {
  return requested_ != state_.generation() || service_->busy() || whatif_.busy() || whatif_.unasked(state_.generation(), ui_.step == Step::whatif);
}

void App::deliver_result(std::uint64_t generation, std::string schedule_text, std::string scale_down_text) {
  service_->deliver(generation, std::move(schedule_text), std::move(scale_down_text));
}

void App::deliver_estimates(std::uint64_t generation, const std::string& estimates) {
  service_->deliver_estimates(generation, estimates);
}

void App::take(ScheduleAnswer&& answer) { retired_ = std::exchange(results_, take_results(std::move(answer))); }

void App::pump() {
  retired_ = Results();
  bool fresh = false;
  if (std::optional<ScheduleAnswer> a = service_->take()) take(std::move(*a)), fresh = true;
  if (requested_ != state_.generation()) {
    requested_ = state_.generation();
    hold_requested();
    service_->request(requested_, state_.scenario(), loaded_generation_ == requested_ ? loaded_ : nullptr);
    if (std::optional<ScheduleAnswer> a = service_->take()) take(std::move(*a)), fresh = true;
  }
  // What-if searches are asked for once the decision they follow has been drawn (a frame after it
  // arrived): asking writes the whole scenario as text for the page's worker, which an edit's
  // frame need not wait for, and edits in quick succession (typing, dragging) ask only once.
  const bool decision_drawn = results_current() && !fresh;
  const bool text_shown = loaded_text_generation_ == state_.generation();
  if (!text_shown) loaded_text_.reset();
  whatif_.pump(*whatif_service_, state_.generation(), state_.scenario(), ui_.step == Step::whatif, decision_drawn,
               text_shown ? loaded_text_.get() : nullptr);
  // Screen readers cannot see the canvas: the page's live region says each new decision.
  if (fresh && results_current()) host::announce(decision_line(results_, true).text);
}

const std::map<std::int64_t, WorkerLoad>& App::existing_loads() const {
  if (loads_instances_ != drawn_instances_) {
    loads_ = drawn_ ? placement::ui::existing_loads(*drawn_) : std::map<std::int64_t, WorkerLoad>();
    loads_instances_ = drawn_instances_;
  }
  return loads_;
}

int App::shown_candidate() const {
  if (!results_current()) return -1;
  const int n = int(results_.candidate_count());
  if (ui_.inspected_candidate && *ui_.inspected_candidate >= 0 && *ui_.inspected_candidate < n) return *ui_.inspected_candidate;
  return results_.selected();
}

// Deploy as two patches of the document and of the typed Scenario (an instance appended, the
// replicas raised), not a new document loaded again: at a thousand workers that load was most of
// a Deploy's time. False, and nothing changed, when the document has no instance list (or, when
// the replicas rise, no model) to patch (AppState::append_and_set).
bool App::deploy_in_place(const Candidate& winner) {
  const Json::json_pointer list("/model_instances"), replicas("/model/replicas");
  DeployPatch patch = deploy_patch(state_.scenario(), winner);
  keep_baseline();
  std::optional<Json> raised;
  if (patch.replicas) raised = Json(*patch.replicas);
  bool done = false;
  follow([&](ChangeObserver* o) { done = state_.append_and_set(list, {std::move(patch.instance)}, replicas, std::move(raised), o); });
  return done;
}

void App::deploy_placed(FillOutcome placed) {
  const Json::json_pointer list("/model_instances"), replicas("/model/replicas");
  std::optional<Json> raised;
  if (placed.replicas) raised = Json(*placed.replicas);
  keep_baseline();
  bool done = false;
  if (!placed.instances.empty())
    follow([&](ChangeObserver* o) { done = state_.append_and_set(list, std::move(placed.instances), replicas, std::move(raised), o); });
  if (!done) edit(std::move(placed.document));
}

bool App::deploy() {
  if (read_only("Deploy")) return false;
  if (!results_current()) {
    banner_.notice("The decision is still being computed; press Deploy again in a moment");
    return false;
  }
  const int winner = results_.selected();
  if (winner < 0) {
    banner_.error("Nothing to deploy: no candidate fits (see the resource-fit step)");
    return false;
  }
  std::string where;
  const std::uint64_t step = state_.undo_step();
  if (const Candidate* typed = results_.typed_candidate(std::size_t(winner))) {
    where = typed->worker_name;
    if (!deploy_in_place(*typed)) edit(deploy_replica(state_.scenario(), *typed));
  } else {
    const Json& c = results_.candidate(std::size_t(winner));
    where = c.value("worker_name", std::string("?"));
    edit(deploy_replica(state_.scenario(), c));
  }
  tell_edit("Deployed replica " + std::to_string(model_instance_count(state_.scenario())) + " of " +
                std::to_string(model_replicas(state_.scenario())) + " on " + where + "; scheduling the next one",
            step);
  return true;
}

bool App::deploy_until_full() {
  if (read_only("Deploy until full")) return false;
  FillOutcome o = placement::ui::deploy_until_full(state_.scenario());
  if (!o.error.empty()) {
    refuse("Nothing was deployed", o.error);
    return false;
  }
  if (o.deployed == 0) {
    banner_.notice("Nothing to deploy: no candidate fits (see the resource-fit step)");
    return false;
  }
  const int deployed = o.deployed;
  const bool capped = o.capped;
  const std::uint64_t step = state_.undo_step();
  deploy_placed(std::move(o));
  std::string text = "Deployed " + std::to_string(deployed) + " replica" + (deployed == 1 ? "" : "s") + " until no candidate fits; " +
                     std::to_string(model_instance_count(state_.scenario())) + " of " + std::to_string(model_replicas(state_.scenario())) +
                     " replicas exist";
  if (capped) text = "Deployed " + std::to_string(deployed) + " replicas and stopped at the limit of " + std::to_string(kDeployUntilFullCap) + " (candidates still fit)";
  tell_edit(text, step);
  return true;
}

bool App::reset_instances() {
  if (read_only("Reset instances")) return false;
  std::vector<DocumentPatch> patches = reset_patches(state_.scenario(), baseline());
  const std::uint64_t step = state_.undo_step();
  if (!follow([&](ChangeObserver* o) { state_.patch(std::move(patches), o); })) {
    banner_.notice("The instances are already as the scenario was loaded");
    return false;
  }
  tell_edit("Instances reset: " + std::to_string(model_instance_count(state_.scenario())) + " of " +
                std::to_string(model_replicas(state_.scenario())) + " replicas, as loaded",
            step);
  return true;
}

std::vector<ScaleDownRow> App::scale_down_preview(long long replicas) const {
  if (!results_current()) return {};
  const std::vector<ScaleDownRow>& ranking = results_.scale_down_ranking();
  const long long n = std::max(0LL, static_cast<long long>(ranking.size()) - std::max(0LL, replicas));
  return {ranking.begin(), ranking.begin() + n};
}

bool App::scale_down_to(long long replicas) {
  if (read_only("Scale down")) return false;
  if (!results_current()) return false;
  if (replicas < 0) replicas = 0;
  Json ids = Json::array();
  for (const ScaleDownRow& e : scale_down_preview(replicas)) ids.push_back(e.instance_id);
  keep_baseline();
  std::vector<DocumentPatch> patches = scale_down_patches(state_.scenario(), ids, replicas);
  const std::uint64_t step = state_.undo_step();
  if (!follow([&](ChangeObserver* o) { state_.patch(std::move(patches), o); })) {
    banner_.notice("Scale-down changes nothing: the model already has " + std::to_string(replicas) + " replicas");
    return false;
  }
  const std::size_t n = ids.size();
  tell_edit("Scaled down to " + std::to_string(replicas) + " replica" + (replicas == 1 ? "" : "s") + ": removed " + std::to_string(n) +
                " instance" + (n == 1 ? "" : "s") + " in GPUStack's scale-down order",
            step);
  return true;
}

void App::select_worker(const std::string& name) {
  ui_.selection.worker = name;
  ui_.selection.gpu.reset();
}

void App::select_gpu(const std::string& worker, int index) {
  ui_.selection.worker = worker;
  ui_.selection.gpu = index;
  if (!ui_.manual_gpu_mode) return;
  const int w = worker_index(state_.scenario(), worker);
  if (w < 0) return;
  // Find the id first: edit() replaces the scenario, so nothing may still point into it.
  std::optional<std::string> id;
  const Json& wj = state_.scenario()["workers"][std::size_t(w)];
  if (wj.contains("status") && wj["status"].contains("gpu_devices") && wj["status"]["gpu_devices"].is_array())
    for (const auto& g : wj["status"]["gpu_devices"])
      if (g.value("index", -1) == index) {
        id = gpu_id(wj, g);
        break;
      }
  if (id) set(Json::json_pointer("/model/gpu_selector"), gpu_selector_toggled(state_.scenario()["model"], *id));
}

void App::inspect_candidate(int index) { ui_.inspected_candidate = index; }

void App::copy_link() {
  if (!host::copy_link()) banner_.notice("Link: #" + fragment());
}

void App::export_scenario() {
  if (!host::download_scenario()) banner_.notice("Export needs the browser page (scenario() holds the JSON)");
}

void App::open_paste_dialog() {
  if (!host::open_paste_dialog()) ui_.paste_open = true;
}

void App::open_gguf_picker() {
  if (!host::open_gguf_picker()) banner_.notice("Loading a .gguf file needs the browser page (or `placement gguf FILE --profile`)");
}

void App::open_scenario_picker() {
  if (!host::open_scenario_picker()) ui_.paste_open = true;
}

}  // namespace placement::ui
