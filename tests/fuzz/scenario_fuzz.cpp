// libFuzzer target for everything a scenario document reaches: JSON parse → validated scenario →
// schedule → scale-down → result JSON. Bad input must come back as the {"error": ...} document,
// never as a crash, an escaping exception, a hang or a different answer on a second run.
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz_check.h"
#include "scheduler.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const std::string scheduled = placement::schedule_json(text);
  fuzz_check(!scheduled.empty() && scheduled.front() == '{' && scheduled.back() == '\n');
  const std::string scaled = placement::scale_down_json(text);
  fuzz_check(!scaled.empty() && scaled.front() == '{' && scaled.back() == '\n');
  // Determinism: the same bytes give the same answer.
  if (size < 4096) fuzz_check(placement::schedule_json(text) == scheduled);
  return 0;
}
