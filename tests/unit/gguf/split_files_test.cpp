// Split models (format-and-estimate.md §1.8): shard names are rebuilt from any one shard, and the
// shards' split.* metadata must agree with them.
#include <catch2/catch.hpp>

#include "gguf/split_files.h"
#include "gguf_test_support.h"

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

TEST_CASE("gguf split: the fixture's shards agree with their names", "[gguf][split]") {
  std::vector<GgufFile> shards;
  for (const std::string& p : split_shard_paths(gguf_test::data_path("models/qwen2.5-7b-instruct-q8_0-00003-of-00003.gguf")))
    shards.push_back(gguf_test::parse_all(gguf_test::read_bytes(p)));
  REQUIRE(shards.size() == 3);
  CHECK_NOTHROW(check_split_shards(shards));
  CHECK(shards[0].tensor_count + shards[1].tensor_count + shards[2].tensor_count == 339);

  SECTION("out of order") {
    std::swap(shards[1], shards[2]);
    CHECK_THROWS_WITH(check_split_shards(shards), Catch::Contains("split.no should be 1 (0-based) for shard 2"));
  }
  SECTION("a shard missing") {
    shards.pop_back();
    CHECK_THROWS_WITH(check_split_shards(shards), Catch::Contains("split.count is 3 but the file names give 2 shards"));
  }
  SECTION("a lone renamed shard") {
    shards.resize(1);
    CHECK_THROWS_WITH(check_split_shards(shards), Catch::Contains("the file name does not follow"));
  }
}
