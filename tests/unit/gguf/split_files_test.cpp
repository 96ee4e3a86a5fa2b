// Split models (format-and-estimate.md §1.8): shard names are rebuilt from any one shard (the
// split.* checks are in split_model_test.cpp).
#include <catch2/catch.hpp>

#include "gguf/split_files.h"

using namespace placement::gguf;

TEST_CASE("gguf split: shard names", "[gguf][split]") {
  struct Row {
    const char* path;
    bool split;
    const char* prefix;
    std::uint32_t index, count;
  };
  const Row rows[] = {
      {"dir/qwen2.5-7b-instruct-q8_0-00002-of-00003.gguf", true, "dir/qwen2.5-7b-instruct-q8_0", 2, 3},
      {"m-00001-of-00001.gguf", true, "m", 1, 1},
      {"m-00004-of-00003.gguf", false, "", 0, 0},    // index beyond the count
      {"m-00000-of-00003.gguf", false, "", 0, 0},    // shards count from 1
      {"m-0001-of-00003.gguf", false, "", 0, 0},     // four digits
      {"m-00001-of-00003.bin", false, "", 0, 0},
      {"m-00001_of-00003.gguf", false, "", 0, 0},
      {"-00001-of-00003.gguf", false, "", 0, 0},     // no prefix
      {"model.gguf", false, "", 0, 0},
  };
  for (const Row& r : rows) {
    INFO(r.path);
    std::optional<SplitName> n = parse_split_name(r.path);
    REQUIRE(n.has_value() == r.split);
    if (!n) {
      CHECK(split_shard_paths(r.path) == std::vector<std::string>{r.path});
      continue;
    }
    CHECK(n->prefix == r.prefix);
    CHECK(n->index == r.index);
    CHECK(n->count == r.count);
  }
  CHECK(split_shard_paths("a/b-00003-of-00003.gguf") ==
        std::vector<std::string>{"a/b-00001-of-00003.gguf", "a/b-00002-of-00003.gguf", "a/b-00003-of-00003.gguf"});
}
