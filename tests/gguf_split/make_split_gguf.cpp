// Writes the split test model to a directory (tests/gguf_split/cli_test.py): DIR/tiny.gguf whole,
// and the same model split by gguf-split's rules into DIR/tiny-0000N-of-00003.gguf (split_writer.h).
// usage: make_split_gguf DIR
#include <cstdio>
#include <fstream>

#include "split_writer.h"

namespace {

bool write(const std::string& path, const std::vector<std::uint8_t>& bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  return static_cast<bool>(out);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: make_split_gguf DIR\n");
    return 1;
  }
  const std::string dir = argv[1];
  const gguf_test::TinyModel model = gguf_test::tiny_llama(4);
  bool ok = write(dir + "/tiny.gguf", gguf_test::write_whole(model));
  const auto shards = gguf_test::write_split(model, 15);
  for (std::size_t k = 0; k < shards.size(); ++k) ok = write(gguf_test::shard_name(dir + "/tiny", k, shards.size()), shards[k]) && ok;
  if (!ok) std::fprintf(stderr, "make_split_gguf: cannot write to %s\n", dir.c_str());
  return ok ? 0 : 1;
}
