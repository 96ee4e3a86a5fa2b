// libFuzzer target for the fast JSON reader of scenarios (core/scenario/json_scan.h): on any bytes
// it must decline what nlohmann refuses and, for what nlohmann accepts, feed exactly nlohmann's SAX
// events; only the texts reader_may_decline() names it may leave to nlohmann.
#include <cstddef>
#include <cstdint>
#include <string>

#include "../unit/scenario/json_events.h"
#include "fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const auto expected = placement::testing::nlohmann_events(text);
  const auto scanned = placement::testing::scanned_events(text);
  if (scanned) fuzz_check(expected && *scanned == *expected);
  if (expected && !placement::testing::reader_may_decline(text)) fuzz_check(scanned.has_value());
  return 0;
}
