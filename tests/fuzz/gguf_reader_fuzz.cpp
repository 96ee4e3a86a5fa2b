// libFuzzer target for the GGUF header reader (built by scripts/build-asan.sh and
// scripts/build-fuzz-campaign.sh). Each input is parsed as a whole file, as the prefix of a larger
// file, and through a shorter prefix; besides memory safety (ASan/UBSan) it checks the reader's
// promises:
//  * a complete parse lies within the bytes it was given and is self-consistent;
//  * a short prefix either asks for more bytes (more than it has, never beyond the file) or fails
//    with exactly the error the whole file gives, and completes with the same header.
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz_check.h"
#include "gguf/gguf_json.h"
#include "gguf/reader.h"

using namespace placement::gguf;

namespace {

struct Outcome {
  enum { complete, need_more, error } kind;
  std::uint64_t needed = 0;
  std::string error_text;
  GgufFile file;
};

Outcome run(const std::uint8_t* data, std::size_t size, std::uint64_t file_size, const ReadOptions& o) {
  Outcome out;
  try {
    PrefixResult r = read_gguf_prefix(data, size, file_size, o);
    out.kind = r.complete ? Outcome::complete : Outcome::need_more;
    out.needed = r.bytes_needed;
    out.file = std::move(r.file);
  } catch (const GgufError& e) {
    out.kind = Outcome::error;
    out.error_text = e.what();
  }
  return out;
}


void check_consistent(const GgufFile& f, std::uint64_t limit) {
  fuzz_check(f.metadata.size() == f.kv_count);
  fuzz_check(f.tensors.size() == f.tensor_count);
  fuzz_check(f.tensor_info_offset <= f.tensor_info_end && f.tensor_info_end <= limit);
  fuzz_check(f.alignment != 0 && (f.alignment & (f.alignment - 1)) == 0);
  fuzz_check(f.data_offset >= f.tensor_info_end && f.data_offset % f.alignment == 0);
  for (const TensorInfo& t : f.tensors) fuzz_check(t.dims.size() >= 1 && t.dims.size() <= 4 && t.offset % f.alignment == 0);
  // The JSON view must cope with any bytes in strings.
  (void)gguf_file_to_json(f).dump(-1, ' ', false, placement::Json::error_handler_t::replace);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  ReadOptions o;
  o.max_header_bytes = 1 << 20;  // keep the fuzzer's memory small; the logic is the same
  o.keep_whole_array_max = 64;

  Outcome whole = run(data, size, size, o);
  if (whole.kind == Outcome::complete) check_consistent(whole.file, size);
  fuzz_check(whole.kind != Outcome::need_more);

  // The same bytes as the beginning of a larger file: never an error the whole file does not
  // give, unless the larger size makes a count or length fit that did not fit before.
  Outcome larger = run(data, size, std::uint64_t{size} + 4096, o);
  if (larger.kind == Outcome::need_more) fuzz_check(larger.needed > size && larger.needed <= std::uint64_t{size} + 4096);
  if (larger.kind == Outcome::complete) {
    fuzz_check(larger.file.tensor_info_end <= std::uint64_t{size} + 4096);
    // Either the same header, or the whole file failed only because it ended too soon: a skipped
    // array (never read, so never asked for) may run past `size` into the larger file's bytes.
    if (whole.kind == Outcome::complete) fuzz_check(larger.file.tensor_info_end == whole.file.tensor_info_end);
    else fuzz_check(whole.error_text.find("truncated") != std::string::npos);
  }

  // A shorter prefix of this file.
  std::size_t half = size / 2;
  Outcome part = run(data, half, size, o);
  switch (part.kind) {
    case Outcome::need_more:
      fuzz_check(part.needed > half && part.needed <= size);
      break;
    case Outcome::error:
      fuzz_check(whole.kind == Outcome::error && part.error_text == whole.error_text);
      break;
    case Outcome::complete:
      fuzz_check(whole.kind == Outcome::complete && part.file.tensor_info_end == whole.file.tensor_info_end &&
            part.file.metadata.size() == whole.file.metadata.size());
      break;
  }
  if (whole.kind == Outcome::error && part.kind == Outcome::need_more) {
    // Feeding what is asked for ends in the same error.
    std::size_t have = half;
    for (int round = 0; round < 64; ++round) {
      Outcome next = run(data, have, size, o);
      if (next.kind == Outcome::error) {
        fuzz_check(next.error_text == whole.error_text);
        break;
      }
      fuzz_check(next.kind == Outcome::need_more && next.needed > have && next.needed <= size);
      have = static_cast<std::size_t>(next.needed);
    }
  }
  return 0;
}
