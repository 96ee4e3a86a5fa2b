// The cluster: a card per worker (state, labels, a RAM bar) with a memory bar per GPU — total,
// system-reserved, the claims of existing instances coloured per model, and the claim of the
// inspected candidate (the winner unless one is picked in the fit/scoring steps). Clicking a card
// selects the worker, clicking a bar the GPU; in manual GPU selection mode a click also toggles
// the GPU in the model's gpu_selector. Claims are the scenario's and the core's numbers as given.
#include <algorithm>
#include <map>
#include <optional>

#include "app/app.h"
#include "app/cluster_loads.h"
#include "app/format.h"
#include "app/worker_edits.h"
#include "imgui.h"
#include "imgui_internal.h"
#include "panels/panels.h"
#include "panels/trace_views.h"
#include "test_hooks.h"

namespace placement::ui {

namespace {

constexpr float kCardWidth = 250.0f;

// One memory bar: reserved from the left, then the claims, then the candidate's claim.
void draw_bar(ImDrawList* dl, ImVec2 min, ImVec2 max, double total, double reserved, const std::vector<ClaimSegment>& claims,
              const std::vector<ClaimSegment>& candidate) {
  dl->AddRectFilled(min, max, IM_COL32(45, 48, 56, 255));
  const float width = max.x - min.x;
  double at = 0;
  auto put = [&](double bytes, ImU32 colour, bool outline) {
    if (total <= 0 || bytes <= 0) return;
    const float x0 = min.x + float(std::min(at, total) / total) * width;
    at += bytes;
    const float x1 = min.x + float(std::min(at, total) / total) * width;
    if (x1 > x0) dl->AddRectFilled(ImVec2(x0, min.y), ImVec2(x1, max.y), colour);
    if (outline && x1 > x0) dl->AddRect(ImVec2(x0, min.y), ImVec2(x1, max.y), IM_COL32(140, 255, 160, 255), 0, 0, 2.0f);
  };
  put(reserved, IM_COL32(110, 110, 118, 255), false);
  for (const ClaimSegment& s : claims) put(s.bytes, s.colour, false);
  for (const ClaimSegment& s : candidate) put(s.bytes, s.colour, true);
  if (at > total && total > 0) dl->AddRectFilled(ImVec2(max.x - 4, min.y), max, IM_COL32(240, 60, 50, 255));  // over capacity
}

std::string claims_tooltip(const std::vector<ClaimSegment>& claims, const std::vector<ClaimSegment>& candidate) {
  std::string out;
  for (const ClaimSegment& s : claims) out += s.who + ": " + gib_text(s.bytes) + "\n";
  for (const ClaimSegment& s : candidate) out += "inspected candidate: " + gib_text(s.bytes) + "\n";
  return out.empty() ? "no claims" : out;
}

double reserved_of(const Json& worker, const char* modern, const char* older) {
  const Json& r = member(worker, "system_reserved", json_null());
  if (!r.is_object()) return 0;
  return number_or(r.contains(modern) ? r[modern] : r.value(older, Json(nullptr)));
}

// A GPU click is handed back through `clicked` and applied after the last card: in manual mode it
// edits the scenario, which every card still being drawn reads by reference.
void draw_card(App& app, const Json& worker, const WorkerLoad& load, const WorkerLoad& cand, bool in_winner, const std::string& dropped,
               std::optional<std::pair<std::string, int>>& clicked) {
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const std::string name = worker.value("name", std::string("?"));
  const Selection& sel = app.ui().selection;
  const float line = ImGui::GetTextLineHeightWithSpacing();
  const ImVec2 origin = ImGui::GetCursorScreenPos();

  // Header: name, state, labels; the whole header selects the worker.
  // Pressed by a click or, when it has keyboard focus, by Enter or Space.
  if (ImGui::InvisibleButton(("##worker/" + name).c_str(), ImVec2(kCardWidth, line * 2))) app.select_worker(name);
  ImGui::RenderNavHighlight(ImRect(ImGui::GetItemRectMin(), ImGui::GetItemRectMax()), ImGui::GetItemID());
  test_hooks::tag("worker/" + name, name);
  const std::string state = worker.value("state", std::string("?"));
  dl->AddText(ImVec2(origin.x + 6, origin.y + 2), IM_COL32(235, 235, 240, 255), name.c_str());
  std::string sub = state;
  const Json& labels = member(worker, "labels", json_null());
  if (labels.is_object())
    for (auto it = labels.begin(); it != labels.end(); ++it) sub += "  " + it.key() + "=" + value_text("", it.value());
  if (!dropped.empty()) sub = "filtered: " + dropped;
  dl->AddText(ImVec2(origin.x + 6, origin.y + 2 + line), dropped.empty() ? IM_COL32(160, 165, 175, 255) : IM_COL32(255, 120, 110, 255), sub.c_str());

  // RAM bar.
  const Json& status = member(worker, "status", json_object());
  const Json& memory = member(status, "memory", json_object());
  const double ram_total = number_or(memory.value("total", Json(nullptr)));
  const bool unified = memory.value("is_unified_memory", false);
  {
    const ImVec2 p = ImGui::GetCursorScreenPos();
    ImGui::Dummy(ImVec2(kCardWidth, line));
    const ImVec2 bar_min(p.x + 4, p.y + 1), bar_max(p.x + kCardWidth - 4, p.y + line - 2);
    draw_bar(dl, bar_min, bar_max, ram_total, reserved_of(worker, "ram", "memory"), load.ram, cand.ram);
    const std::string text = std::string(unified ? "unified " : "RAM ") + gib_text(ram_total);
    dl->AddText(ImVec2(bar_min.x + 4, bar_min.y), IM_COL32(255, 255, 255, 230), text.c_str());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", claims_tooltip(load.ram, cand.ram).c_str());
  }

  // GPU bars.
  const Json& gpus = member(status, "gpu_devices", json_array());
  const double reserved_vram = reserved_of(worker, "vram", "gpu_memory");
  static const std::vector<ClaimSegment> none;
  for (const auto& g : gpus) {
    const int index = g.value("index", 0);
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const std::string gid = "gpu/" + name + "/" + std::to_string(index);
    if (ImGui::InvisibleButton(("##" + gid).c_str(), ImVec2(kCardWidth, line * 1.3f))) clicked = std::make_pair(name, index);
    ImGui::RenderNavHighlight(ImRect(ImGui::GetItemRectMin(), ImGui::GetItemRectMax()), ImGui::GetItemID());
    test_hooks::tag(gid, name + " GPU " + std::to_string(index));
    const bool hovered = ImGui::IsItemHovered();
    auto claims = load.vram.find(index);
    auto mine = cand.vram.find(index);
    const std::vector<ClaimSegment>& c1 = claims == load.vram.end() ? none : claims->second;
    const std::vector<ClaimSegment>& c2 = mine == cand.vram.end() ? none : mine->second;
    const double total = number_or(g.contains("memory") && g["memory"].is_object() ? g["memory"].value("total", Json(nullptr)) : Json(nullptr));
    const ImVec2 bar_min(p.x + 4, p.y + 2), bar_max(p.x + kCardWidth - 4, p.y + line * 1.3f - 2);
    draw_bar(dl, bar_min, bar_max, total, reserved_vram, c1, c2);
    const bool selected = sel.worker == name && sel.gpu && *sel.gpu == index;
    if (gpu_selected(app.scenario(), gpu_id(worker, g))) dl->AddRect(bar_min, bar_max, IM_COL32(90, 170, 255, 255), 0, 0, 2.0f);
    if (cand.marked.count(index)) dl->AddRect(ImVec2(bar_min.x - 1, bar_min.y - 1), ImVec2(bar_max.x + 1, bar_max.y + 1), IM_COL32(80, 200, 255, 255), 0, 0, 3.0f);
    if (selected) dl->AddRect(ImVec2(bar_min.x - 2, bar_min.y - 2), ImVec2(bar_max.x + 2, bar_max.y + 2), IM_COL32(255, 220, 80, 255), 0, 0, 2.0f);
    const std::string text = std::to_string(index) + " " + g.value("name", g.value("type", std::string("GPU"))) + " " + gib_text(total);
    dl->AddText(ImVec2(bar_min.x + 4, bar_min.y + 1), IM_COL32(255, 255, 255, 235), text.c_str());
    if (hovered) ImGui::SetTooltip("%s%s", claims_tooltip(c1, c2).c_str(), app.ui().manual_gpu_mode ? "click: add to / remove from gpu_ids" : "");
  }
  if (gpus.empty()) ImGui::TextDisabled("  CPU only");

  // Card frame: yellow when selected, green when it hosts the shown candidate.
  const ImVec2 end(origin.x + kCardWidth, ImGui::GetCursorScreenPos().y);
  ImU32 frame = IM_COL32(80, 84, 96, 255);
  if (in_winner) frame = IM_COL32(90, 230, 120, 255);
  if (sel.worker == name && !sel.gpu) frame = IM_COL32(255, 220, 80, 255);
  dl->AddRect(ImVec2(origin.x - 1, origin.y - 1), ImVec2(end.x + 1, end.y + 1), frame, 4.0f, 0, in_winner || sel.worker == name ? 2.0f : 1.0f);
  ImGui::Dummy(ImVec2(kCardWidth, 4));
}

// The height draw_card gives `worker`: header (2 lines), RAM bar, one bar per GPU (or a "CPU only"
// line), the closing gap, and item spacing between them.
float card_height(const Json& worker) {
  const float line = ImGui::GetTextLineHeightWithSpacing();
  const std::size_t gpus = member(member(worker, "status", json_object()), "gpu_devices", json_array()).size();
  const float body = gpus > 0 ? float(gpus) * line * 1.3f : ImGui::GetTextLineHeight();
  const std::size_t items = 3 + std::max<std::size_t>(gpus, 1);
  return line * 3 + body + 4 + ImGui::GetStyle().ItemSpacing.y * float(items - 1);
}

}  // namespace

void draw_cluster_canvas(App& app) {
  const Json& workers = member(app.scenario(), "workers", json_array());
  if (workers.empty()) {
    ImGui::TextDisabled("No workers: add one in 1 Cluster & model.");
    return;
  }
  // Kept by the app until the scenario changes: every instance's claim, walked once, not per frame.
  const std::map<std::string, WorkerLoad>& existing = app.existing_loads();
  const int shown = app.shown_candidate();
  // A what-if preview (step 6) takes the candidate's place while it is shown.
  const Json& preview = app.whatif().preview();
  const bool previewing = preview.is_array() && !preview.empty();
  const std::map<std::string, WorkerLoad> cand = previewing ? preview_loads(preview)
                                                 : shown >= 0 ? candidate_loads(app.results().candidates()[std::size_t(shown)])
                                                              : std::map<std::string, WorkerLoad>();
  if (previewing)
    ImGui::TextColored(ImVec4(0.35f, 0.8f, 1, 1), "Blue: %s", app.whatif().preview_caption().c_str());
  else if (shown >= 0)
    ImGui::TextColored(ImVec4(0.45f, 0.9f, 0.5f, 1), "Green: claim of candidate %d%s", shown, shown == app.results().selected() ? " (the winner)" : "");
  const float avail = ImGui::GetContentRegionAvail().x;
  const int columns = std::max(1, int(avail / (kCardWidth + 12.0f)));
  static const WorkerLoad empty;
  const std::map<std::string, std::string> dropped = filter_drops(app.results().trace());
  std::optional<std::pair<std::string, int>> clicked;
  if (!ImGui::BeginTable("cards", columns, ImGuiTableFlags_SizingFixedFit)) return;
  for (const auto& w : workers) {
    ImGui::TableNextColumn();
    const std::string name = w.value("name", std::string("?"));
    ImGui::PushID(name.c_str());
    auto e = existing.find(w.value("id", Json(nullptr)).dump());
    auto c = cand.find(name);
    // A card out of view keeps its place but is not built: 256 cards are more than a frame can afford.
    const float height = card_height(w);
    if (!ImGui::IsRectVisible(ImVec2(kCardWidth, height))) {
      ImGui::Dummy(ImVec2(kCardWidth, height));
      ImGui::PopID();
      continue;
    }
    auto d = dropped.find(name);
    draw_card(app, w, e == existing.end() ? empty : e->second, c == cand.end() ? empty : c->second, c != cand.end(),
              d == dropped.end() ? std::string() : d->second, clicked);
    ImGui::PopID();
  }
  ImGui::EndTable();
  if (clicked) app.select_gpu(clicked->first, clicked->second);
}

}  // namespace placement::ui
