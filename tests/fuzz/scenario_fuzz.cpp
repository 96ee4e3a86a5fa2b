// libFuzzer target for everything a scenario document reaches: JSON parse → validated scenario →
// schedule → scale-down → result JSON. Bad input must come back as the {"error": ...} document,
// never as a crash, an escaping exception, a hang or a different answer on a second run; the
// text printed from the typed result must be the text of the result's JSON tree.
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz_check.h"
#include "scenario/errors.h"
#include "scenario/scenario_loader.h"
#include "scheduler.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const std::string scheduled = placement::schedule_json(text);
  fuzz_check(!scheduled.empty() && scheduled.front() == '{' && scheduled.back() == '\n');
  const std::string scaled = placement::scale_down_json(text);
  fuzz_check(!scaled.empty() && scaled.front() == '{' && scaled.back() == '\n');
  // Determinism: the same bytes give the same answer.
  if (size < 4096) fuzz_check(placement::schedule_json(text) == scheduled);
  // One writer, two outputs: the streamed text equals the tree the explorer reads, printed.
  try {
    const placement::Scenario scenario = placement::load_scenario_text(text);
    fuzz_check(placement::result_text(placement::schedule_result_to_json(placement::schedule(scenario))) == scheduled);
  } catch (const placement::InputError&) {
    // schedule_json answered with the error document, checked above.
  }
  return 0;
}
