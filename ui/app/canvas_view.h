// How the cluster canvas shows the workers (what the user looks at, never part of the scenario):
// cards or compact rows, zoom, grouping with collapsed groups, and a name search. The pure parts
// (which rows, in which groups, which layout) live here so the headless tests can check them
// without drawing; cluster_canvas.cpp draws what these functions return.
#pragma once

#include <cstddef>
#include <set>
#include <string>
#include <vector>

#include "scenario/types.h"

namespace placement::ui {

// Above this many workers the canvas shows compact rows unless the user chose cards.
inline constexpr std::size_t kCompactAbove = 64;
inline constexpr float kMinZoom = 0.2f;
inline constexpr float kMaxZoom = 2.5f;

enum class CanvasLayout { automatic, cards, compact };
enum class GroupBy { none, label, gpu_model, state };

struct CanvasView {
  CanvasLayout layout = CanvasLayout::automatic;
  GroupBy group_by = GroupBy::none;
  std::string group_label;           // the label key when group_by == label
  std::set<std::string> collapsed;   // titles of collapsed groups
  std::string search;                // worker name filter (case-insensitive substring)
  float zoom = 1.0f;
  // Zoom requested by the platform since the last frame (Ctrl+wheel / pinch), in wheel pixels
  // (DOM deltaY: positive = zoom out); the canvas applies it around the pointer.
  float pending_zoom_pixels = 0;
  bool fit_requested = false;
  // Frames left in which Fit corrects its estimate by what was drawn: text metrics of the UI font
  // and the cards' reflow make the first zoom an estimate.
  int fit_checks = 0;
  // The share of the left column's height "Why (not) here?" takes (its splitter drags it).
  float why_fraction = 0.34f;
};

// The height of the "Why (not) here?" pane for `fraction` of `available` px: at least
// kMinWhyPane, leaving the canvas at least kMinCanvasPane; a window too small for both splits
// what there is.
inline constexpr float kMinWhyPane = 80.0f;
inline constexpr float kMinCanvasPane = 120.0f;
float why_pane_height(float fraction, float available);
// The fraction after the splitter was dragged by `dy` px (down: a smaller pane), kept in the
// range why_pane_height() honours, so the next window resize keeps it sane.
float dragged_why_fraction(float fraction, float dy, float available);

// Cards or rows for a cluster of `workers` workers.
bool compact_layout(const CanvasView& view, std::size_t workers);

// Where `needle` first occurs in `name`, ignoring ASCII case; npos when absent; 0 for "".
std::size_t find_ignoring_case(const std::string& name, const std::string& needle);

struct WorkerGroup {
  std::string title;               // "" when not grouped
  std::vector<std::size_t> workers;  // indexes into scenario.workers that match the search
  std::size_t total = 0;           // workers in the group before the search
};

// The group key of one worker (as the loader read it): a label's value ("(no <key>)" when unset),
// its GPU model ("CPU only", or the models joined by " + " when mixed) or its state.
std::string group_key(const Worker& worker, GroupBy by, const std::string& label);
// Workers in groups sorted by title (scenario order inside a group); groups with no match of the
// search are left out. Not grouped: one group with an empty title.
std::vector<WorkerGroup> group_workers(const std::vector<Worker>& workers, const CanvasView& view);
// Every label key used by the workers, sorted (the choices of "group by label").
std::vector<std::string> label_keys(const std::vector<Worker>& workers);

// One line of the canvas: a group header or a worker.
struct CanvasRow {
  bool header = false;
  std::size_t group = 0;   // index into the groups
  std::size_t worker = 0;  // index into scenario.workers (when !header)
};
// The lines of the compact view: a header per group when grouped, the workers of open groups.
std::vector<CanvasRow> canvas_rows(const std::vector<WorkerGroup>& groups, const CanvasView& view);

// The zoom at which `count` cards of width `card_w` and height `card_h` (at zoom 1, `gap`
// between) fit into width x height, clamped to [kMinZoom, 1].
float fit_cards_zoom(std::size_t count, float card_w, float card_h, float gap, float width, float height);
// The zoom at which `rows` rows of `row_h` (at zoom 1) fit into `height`, clamped to [kMinZoom, 1].
float fit_rows_zoom(std::size_t rows, float row_h, float height);
// The zoom after a Ctrl+wheel / pinch of `pixels` (DOM deltaY) from `zoom`, clamped.
float zoomed(float zoom, float pixels);

}  // namespace placement::ui
