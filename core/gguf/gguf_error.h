// The error every malformed GGUF header raises (format-and-estimate.md §1.10): it names the byte
// offset where the bad field starts and the record/field it belongs to, so a user can find the
// defect with a hex dump. The CLI turns it into exit status 2.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

namespace placement::gguf {

class GgufError : public std::runtime_error {
 public:
  GgufError(std::uint64_t offset, std::string field, std::string detail)
      : std::runtime_error("byte " + std::to_string(offset) + " (" + field + "): " + detail),
        offset_(offset),
        field_(std::move(field)),
        detail_(std::move(detail)) {}
  std::uint64_t offset() const { return offset_; }
  // Which record and field, e.g. "KV 3/6 'llama.block_count' value type".
  const std::string& field() const { return field_; }
  const std::string& detail() const { return detail_; }

 private:
  std::uint64_t offset_;
  std::string field_;
  std::string detail_;
};

}  // namespace placement::gguf
