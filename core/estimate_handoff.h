// One decision split between two instances of the core: the page's scheduling worker decides a
// scenario whose GGUF fit may search long and hands the main thread the estimator's answers it
// computed (fit/gguf/estimate_memo.h), a few megabytes of bytes instead of a trace text of tens of
// megabytes; the main thread decides the same scenario again with them (ScheduleRounds::decide
// with the memo) and gets the typed result, without the estimator's work and without parsing.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "fit/gguf/estimate_memo.h"

namespace placement {

struct WorkerAnswer {
  // The memo's bytes (GgufEstimateMemo::encode); set unless the answers passed the memo's
  // budget. A refused scenario hands over what was computed before the refusal (often nothing):
  // the main thread meets the same refusal.
  std::optional<std::string> estimates;
  // Without estimates: the result texts, as schedule_json / scale_down_json return them.
  std::string schedule_text;
  std::string scale_down_text;
};

WorkerAnswer decide_for_main_thread(const std::string& scenario_text,
                                    std::size_t memo_budget_bytes = GgufEstimateMemo::kDefaultBudgetBytes);

}  // namespace placement
