// What if > Compare: pin the scenario as a baseline, then every edit shows what changed against it
// (the core's compare, `placement diff BASELINE SHOWN`): the winner of each, candidates that
// appeared, disappeared or moved, score deltas per scorer, and the winner's claim moved per GPU.
// "binpack <-> spread" pins the scenario and switches the strategy in one click.
#include <cmath>
#include <string>

#include "app/app.h"
#include "app/format.h"
#include "imgui.h"
#include "panels/panels.h"
#include "panels/whatif_views.h"
#include "test_hooks.h"

namespace placement::ui {

namespace {
std::string deltas_text(const Json& deltas) {
  std::string out;
  if (deltas.is_object())
    for (auto it = deltas.begin(); it != deltas.end(); ++it)
      if (std::fabs(number_or(it.value())) > 1e-9) out += (out.empty() ? "" : ", ") + it.key() + " " + (number_or(it.value()) > 0 ? "+" : "") + score_text(number_or(it.value()));
  return out;
}

std::string side_text(const Json& side) {
  const Json& where = member(side, "gpu_indexes", json_null());
  return side.is_object() ? "#" + value_text("", member(side, "rank", json_null())) + " GPUs " + where.dump() + " score " +
                                score_text(number_or(member(side, "score", json_null())))
                          : "-";
}

// Candidates whose status or score changed (unchanged ones are counted, not listed).
int draw_candidate_changes(const Json& candidates) {
  int listed = 0;
  if (!ImGui::BeginTable("compare-candidates", 5, ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) return 0;
  for (const char* h : {"change", "worker", "baseline", "now", "score deltas"}) ImGui::TableSetupColumn(h);
  ImGui::TableHeadersRow();
  for (const auto& c : candidates) {
    const std::string status = c.value("status", std::string("?"));
    const std::string deltas = deltas_text(member(c, "score_deltas", json_null()));
    if (status == "same" && deltas.empty()) continue;
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(status.c_str());
    const std::string worker = c.value("worker_name", std::string("?"));
    test_hooks::tag("compare/candidate/" + std::to_string(listed++), status + " " + worker);
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(worker.c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(side_text(member(c, "a", json_null())).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(side_text(member(c, "b", json_null())).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(deltas.c_str());
  }
  ImGui::EndTable();
  return listed;
}

void draw_claims(const Json& claims) {
  if (claims.empty()) return;
  ImGui::TextUnformatted("The winner's claim moved:");
  for (const auto& c : claims) {
    const double d = number_or(member(c, "delta", json_null()));
    ImGui::BulletText("%s GPU %s: %s -> %s (%s%s)", c.value("worker_name", std::string("?")).c_str(), value_text("", member(c, "gpu_index", json_null())).c_str(),
                      gib_text(number_or(member(c, "a", json_null()))).c_str(), gib_text(number_or(member(c, "b", json_null()))).c_str(), d > 0 ? "+" : "",
                      gib_text(d).c_str());
  }
}
}  // namespace

void draw_whatif_compare(App& app) {
  WhatIfModel& w = app.whatif();
  if (ImGui::Button(w.pinned() ? "Pin this instead" : "Pin as baseline")) app.pin_baseline();
  test_hooks::tag("button/pin-baseline", "Pin as baseline");
  ImGui::SameLine();
  if (ImGui::Button("Compare binpack <-> spread")) app.compare_strategies();
  test_hooks::tag("button/compare-strategies", "Compare binpack <-> spread");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Pin the scenario, then switch the placement strategy (one undo step)");
  if (!w.pinned()) {
    ImGui::TextDisabled("Pin a baseline, then edit: every edit shows what changed against it.");
    return;
  }
  ImGui::SameLine();
  if (ImGui::Button("Unpin")) app.unpin_baseline();
  test_hooks::tag("button/unpin-baseline", "Unpin");
  if (!draw_search_state(app, WhatIfKind::compare, "the comparison")) return;
  const Json& a = w.answer(WhatIfKind::compare);
  const Json& before = member(member(a, "a", json_object()), "winner", json_null());
  const Json& after = member(member(a, "b", json_object()), "winner", json_null());
  const bool changed = a.value("winner_changed", false);
  const std::string line = changed ? "Winner moved: " + where_text(before) + " -> " + where_text(after) : "Winner unchanged: " + where_text(after);
  ImGui::TextColored(changed ? ImVec4(1, 0.75f, 0.3f, 1) : ImVec4(0.45f, 0.9f, 0.5f, 1), "%s", line.c_str());
  test_hooks::tag("compare/winner", line);
  if (after.is_object()) w.preview_next(Json::array({after}), "the winner now (baseline: " + where_text(before) + ")");
  const int listed = draw_candidate_changes(member(a, "candidates", json_array()));
  if (listed == 0) ImGui::TextDisabled("No candidate changed against the baseline.");
  draw_claims(member(a, "claims", json_array()));
}

}  // namespace placement::ui
