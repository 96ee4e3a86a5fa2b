// Small views of trace records shared by the stepper and "why not here?" (scheduler-rules.md §6):
// a candidate's one-line name, a rejection with its shortfall per dimension, a filter verdict.
#pragma once

#include "imgui.h"

#include <map>
#include <string>

#include "app/filter_drops.h"
#include "scenario/types.h"

namespace placement::ui {

class App;

// "gpu-a GPUs [0,1] + gpu-b" (a result candidate or a rejection subject).
std::string candidate_label(const Json& candidate);
// A rejection {subject, code, shortfalls[], data}: its code line and a shortfall table.
void draw_rejection(const Json& rejection, int id);
// Every rejection of a list, building only those in view (a strategy can reject thousands).
void draw_rejections(const Json& rejections);
// Whether a rejection/not-examined subject names `worker` (and, when gpu >= 0, that GPU).
bool subject_matches(const Json& subject, const std::string& worker, int gpu);
// The GPU half of subject_matches() for a subject already known to name the worker: `gpu` < 0,
// or no GPU list (absent, null or empty: the whole worker), or a list holding it. `gpus` is a
// pointer to a list of ints (a typed candidate's) or a Json array.
template <class GpuList>
bool subject_uses_gpu(const GpuList* gpus, int gpu) {
  if (gpu < 0 || !gpus || gpus->empty()) return true;
  for (const auto& g : *gpus)
    if (g == gpu) return true;
  return false;
}
// A filter record's note when one field of the model made it drop every worker (an unknown
// backend, a pin nothing has): why, and the values that would keep workers. "" when none.
std::string all_dropped_text(const Json& filter_record);
// Draws that note wrapped in the warning colour, tagged note/all-dropped; nothing when "".
void draw_all_dropped(const Json& filter_record);
// The backend framework filter's record in the trace's filters (null when it did not run).
const Json& backend_filter_record(const Json& filters);
// A section of the latest result's trace (Results::trace_section), or `fallback` when the trace
// has none or it is not of the fallback's type (object, array).
const Json& trace_part(const App& app, const char* name, const Json& fallback);
// ImGui::BulletText that wraps at the pane's edge instead of running past it.
void bullet_wrapped(const char* fmt, ...) IM_FMTARGS(1);
// A titled separator (ImGui 1.86 has no SeparatorText).
void section(const char* title);
// When the scenario was refused as bad input, draws "The scenario has an error<consequence>: …"
// and returns true: the trace views have nothing to show then.
bool draw_input_error(const std::string& error, const char* consequence = "");

}  // namespace placement::ui
