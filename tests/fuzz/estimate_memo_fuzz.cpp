// libFuzzer target for the GGUF estimate memo's bytes (core/fit/gguf/estimate_memo.h), which the
// page's main thread reads from its scheduling worker: on any bytes decode() either refuses them
// with std::invalid_argument or gives a memo whose encoding decodes to the same encoding again.
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "fit/gguf/estimate_memo.h"
#include "fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  std::string encoded;
  try {
    encoded = placement::GgufEstimateMemo::decode(bytes).encode();
  } catch (const std::invalid_argument&) {
    return 0;
  }
  const placement::GgufEstimateMemo again = placement::GgufEstimateMemo::decode(encoded);
  fuzz_check(again.encode() == encoded);
  return 0;
}
