#include "estimate_handoff.h"

#include "fit/gguf/estimate_memo.h"
#include "result_writer.h"
#include "scenario/errors.h"
#include "scenario/scenario_loader.h"
#include "schedule_rounds.h"

namespace placement {

WorkerAnswer decide_for_main_thread(const std::string& scenario_text, std::size_t memo_budget_bytes) {
  WorkerAnswer answer;
  GgufEstimateMemo memo(memo_budget_bytes);
  std::optional<Scenario> scenario;
  std::optional<ScheduleResult> result;
  std::string refusal;
  try {
    scenario = load_scenario_text(scenario_text);
    result = ScheduleRounds(*scenario).decide(&memo);
  } catch (const InputError& e) {
    refusal = input_error_json(e);
  }
  if (memo.complete()) {
    answer.estimates = memo.encode();
    return answer;
  }
  // Too many answers to hand over (the scenario loaded: the memo has some): the result texts,
  // the schedule written from this run.
  answer.schedule_text = result ? schedule_result_text(*result) : refusal;
  try {
    answer.scale_down_text = scale_down_result_text(scale_down(*scenario));
  } catch (const InputError& e) {
    answer.scale_down_text = input_error_json(e);
  }
  return answer;
}

}  // namespace placement
