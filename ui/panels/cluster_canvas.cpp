// The cluster: a card per worker (state, labels, a RAM bar) with a memory bar per GPU — total,
// system-reserved, the claims of existing instances coloured per model, and the claim of the
// inspected candidate (the winner unless one is picked in the fit/scoring steps). Clicking a card
// selects the worker, clicking a bar the GPU; in manual GPU selection mode a click also toggles
// the GPU in the model's gpu_selector. Claims are the scenario's and the core's numbers as given.
// Big clusters switch to compact rows (canvas_rows.cpp); both views zoom (Ctrl+wheel, pinch, the
// toolbar), pan (middle button or Space + drag), group and filter by name (canvas_view.h).
#include <algorithm>
#include <map>
#include <optional>

#include "app/app.h"
#include "app/format.h"
#include "app/worker_edits.h"
#include "imgui.h"
#include "imgui_internal.h"
#include "panels/canvas_parts.h"
#include "panels/panels.h"
#include "panels/trace_views.h"
#include "test_hooks.h"

namespace placement::ui {

namespace {

constexpr float kCardWidth = 250.0f;
constexpr float kCardGap = 12.0f;

// Cards reflow into more or fewer columns as the zoom changes, so "zoom around the pointer" keeps
// the card under the pointer where it was: the card and the pointer's place in it (in zoom-1
// units) are noted every frame, and after a zoom the canvas scrolls that card back under it.
struct ZoomAnchor {
  std::string hovered;     // the card under the pointer in the last frame
  float fx = 0, fy = 0;    // the pointer's offset in that card, at zoom 1
  std::string pending;     // the card to bring back under the pointer after a zoom
  float px = 0, py = 0;
};
ZoomAnchor g_anchor;

std::string labels_text(const Worker& worker) {
  std::string out;
  for (const auto& [key, value] : worker.labels) out += "  " + key + "=" + value;
  return out;
}

// A GPU click is handed back through the frame and applied after the last card: in manual mode it
// edits the scenario, which every card still being drawn reads by reference.
void draw_card(App& app, const Worker& worker, CanvasFrame& frame) {
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const std::string& name = worker.name;
  const WorkerLoad& load = frame.existing_of(worker);
  static const WorkerLoad none_load;
  const WorkerLoad* cand_p = frame.candidate_of(name);
  const WorkerLoad& cand = cand_p ? *cand_p : none_load;
  const std::string dropped = frame.dropped_of(name);
  const Selection& sel = app.ui().selection;
  const float width = kCardWidth * app.ui().canvas.zoom;
  const float line = ImGui::GetTextLineHeightWithSpacing();
  const ImVec2 origin = ImGui::GetCursorScreenPos();

  // Header: name, state, labels; the whole header selects the worker.
  // Pressed by a click or, when it has keyboard focus, by Enter or Space.
  if (ImGui::InvisibleButton(("##worker/" + name).c_str(), ImVec2(width, line * 2))) app.select_worker(name);
  ImGui::RenderNavHighlight(ImRect(ImGui::GetItemRectMin(), ImGui::GetItemRectMax()), ImGui::GetItemID());
  test_hooks::tag("worker/" + name, name);
  const bool header_hovered = ImGui::IsItemHovered();
  const std::string& state = worker.state;
  bool cut = false;
  const float inner = width - 12;
  dl->PushClipRect(origin, ImVec2(origin.x + width, origin.y + line * 2), true);
  highlight_match(dl, ImVec2(origin.x + 6, origin.y + 2), name, app.ui().canvas.search);
  cut |= draw_clipped_text(dl, ImVec2(origin.x + 6, origin.y + 2), inner, IM_COL32(235, 235, 240, 255), name);
  const std::string sub = dropped.empty() ? state + labels_text(worker) : "filtered: " + dropped;
  cut |= draw_clipped_text(dl, ImVec2(origin.x + 6, origin.y + 2 + line), inner, dropped.empty() ? IM_COL32(160, 165, 175, 255) : canvas_colour::filtered, sub);
  dl->PopClipRect();
  if (header_hovered && cut) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30);
    ImGui::TextUnformatted(name.c_str());
    ImGui::TextUnformatted((state + labels_text(worker)).c_str());
    if (!dropped.empty()) ImGui::TextColored(ImVec4(1, 0.47f, 0.43f, 1), "filtered: %s", dropped.c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }

  // RAM bar.
  const double ram_total = double(worker.memory_total);
  const bool unified = worker.is_unified_memory;
  {
    const ImVec2 p = ImGui::GetCursorScreenPos();
    ImGui::Dummy(ImVec2(width, line));
    const ImVec2 bar_min(p.x + 4, p.y + 1), bar_max(p.x + width - 4, p.y + line - 2);
    draw_bar(dl, bar_min, bar_max, ram_total, double(worker.reserved_ram), load.ram, cand.ram);
    const std::string text = std::string(unified ? "unified " : "RAM ") + gib_text(ram_total);
    draw_clipped_text(dl, ImVec2(bar_min.x + 4, bar_min.y), bar_max.x - bar_min.x - 8, IM_COL32(255, 255, 255, 230), text);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s%s", text.c_str(), ("\n" + claims_tooltip(load.ram, cand.ram)).c_str());
  }

  // GPU bars.
  const double reserved_vram = double(worker.reserved_vram);
  for (const GpuDevice& g : worker.gpus) {
    const int index = g.index;
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const std::string gid = "gpu/" + name + "/" + std::to_string(index);
    if (ImGui::InvisibleButton(("##" + gid).c_str(), ImVec2(width, line * 1.3f))) frame.clicked_gpu = std::make_pair(name, index);
    ImGui::RenderNavHighlight(ImRect(ImGui::GetItemRectMin(), ImGui::GetItemRectMax()), ImGui::GetItemID());
    test_hooks::tag(gid, name + " GPU " + std::to_string(index));
    const bool hovered = ImGui::IsItemHovered();
    const std::vector<ClaimSegment>& c1 = claims_on(load, index);
    const std::vector<ClaimSegment>& c2 = claims_on(cand, index);
    const double total = double(g.memory_total);
    const ImVec2 bar_min(p.x + 4, p.y + 2), bar_max(p.x + width - 4, p.y + line * 1.3f - 2);
    draw_bar(dl, bar_min, bar_max, total, reserved_vram, c1, c2, g.memory_used ? double(*g.memory_used) : -1);
    const bool selected = sel.worker == name && sel.gpu && *sel.gpu == index;
    if (gpu_selected(frame.model, gpu_id(worker, g))) dl->AddRect(bar_min, bar_max, canvas_colour::gpu_ids, 0, 0, 2.0f);
    if (cand.marked.count(index)) dl->AddRect(ImVec2(bar_min.x - 1, bar_min.y - 1), ImVec2(bar_max.x + 1, bar_max.y + 1), IM_COL32(80, 200, 255, 255), 0, 0, 3.0f);
    if (selected) dl->AddRect(ImVec2(bar_min.x - 2, bar_min.y - 2), ImVec2(bar_max.x + 2, bar_max.y + 2), canvas_colour::selected, 0, 0, 2.0f);
    const std::string head = std::to_string(index) + " " + gpu_caption(g);
    const std::string text = head + " " + gib_text(total);
    const ImVec2 label_at(bar_min.x + 4, bar_min.y + (bar_max.y - bar_min.y - ImGui::GetFontSize()) / 2);
    draw_gpu_label(dl, label_at, bar_max.x - bar_min.x - 8, IM_COL32(255, 255, 255, 235), head, gib_text(total));
    if (hovered)
      ImGui::SetTooltip("%s\n%s%s", text.c_str(), claims_tooltip(c1, c2).c_str(),
                        app.ui().manual_gpu_mode ? "click: add to / remove from gpu_ids" : "click: why (not) here?");
  }
  if (worker.gpus.empty()) ImGui::TextDisabled("  CPU only");

  // Card frame: yellow when selected, green when it hosts the shown candidate.
  const ImVec2 end(origin.x + width, ImGui::GetCursorScreenPos().y);
  ImU32 colour = IM_COL32(80, 84, 96, 255);
  if (cand_p) colour = canvas_colour::winner_frame;
  if (sel.worker == name && !sel.gpu) colour = canvas_colour::selected;
  dl->AddRect(ImVec2(origin.x - 1, origin.y - 1), ImVec2(end.x + 1, end.y + 1), colour, 4.0f, 0, cand_p || sel.worker == name ? 2.0f : 1.0f);
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  if (mouse.x >= origin.x && mouse.x < end.x && mouse.y >= origin.y && mouse.y < end.y) {
    const float zoom = app.ui().canvas.zoom;
    g_anchor.hovered = name;
    g_anchor.fx = (mouse.x - origin.x) / zoom;
    g_anchor.fy = (mouse.y - origin.y) / zoom;
  }
  ImGui::Dummy(ImVec2(width, 4));
}

// The height draw_card gives `worker`: header (2 lines), RAM bar, one bar per GPU (or a "CPU only"
// line), the closing gap, and item spacing between them.
float card_height(const Worker& worker) {
  const float line = ImGui::GetTextLineHeightWithSpacing();
  const std::size_t gpus = worker.gpus.size();
  const float body = gpus > 0 ? float(gpus) * line * 1.3f : ImGui::GetTextLineHeight();
  const std::size_t items = 3 + std::max<std::size_t>(gpus, 1);
  return line * 3 + body + 4 + ImGui::GetStyle().ItemSpacing.y * float(items - 1);
}

void draw_cards(App& app, const std::vector<Worker>& workers, const WorkerGroup& group, CanvasFrame& frame, int columns) {
  if (!ImGui::BeginTable(("cards/" + group.title).c_str(), columns, ImGuiTableFlags_SizingFixedFit)) return;
  const float width = kCardWidth * app.ui().canvas.zoom;
  for (std::size_t i : group.workers) {
    const Worker& w = workers[i];
    ImGui::TableNextColumn();
    ImGui::PushID(int(i));
    // A card out of view keeps its place but is not built: 256 cards are more than a frame can afford.
    const float height = card_height(w);
    if (!g_anchor.pending.empty() && w.name == g_anchor.pending) {
      const ImVec2 at = ImGui::GetCursorScreenPos();
      const float zoom = app.ui().canvas.zoom;
      ImGui::SetScrollX(ImGui::GetScrollX() + at.x - (g_anchor.px - g_anchor.fx * zoom));
      ImGui::SetScrollY(ImGui::GetScrollY() + at.y - (g_anchor.py - g_anchor.fy * zoom));
      g_anchor.pending.clear();
    }
    if (ImGui::IsRectVisible(ImVec2(width, height))) draw_card(app, w, frame);
    else ImGui::Dummy(ImVec2(width, height));
    ImGui::PopID();
  }
  ImGui::EndTable();
}

// Ctrl+wheel / pinch zooms around the pointer; the middle button or Space + left button, pressed
// over the canvas, drags the view. Called inside the canvas child before anything is laid out.
void zoom_and_pan(CanvasView& view, bool space_down, bool compact) {
  ImGuiIO& io = ImGui::GetIO();
  const bool hovered = ImGui::IsWindowHovered(ImGuiHoveredFlags_AllowWhenBlockedByActiveItem);
  if (view.pending_zoom_pixels != 0 && hovered && !compact && !g_anchor.hovered.empty()) {
    view.zoom = zoomed(view.zoom, view.pending_zoom_pixels);
    g_anchor.pending = g_anchor.hovered;
    g_anchor.px = io.MousePos.x;
    g_anchor.py = io.MousePos.y;
  } else if (view.pending_zoom_pixels != 0 && hovered) {
    const float before = view.zoom;
    view.zoom = zoomed(before, view.pending_zoom_pixels);
    const ImVec2 local(io.MousePos.x - ImGui::GetWindowPos().x, io.MousePos.y - ImGui::GetWindowPos().y);
    const float k = view.zoom / before;
    ImGui::SetScrollX((ImGui::GetScrollX() + local.x) * k - local.x);
    ImGui::SetScrollY((ImGui::GetScrollY() + local.y) * k - local.y);
  }
  view.pending_zoom_pixels = 0;
  // Only a drag that began over the canvas pans it: a middle-button press over the right panel
  // leaves the canvas focused, and that drag is not the canvas's.
  const ImGuiMouseButton button = ImGui::IsMouseDragging(ImGuiMouseButton_Middle, 0) ? ImGuiMouseButton_Middle : ImGuiMouseButton_Left;
  const bool dragging = button == ImGuiMouseButton_Middle || (space_down && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 0));
  const ImVec2 from = io.MouseClickedPos[button];
  const ImVec2 min = ImGui::GetWindowPos(), max(min.x + ImGui::GetWindowWidth(), min.y + ImGui::GetWindowHeight());
  const bool began_here = from.x >= min.x && from.x < max.x && from.y >= min.y && from.y < max.y;
  if (dragging && began_here) {
    ImGui::SetScrollX(ImGui::GetScrollX() - io.MouseDelta.x);
    ImGui::SetScrollY(ImGui::GetScrollY() - io.MouseDelta.y);
  }
}

void fit_to_view(App& app, const std::vector<Worker>& workers, const std::vector<WorkerGroup>& groups, bool compact) {
  CanvasView& view = app.ui().canvas;
  view.fit_requested = false;
  ImGui::SetWindowFontScale(1.0f);
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const std::vector<CanvasRow> rows = canvas_rows(groups, view);
  const float line = ImGui::GetTextLineHeightWithSpacing();
  if (compact) {
    view.zoom = fit_rows_zoom(rows.size(), line * 1.25f, avail.y - 4);
  } else {
    // Item spacing does not scale with the zoom: it goes into the gap, not the card.
    float tallest = 0, fixed = 0;
    for (const CanvasRow& r : rows)
      if (!r.header && card_height(workers[r.worker]) > tallest) {
        const std::size_t gpus = workers[r.worker].gpus.size();
        tallest = card_height(workers[r.worker]);
        fixed = ImGui::GetStyle().ItemSpacing.y * float(2 + std::max<std::size_t>(gpus, 1)) + 4;
      }
    view.zoom = fit_cards_zoom(rows.size(), kCardWidth, tallest - fixed, kCardGap + fixed, avail.x, (avail.y - 4) * 0.97f);
  }
  ImGui::SetScrollX(0);
  ImGui::SetScrollY(0);
  view.fit_checks = 3;
}

// After a Fit, shrinks the zoom while what was drawn still runs below the view.
void check_fit(CanvasView& view) {
  if (view.fit_checks <= 0) return;
  const float drawn = ImGui::GetCursorPosY() - ImGui::GetScrollY();
  const float visible = ImGui::GetWindowContentRegionMax().y;
  if (drawn <= visible || drawn <= 0) {
    view.fit_checks = 0;
    return;
  }
  --view.fit_checks;
  view.zoom = std::max(kMinZoom, view.zoom * visible / drawn * 0.98f);
  ImGui::SetScrollY(0);
}

}  // namespace

void draw_cluster_canvas(App& app) {
  // The cluster as the loader read it (and as the decision saw it): the document shown when the
  // loader takes it, else the last one it took.
  const Scenario* typed = app.drawn_scenario();
  if (!typed || typed->workers.empty()) {
    ImGui::TextDisabled("No workers: add one in 1 Cluster & model.");
    return;
  }
  const std::vector<Worker>& workers = typed->workers;
  if (!app.drawn_is_current()) {
    const char* note = "The scheduler cannot read the scenario as edited (see the decision line): the cluster as it last read it.";
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored(ImVec4(1, 0.6f, 0.4f, 1), "%s", note);
    ImGui::PopTextWrapPos();
    test_hooks::tag("note/canvas-last-read", note);
  }
  CanvasView& view = app.ui().canvas;
  const bool compact = compact_layout(view, workers.size());
  const std::vector<WorkerGroup> groups = group_workers(workers, view);
  if (view.fit_requested) fit_to_view(app, workers, groups, compact);
  const bool space_down = ImGui::IsKeyDown(ImGui::GetKeyIndex(ImGuiKey_Space)) && !ImGui::GetIO().WantTextInput;
  zoom_and_pan(view, space_down, compact);
  g_anchor.hovered.clear();
  ImGui::SetWindowFontScale(view.zoom);
  // Space + drag pans: the cards must not take the click (no dimming, unlike BeginDisabled).
  ImGui::PushItemFlag(ImGuiItemFlags_Disabled, space_down);

  // Kept by the app until the scenario changes: every instance's claim, walked once, not per frame.
  CanvasFrame frame;
  frame.model = &typed->model;
  frame.existing = &app.existing_loads();
  const int shown = app.shown_candidate();
  // A what-if preview (step 6) takes the candidate's place while it is shown.
  const Json& preview = app.whatif().preview();
  const bool previewing = preview.is_array() && !preview.empty();
  if (previewing) {
    frame.candidate = preview_loads(preview);
    ImGui::TextColored(ImVec4(0.35f, 0.8f, 1, 1), "Blue: %s", app.whatif().preview_caption().c_str());
  } else if (shown >= 0) {
    frame.candidate = shown_candidate_loads(app.results(), std::size_t(shown));
  }
  frame.dropped = &app.results().filter_drops();
  if (groups.empty()) ImGui::TextDisabled("No worker name contains \"%s\".", view.search.c_str());
  if (compact) {
    draw_compact_rows(app, workers, groups, frame);
  } else {
    const float avail = ImGui::GetContentRegionAvail().x;
    const int columns = std::max(1, int(avail / (kCardWidth * view.zoom + kCardGap)));
    for (const WorkerGroup& g : groups) {
      if (!g.title.empty()) draw_group_header(app, g, avail, ImGui::GetTextLineHeightWithSpacing());
      if (g.title.empty() || !view.collapsed.count(g.title)) draw_cards(app, workers, g, frame, columns);
    }
  }
  check_fit(view);
  ImGui::PopItemFlag();
  ImGui::SetWindowFontScale(1.0f);
  if (frame.clicked_gpu) app.select_gpu(frame.clicked_gpu->first, frame.clicked_gpu->second);
}

}  // namespace placement::ui
