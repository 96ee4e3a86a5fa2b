// The pieces the cluster canvas's views share (cluster_canvas.cpp draws cards, canvas_rows.cpp
// compact rows, canvas_toolbar.cpp the controls above both and the colour legend).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "app/canvas_view.h"
#include "app/cluster_loads.h"
#include "imgui.h"

namespace placement::ui {

class App;
class Results;

// The colours the canvas draws with; the legend names each.
namespace canvas_colour {
inline constexpr ImU32 free_memory = IM_COL32(45, 48, 56, 255);
inline constexpr ImU32 reserved = IM_COL32(110, 110, 118, 255);
inline constexpr ImU32 candidate_outline = IM_COL32(140, 255, 160, 255);
inline constexpr ImU32 over_capacity = IM_COL32(240, 60, 50, 255);
inline constexpr ImU32 used_tick = IM_COL32(255, 255, 255, 200);
inline constexpr ImU32 gpu_ids = IM_COL32(90, 170, 255, 255);
inline constexpr ImU32 selected = IM_COL32(255, 220, 80, 255);
inline constexpr ImU32 winner_frame = IM_COL32(90, 230, 120, 255);
inline constexpr ImU32 filtered = IM_COL32(255, 120, 110, 255);
inline constexpr ImU32 search_match = IM_COL32(200, 150, 40, 150);
}  // namespace canvas_colour

// What every worker view of one frame needs: claims, drops, and the GPU click to apply after.
struct CanvasFrame {
  const Model* model = nullptr;  // the typed Scenario's (its gpu_selector outlines GPUs)
  const std::map<std::int64_t, WorkerLoad>* existing = nullptr;
  std::map<std::string, WorkerLoad> candidate;
  const std::map<std::string, std::string>* dropped = nullptr;  // the result's (Results::filter_drops)
  std::optional<std::pair<std::string, int>> clicked_gpu;
  const WorkerLoad& existing_of(const Worker& worker) const;
  const WorkerLoad* candidate_of(const std::string& name) const;
  std::string dropped_of(const std::string& name) const;
};

// One memory bar: reserved from the left, then the claims, then the candidate's claim (outlined);
// `used` (bytes, < 0: unknown) as a tick along the bottom.
void draw_bar(ImDrawList* dl, ImVec2 min, ImVec2 max, double total, double reserved, const std::vector<ClaimSegment>& claims,
              const std::vector<ClaimSegment>& candidate, double used = -1);
std::string claims_tooltip(const std::vector<ClaimSegment>& claims, const std::vector<ClaimSegment>& candidate);
// A GPU as a bar names it: its name, else its type, else "GPU".
std::string gpu_caption(const GpuDevice& gpu);
// The claims of candidate `i` of `results` (the core's Candidate, or the one its document holds).
std::map<std::string, WorkerLoad> shown_candidate_loads(const Results& results, std::size_t i);
const std::vector<ClaimSegment>& claims_on(const WorkerLoad& load, int gpu);

// Under `name` drawn at `pos`: a highlight behind the part matching the search.
void highlight_match(ImDrawList* dl, ImVec2 pos, const std::string& name, const std::string& search);
// `text` at `pos`, cut with "..." to fit `width`; returns true when it was cut (show a tooltip).
bool draw_clipped_text(ImDrawList* dl, ImVec2 pos, float width, ImU32 colour, const std::string& text);

// A GPU bar's label: "<index> <name>" on the left and the memory size right-aligned, never cut.
// When the name does not fit, vendor words go first ("NVIDIA GeForce RTX 4090" -> "RTX 4090"),
// then its end is cut with "..."; returns true when the name was shortened (show a tooltip).
bool draw_gpu_label(ImDrawList* dl, ImVec2 pos, float width, ImU32 colour, const std::string& head, const std::string& size);
// `name` without the vendor words a GPU model name starts with.
std::string without_vendor_words(const std::string& name);

// A group's header line (click: collapse / open); id group/<title>.
void draw_group_header(App& app, const WorkerGroup& group, float width, float height);

// canvas_rows.cpp: one row per worker (name, state, a strip of GPU bars), only the visible ones.
void draw_compact_rows(App& app, const std::vector<Worker>& workers, const std::vector<WorkerGroup>& groups, CanvasFrame& frame);
// canvas_toolbar.cpp: search, layout, group-by, zoom and fit; the legend.
void draw_canvas_toolbar(App& app);
void draw_canvas_legend();

}  // namespace placement::ui
