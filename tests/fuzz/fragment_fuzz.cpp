// libFuzzer target for shared links: base64url → inflate (capped) → JSON → scenario. The first
// byte picks what the rest is, so the fuzzer can mutate each layer directly:
//   0: the fragment text as typed into the address bar;
//   1: raw DEFLATE bytes, wrapped as a v1 link (reaches the inflater without base64 noise);
//   2: any text, which must survive encode → decode unchanged.
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz_check.h"
#include "scheduler.h"
#include "share/base64url.h"
#include "share/fragment_codec.h"

namespace {
constexpr std::size_t kFuzzInflateCap = std::size_t{1} << 20;  // keep memory small; same logic
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string rest(reinterpret_cast<const char*>(data) + 1, size - 1);
  using namespace placement::share;
  switch (data[0] % 3) {
    case 0:
    case 1: {
      const std::string link = data[0] % 3 == 0 ? rest : "v1." + base64url_encode(rest);
      std::string json;
      try {
        json = decode_fragment(link, kFuzzInflateCap);
      } catch (const FragmentError& e) {
        fuzz_check(e.what()[0] != '\0');
        return 0;
      }
      fuzz_check(json.size() <= kFuzzInflateCap);
      if (json.size() < 65536) (void)placement::schedule_json(json);
      break;
    }
    case 2:
      fuzz_check(decode_fragment(encode_fragment(rest), kMaxInflatedBytes) == rest);
      break;
  }
  return 0;
}
