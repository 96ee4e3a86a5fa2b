// Phase 3, resource fit: which selector ran and why, the requirement, every strategy (tried,
// skipped and why, not reached; caps hit; rejected GPUs/workers with the shortfall per
// dimension; what a stop rule left unexamined) and the candidates with their per-GPU claims.
#include "app/app.h"
#include "app/format.h"
#include "explain/explain_format.h"
#include "imgui.h"
#include "panels/panels.h"
#include "panels/trace_views.h"
#include "test_hooks.h"

namespace placement::ui {

namespace {

// requirement.allocatable_gpus, the GPU walk of the GGUF strategies: one readable line per GPU
// ("host4090 GPU 0: 24.23 GiB"), folded when the cluster has many, instead of a cut JSON blob.
void draw_gpu_walk(const Json& gpus) {
  // A tree node's label does not wrap: the short head, the explanation wrapped inside.
  const std::string head = "allocatable_gpus: " + std::to_string(gpus.size()) + (gpus.size() == 1 ? " GPU" : " GPUs");
  const bool open = ImGui::TreeNodeEx("allocatable_gpus", gpus.size() <= 16 ? ImGuiTreeNodeFlags_DefaultOpen : 0, "%s", head.c_str());
  test_hooks::tag("requirement/allocatable_gpus", head);
  if (!open) return;
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextDisabled("allocatable VRAM per GPU, in the order the strategies walk them");
  ImGui::PopTextWrapPos();
  ImGuiListClipper clipper;  // a thousand GPUs: only the lines in view are built
  clipper.Begin(int(gpus.size()));
  while (clipper.Step())
    for (int n = clipper.DisplayStart; n < clipper.DisplayEnd; ++n) {
      const Json& g = gpus[std::size_t(n)];
      const std::string text = value_text("", member(g, "worker_name", json_null())) + " GPU " + value_text("", member(g, "gpu_index", json_null())) +
                               ": " + value_text("alloc", member(g, "alloc", json_null()));
      bullet_wrapped("%s", text.c_str());
      test_hooks::tag("requirement/allocatable_gpus/" + std::to_string(n), text);
    }
  ImGui::TreePop();
}

// The same fields and words as the CLI's requirement line (explain::requirement_fields), one
// bullet each, then the model's facts, the GGUF GPU walk and the estimate queries.
void draw_requirement(const Json& req) {
  if (!req.is_object() || req.empty()) return;
  if (!ImGui::TreeNodeEx("Requirement", ImGuiTreeNodeFlags_DefaultOpen)) return;
  for (const auto& [key, text] : explain::requirement_fields(req)) {
    const std::string line = key + ": " + text;
    bullet_wrapped("%s", line.c_str());
    test_hooks::tag("requirement/field/" + key, line);
  }
  if (const std::string facts = explain::model_facts_text(req); !facts.empty()) {
    const std::string line = "model facts: " + facts;
    bullet_wrapped("%s", line.c_str());
    test_hooks::tag("requirement/model_facts", line);
  }
  const Json& walk = member(req, "allocatable_gpus", json_null());
  if (walk.is_array()) draw_gpu_walk(walk);
  int n = 0;
  for (const std::string& line : explain::estimate_query_lines(req)) {
    bullet_wrapped("%s", line.c_str());
    test_hooks::tag("requirement/query/" + std::to_string(n++), line);
  }
  ImGui::TreePop();
}

void draw_strategy(const Json& s, int n) {
  const std::string id = s.value("strategy", std::string("?"));
  const std::string status = s.value("status", std::string("?"));
  std::string head = id + ": " + status;
  if (status == "skipped") head += " (" + reason_text(s.value("skip", Json::object())) + ")";
  if (status == "tried") head += ", " + value_text("", s.value("candidates_found", Json(0))) + " candidates";
  ImGui::PushID(n);
  const bool open = ImGui::TreeNodeEx(head.c_str(), status == "tried" ? ImGuiTreeNodeFlags_DefaultOpen : 0);
  if (open) {
    const std::string examined = fields_text(s.value("examined", Json(nullptr)));
    if (!examined.empty()) ImGui::Text("examined: %s", examined.c_str());
    for (const char* list : {"caps", "quirks"}) {
      const Json& items = member(s, list, json_null());
      if (items.is_array())
        for (const auto& c : items) bullet_wrapped("%s: %s", list, fields_text(c).c_str());
    }
    const Json& rej = member(s, "rejections", json_null());
    if (rej.is_array()) draw_rejections(rej);
    const Json& skipped = member(s, "not_examined", json_null());
    if (skipped.is_array()) {
      ImGuiListClipper clipper;  // one line each; only those in view are built
      clipper.Begin(int(skipped.size()));
      while (clipper.Step())
        for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
          const Json& ne = skipped[std::size_t(i)];
          const Json& subject = member(ne, "subject", json_null());
          bullet_wrapped("not examined: %s (%s)", candidate_label(subject.is_null() ? ne : subject).c_str(),
                            value_text("", member(ne, "rule", json_null())).c_str());
        }
    }
    ImGui::TreePop();
  }
  ImGui::PopID();
}

std::string claim_cells(const Json& claim) {
  std::string out;
  const Json& vram = member(claim, "vram", json_null());
  if (vram.is_object())
    for (auto it = vram.begin(); it != vram.end(); ++it) out += (out.empty() ? "" : ", ") + std::string("GPU ") + it.key() + " " + gib_text(number_or(it.value()));
  return out.empty() ? "-" : out;
}

}  // namespace

void draw_candidates_table(App& app, bool with_scores) {
  // Candidates one by one (Results::candidate): the table builds the rows in view, not the list.
  const Results& results = app.results();
  const std::size_t count = results.candidate_count();
  if (count == 0) {
    ImGui::TextDisabled("No candidate.");
    return;
  }
  std::vector<std::string> scorers;
  const Json& first_scores = member(results.candidate(0), "scores", json_null());
  if (with_scores && first_scores.is_object())
    for (auto it = first_scores.begin(); it != first_scores.end(); ++it) scorers.push_back(it.key());
  const int columns = 4 + int(scorers.size()) + (with_scores ? 1 : 0);
  if (!ImGui::BeginTable("candidates", columns, ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) return;
  ImGui::TableSetupColumn("#");
  ImGui::TableSetupColumn("candidate");
  // The total right after the candidate: wide claims and many scorers never push it out of view.
  if (with_scores) ImGui::TableSetupColumn("total");
  ImGui::TableSetupColumn("VRAM claim");
  ImGui::TableSetupColumn("RAM / layers");
  for (const auto& s : scorers) ImGui::TableSetupColumn(s.c_str());
  ImGui::TableHeadersRow();
  const int winner = app.results().selected();
  const int shown = app.shown_candidate();
  // Only the rows in view are built: a thousand-worker cluster has thousands of candidates.
  ImGuiListClipper clipper;
  clipper.Begin(int(count));
  while (clipper.Step()) {
    for (std::size_t i = std::size_t(clipper.DisplayStart); i < std::size_t(clipper.DisplayEnd); ++i) {
      const Json& c = results.candidate(i);
      const Json& claim = member(c, "computed_resource_claim", json_object());
      ImGui::TableNextRow();
      if (int(i) == winner) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0, IM_COL32(40, 110, 60, 120));
      ImGui::TableNextColumn();
      const std::string label = std::to_string(i) + (int(i) == winner ? " winner" : "") + "##cand" + std::to_string(i);
      if (ImGui::Selectable(label.c_str(), int(i) == shown, ImGuiSelectableFlags_SpanAllColumns)) app.inspect_candidate(int(i));
      test_hooks::tag("candidate/" + std::to_string(i), candidate_label(c));
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(candidate_label(c).c_str());
      if (with_scores) {
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(score_text(number_or(c.value("score", Json(nullptr)))).c_str());
      }
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(claim_cells(claim).c_str());
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", claim_cells(claim).c_str());
      ImGui::TableNextColumn();
      std::string ram = value_text("ram", claim.value("ram", Json(nullptr)));
      if (claim.value("total_layers", Json(nullptr)).is_number())
        ram += "; " + value_text("", claim["offload_layers"]) + "/" + value_text("", claim["total_layers"]) + " layers";
      ImGui::TextUnformatted(ram.c_str());
      for (const auto& s : scorers) {
        ImGui::TableNextColumn();
        const Json v = member(c, "scores", json_object()).value(s, Json(nullptr));
        ImGui::TextUnformatted(v.is_number() ? score_text(v.get<double>()).c_str() : "-");
      }
    }
  }
  ImGui::EndTable();
}

void draw_stepper_fit(App& app) {
  if (draw_input_error(app.results().input_error())) return;
  const Json& dispatch = trace_part(app, "dispatch", json_object());
  if (dispatch.contains("selector"))
    ImGui::TextWrapped("Selector %s: %s", value_text("", dispatch["selector"]).c_str(), value_text("", dispatch.value("reason", Json(nullptr))).c_str());
  draw_requirement(trace_part(app, "requirement", json_object()));
  const Json& strategies = trace_part(app, "strategies", json_array());
  section("Strategies");
  int n = 0;
  for (const auto& s : strategies) draw_strategy(s, n++);
  section("Candidates");
  draw_candidates_table(app, false);
  for (const char* list : {"caps", "quirks", "messages", "warnings"}) {
    const Json& items = trace_part(app, list, json_null());
    if (!items.is_array() || items.empty()) continue;
    if (ImGui::TreeNode(list)) {
      for (const auto& x : items) bullet_wrapped("%s", x.is_object() ? fields_text(x).c_str() : value_text("", x).c_str());
      ImGui::TreePop();
    }
  }
  const Json& err = trace_part(app, "error", json_null());
  if (err.is_object()) ImGui::TextColored(ImVec4(1, 0.5f, 0.4f, 1), "Stopped: %s", fields_text(err).c_str());
}

}  // namespace placement::ui
