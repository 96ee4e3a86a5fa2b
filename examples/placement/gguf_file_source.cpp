#include "gguf_file_source.h"

#include <stdexcept>

namespace placement::cli {

FileByteSource::FileByteSource(const std::string& path) : path_(path), in_(path, std::ios::binary) {
  if (!in_) throw std::runtime_error("cannot open '" + path + "'");
  in_.seekg(0, std::ios::end);
  std::streamoff end = in_.tellg();
  if (end < 0) throw std::runtime_error("cannot size '" + path + "'");
  size_ = static_cast<std::uint64_t>(end);
}

void FileByteSource::read(std::uint64_t offset, std::uint8_t* dst, std::size_t n) {
  if (n == 0) return;
  in_.clear();
  in_.seekg(static_cast<std::streamoff>(offset));
  in_.read(reinterpret_cast<char*>(dst), static_cast<std::streamsize>(n));
  if (static_cast<std::size_t>(in_.gcount()) != n) throw std::runtime_error("cannot read '" + path_ + "'");
}

}  // namespace placement::cli
