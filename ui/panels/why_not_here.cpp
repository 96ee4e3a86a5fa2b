// "Why not here?": for the worker or GPU selected on the canvas, everything the trace says about
// it — the filter that dropped it, each strategy's rejection with its shortfalls, what a stop
// rule left unexamined, the candidates it is part of and how they scored.
#include "app/app.h"
#include "app/format.h"
#include "imgui.h"
#include "panels/panels.h"
#include "panels/trace_views.h"
#include "test_hooks.h"

namespace placement::ui {

namespace {

bool draw_fit_findings(const Json& trace, const std::string& worker, int gpu) {
  bool any = false;
  int n = 0;
  for (const auto& s : member(trace, "strategies", json_array())) {
    const std::string id = s.value("strategy", std::string("?"));
    const Json& rej = member(s, "rejections", json_null());
    if (rej.is_array())
      for (const auto& r : rej)
        if (subject_matches(r.value("subject", Json(nullptr)), worker, gpu)) {
          ImGui::TextDisabled("%s rejected:", id.c_str());
          draw_rejection(r, n++);
          any = true;
        }
    const Json& skipped = member(s, "not_examined", json_null());
    if (skipped.is_array())
      for (const auto& ne : skipped)
        if (subject_matches(ne.value("subject", ne), worker, gpu)) {
          bullet_wrapped("%s never examined it (%s)", id.c_str(), value_text("", ne.value("rule", Json(nullptr))).c_str());
          any = true;
        }
  }
  return any;
}

bool draw_candidate_findings(App& app, const std::string& worker, int gpu) {
  const Json& cands = app.results().candidates();
  const int winner = app.results().selected();
  bool any = false;
  for (std::size_t i = 0; i < cands.size(); ++i) {
    if (!subject_matches(cands[i], worker, gpu)) continue;
    any = true;
    const std::string text = "candidate " + std::to_string(i) + ": " + candidate_label(cands[i]) + ", score " +
                             score_text(number_or(cands[i].value("score", Json(nullptr))));
    if (int(i) == winner) {
      ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.45f, 0.9f, 0.5f, 1));
      ImGui::TextWrapped("%s - the winner", text.c_str());
      ImGui::PopStyleColor();
    }
    else if (winner >= 0)
      bullet_wrapped("%s - lost to candidate %d (%s)", text.c_str(), winner,
                        score_text(number_or(cands[std::size_t(winner)].value("score", Json(nullptr)))).c_str());
    else bullet_wrapped("%s", text.c_str());
  }
  return any;
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
  if (draw_input_error(app.results().input_error())) return;
  const Json& trace = app.results().trace();
  const std::string dropped = filter_drop(trace, sel.worker);
  if (!dropped.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 0.45f, 0.4f, 1));
    ImGui::TextWrapped("Dropped by the base filter %s", dropped.c_str());
    ImGui::PopStyleColor();
    if (dropped.rfind("backend_framework:", 0) == 0) draw_all_dropped(backend_filter_record(trace));
    return;
  }
  bool any = draw_candidate_findings(app, sel.worker, gpu);
  any = draw_fit_findings(trace, sel.worker, gpu) || any;
  if (!any) ImGui::TextWrapped("It passed the base filters; no strategy that ran rejected or used it (a later strategy was not reached, or it was not needed).");
}

}  // namespace placement::ui
