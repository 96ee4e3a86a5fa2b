// A GGUF ByteSource over a file on disk, for the native CLI (the browser reads Blob slices).
#pragma once

#include <fstream>
#include <string>

#include "gguf/reader.h"

namespace placement::cli {

class FileByteSource : public gguf::ByteSource {
 public:
  // Throws std::runtime_error when the file cannot be opened.
  explicit FileByteSource(const std::string& path);
  std::uint64_t size() const override { return size_; }
  void read(std::uint64_t offset, std::uint8_t* dst, std::size_t n) override;

 private:
  std::string path_;
  std::ifstream in_;
  std::uint64_t size_ = 0;
};

}  // namespace placement::cli
