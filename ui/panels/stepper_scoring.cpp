// Phase 4, scoring: candidates x scorers with totals (the winner highlighted here and on the
// canvas), then each scorer's raw inputs per candidate as the trace recorded them.
#include "app/app.h"
#include "app/format.h"
#include "imgui.h"
#include "panels/panels.h"
#include "panels/trace_views.h"

namespace placement::ui {

namespace {

// chain.ties as the candidates' row numbers: [[2,3],[5,6]] -> "#2 = #3; #5 = #6".
std::string ties_text(const Json& ties) {
  std::string out;
  for (const Json& group : ties) {
    if (!out.empty()) out += "; ";
    if (!group.is_array()) {
      out += value_text("", group);
      continue;
    }
    std::string row;
    for (const Json& c : group) row += (row.empty() ? "#" : " = #") + value_text("", c);
    out += row;
  }
  return out;
}

void draw_scorer_record(const Json& rec, int n) {
  const std::string name = rec.value("scorer", std::string("?"));
  if (name == "chain") {
    const Json& ties = member(rec, "ties", json_null());
    if (ties.is_array() && !ties.empty())
      bullet_wrapped("equal totals (the earliest candidate wins): %s", ties_text(ties).c_str());
    return;
  }
  ImGui::PushID(n);
  std::string head = name + " (max " + value_text("", rec.value("max", Json(nullptr))) + ")";
  if (rec.contains("strategy")) head += " " + value_text("", rec["strategy"]);
  if (ImGui::TreeNode(head.c_str())) {
    Json context = Json::object();
    for (auto it = rec.begin(); it != rec.end(); ++it)
      if (it.key() != "candidates" && it.key() != "scorer" && it.key() != "max") context[it.key()] = it.value();
    const std::string ctx = fields_text(context);
    if (!ctx.empty()) ImGui::TextWrapped("%s", ctx.c_str());
    for (const char* nested : {"counts", "stats"})
      if (rec.contains(nested))
        ImGui::TextWrapped("%s: %s", nested, (rec[nested].is_object() ? fields_text(rec[nested]) : rec[nested].dump()).c_str());
    const Json& items = member(rec, "candidates", json_null());
    if (items.is_array())
      for (const auto& item : items) {
        Json shown = item;
        shown.erase("candidate");
        bullet_wrapped("#%s: %s", value_text("", item.value("candidate", Json(nullptr))).c_str(), fields_text(shown).c_str());
      }
    ImGui::TreePop();
  }
  ImGui::PopID();
}

}  // namespace

void draw_stepper_scoring(App& app) {
  if (draw_input_error(app.results().input_error())) return;
  ImGui::TextWrapped("Every candidate is scored by the chain; the highest total wins (ties: the earliest). Click a row to draw its claim on the canvas.");
  draw_candidates_table(app, true);
  const Json& pick = trace_part(app, "pick", json_null());
  if (pick.is_object() && !pick.empty()) ImGui::TextWrapped("pick: %s", fields_text(pick).c_str());
  section("Scorers");
  const Json& records = trace_part(app, "scoring", json_array());
  int n = 0;
  for (const auto& rec : records) draw_scorer_record(rec, n++);
}

}  // namespace placement::ui
