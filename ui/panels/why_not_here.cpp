// "Why not here?": for the worker or GPU selected on the canvas, everything the trace says about
// it — the filter that dropped it, each strategy's rejection with its shortfalls, what a stop
// rule left unexamined, the candidates it is part of and how they scored.
#include <cstdint>
#include <string>
#include <vector>

#include "app/app.h"
#include "app/format.h"
#include "app/subject_findings.h"
#include "imgui.h"
#include "panels/panels.h"
#include "panels/trace_views.h"
#include "test_hooks.h"

namespace placement::ui {

namespace {

// What the pane shows for one selection in one result, worked out once: a thousand-worker result
// has thousands of candidates and rejections, and the pane is drawn every frame. Read from the
// typed result (candidates, and the trace's strategies section as events); only the entries that
// name the selection become JSON.
struct Findings {
  std::uint64_t generation = 0;  // 0: none yet
  std::string worker;
  int gpu = -1;
  std::vector<std::size_t> candidates;  // positions of the candidates it is part of
  std::vector<StrategyFinding> strategies;
};

// subject_matches() of a typed candidate: its worker or a subordinate is the selected worker, and
// it uses the selected GPU (or the whole worker).
bool candidate_names(const Candidate& c, const std::string& worker, int gpu) {
  bool named = c.worker_name == worker;
  for (const SubordinateWorker& sub : c.subordinate_workers) named = named || sub.worker_name == worker;
  return named && subject_uses_gpu(c.gpu_indexes ? &*c.gpu_indexes : nullptr, gpu);
}

const Findings& findings_for(const Results& r, const std::string& worker, int gpu) {
  static Findings cache;
  if (cache.generation != 0 && cache.generation == r.generation && cache.worker == worker && cache.gpu == gpu) return cache;
  Findings f{r.generation, worker, gpu, {}, {}};
  for (std::size_t i = 0; i < r.candidate_count(); ++i) {
    const Candidate* typed = r.typed_candidate(i);
    if (typed ? candidate_names(*typed, worker, gpu) : subject_matches(r.candidate(i), worker, gpu)) f.candidates.push_back(i);
  }
  f.strategies = r.strategy_findings([&](const Json& subject) { return subject_matches(subject, worker, gpu); });
  cache = std::move(f);
  return cache;
}

bool draw_fit_findings(const Findings& f) {
  int n = 0;
  for (const StrategyFinding& s : f.strategies) {
    if (s.rejection) {
      ImGui::TextDisabled("%s rejected:", s.strategy.c_str());
      draw_rejection(s.item, n++);
    } else {
      bullet_wrapped("%s never examined it (%s)", s.strategy.c_str(), value_text("", s.item.value("rule", Json(nullptr))).c_str());
    }
  }
  return !f.strategies.empty();
}

bool draw_candidate_findings(const Results& r, const Findings& f) {
  const int winner = r.selected();
  for (const std::size_t i : f.candidates) {
    const Json& c = r.candidate(i);
    const std::string text = "candidate " + std::to_string(i) + ": " + candidate_label(c) + ", score " +
                             score_text(number_or(c.value("score", Json(nullptr))));
    if (int(i) == winner) {
      ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.45f, 0.9f, 0.5f, 1));
      ImGui::TextWrapped("%s - the winner", text.c_str());
      ImGui::PopStyleColor();
    }
    else if (winner >= 0)
      bullet_wrapped("%s - lost to candidate %d (%s)", text.c_str(), winner,
                        score_text(number_or(r.candidate(std::size_t(winner)).value("score", Json(nullptr)))).c_str());
    else bullet_wrapped("%s", text.c_str());
  }
  return !f.candidates.empty();
}

}  // namespace

void draw_why_not_here(App& app) {
  const Selection& sel = app.ui().selection;
  section("Why (not) here?");
  if (sel.empty()) {
    ImGui::TextDisabled("Click a worker or a GPU on the canvas above.");
    return;
  }
  const int gpu = sel.gpu ? *sel.gpu : -1;
  if (gpu >= 0) ImGui::TextWrapped("%s, GPU %d", sel.worker.c_str(), gpu);
  else ImGui::TextWrapped("%s", sel.worker.c_str());
  test_hooks::tag("why/subject", sel.worker);
  if (!app.results_current()) {
    ImGui::TextDisabled("computing...");
    return;
  }
  const Results& r = app.results();
  if (draw_input_error(r.input_error())) return;
  const auto& drops = r.filter_drops();
  if (const auto dropped = drops.find(sel.worker); dropped != drops.end()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 0.45f, 0.4f, 1));
    ImGui::TextWrapped("Dropped by the base filter %s", dropped->second.c_str());
    ImGui::PopStyleColor();
    // The note is the backend filter's record (the trace document is built for it).
    if (dropped->second.rfind("backend_framework:", 0) == 0) draw_all_dropped(backend_filter_record(r.trace_section("filters")));
    return;
  }
  const Findings& f = findings_for(r, sel.worker, gpu);
  bool any = draw_candidate_findings(r, f);
  any = draw_fit_findings(f) || any;
  if (!any) ImGui::TextWrapped("It passed the base filters; no strategy that ran rejected or used it (a later strategy was not reached, or it was not needed).");
}

}  // namespace placement::ui
