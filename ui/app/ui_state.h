// What the user is looking at (not part of the scenario, never undone): the phase shown, the
// selected worker or GPU, the candidate inspected on the canvas, and editor modes.
#pragma once

#include <optional>
#include <string>

#include "app/canvas_view.h"

namespace placement::ui {

enum class Step { cluster, filters, fit, scoring, scale_down, whatif };
inline constexpr Step kSteps[] = {Step::cluster, Step::filters, Step::fit, Step::scoring, Step::scale_down, Step::whatif};

// The names of step(name) and of the ids `step/<name>`.
const char* step_name(Step step);
const char* step_title(Step step);
std::optional<Step> parse_step(const std::string& name);

struct Selection {
  std::string worker;       // empty: nothing selected
  std::optional<int> gpu;   // a GPU index of that worker
  bool empty() const { return worker.empty(); }
};

struct UiState {
  Step step = Step::cluster;
  Selection selection;
  // Candidate whose claim the canvas draws; nullopt = the winner.
  std::optional<int> inspected_candidate;
  // Clicking a GPU toggles it in the model's gpu_selector.gpu_ids.
  bool manual_gpu_mode = false;
  // Cards or rows, zoom, grouping and search of the cluster canvas.
  CanvasView canvas;
  // The replica count the Scale down dialog proposes (set when it opens).
  long long scale_down_target = 0;
  // In-app paste dialog (used when the page offers none: native builds).
  bool paste_open = false;
  std::string paste_text;
  // ?embed=1 (set by the page after the link is loaded): read-only for iframes in docs; App::edit,
  // undo and redo refuse, the toolbar shows only what reads (embed_toolbar.cpp).
  bool embed = false;
  // The start panel for first-time visitors (start_panel.cpp); the page asks for it.
  bool start_panel = false;
};

}  // namespace placement::ui
