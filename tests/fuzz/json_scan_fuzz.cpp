// libFuzzer target for the fast JSON reader of scenarios (core/scenario/json_scan.h): on any bytes
// it must decline what nlohmann refuses and, for what nlohmann accepts, feed exactly nlohmann's SAX
// events. Two kinds of text it leaves to nlohmann: a leading byte-order mark (nlohmann skips it)
// and a NUL byte (nlohmann ends its input there, so "5\0junk" reads as 5).
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
  const bool byte_order_mark = size >= 3 && text.compare(0, 3, "\xEF\xBB\xBF") == 0;
  const bool nul = text.find('\0') != std::string::npos;
  if (expected && !byte_order_mark && !nul) fuzz_check(scanned.has_value());
  return 0;
}
