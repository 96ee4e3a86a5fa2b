// The step-by-step explanation as Markdown (`placement schedule|scale-down FILE --markdown`, the
// explorer's "Copy explanation"): a heading per step, tables for the filter verdicts, the
// candidates and their scores, the scale-down ranking. Same trace, same words as the plain-text
// renderer (explain_format.h). Pure: returns text, prints nothing.
#pragma once

#include <string>

#include "scheduler.h"

namespace placement {

std::string render_schedule_markdown(const Scenario& scenario, const ScheduleResult& result);
std::string render_scale_down_markdown(const Scenario& scenario, const ScaleDownResult& result);

}  // namespace placement
