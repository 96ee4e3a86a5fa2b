// A split GGUF model chosen in the app (App::begin_gguf_shards / read_gguf_shard /
// load_gguf_shards, and load_gguf_prefix for one file): all shards are read together, one shard
// or an incomplete set is refused with the scenario kept, and loading names the model and its
// file. The fixture is llama.cpp's gguf-split output of Qwen2.5 7B Q8_0 (header-only files).
#include <catch2/catch.hpp>

#include <fstream>
#include <iterator>

#include "app/app.h"
#include "app/schedule_service.h"

using placement::Json;
using namespace placement::ui;

namespace {

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

std::string shard_name(int n) { return "qwen2.5-7b-instruct-q8_0-0000" + std::to_string(n) + "-of-00003.gguf"; }
std::string shard(int n) { return read_file(PE_SOURCE_DIR "/tests/data/gguf/models/" + shard_name(n)); }

std::unique_ptr<App> app_with_example() {
  auto app = std::make_unique<App>(make_sync_schedule_service());
  REQUIRE(app->load_example("binpack-vs-spread"));
  return app;
}

// Reads the files (shard numbers) as the page does and applies them; returns the final answer.
Json load_shards(App& app, const std::vector<int>& shards) {
  app.begin_gguf_shards();
  for (int n : shards) {
    const std::string bytes = shard(n);
    Json read = Json::parse(app.read_gguf_shard(bytes, double(bytes.size()), shard_name(n)));
    REQUIRE(read["status"] == "ok");
  }
  return Json::parse(app.load_gguf_shards());
}

}  // namespace

TEST_CASE("split GGUF: one shard alone or an incomplete set is refused and the scenario kept") {
  struct Row {
    std::vector<int> shards;
    std::string message;
  };
  const Row rows[] = {
      {{1}, shard_name(1) + ": shard 1 of 3: load all 3 files together"},
      {{2}, shard_name(2) + ": shard 2 of 3: load all 3 files together"},
      {{3, 1}, "shard 2 of 3 is missing (" + shard_name(2) + "): load all 3 files together"},
      {{1, 2, 2, 3}, "two files are shard 2 of 3: " + shard_name(2) + " and " + shard_name(2)},
  };
  for (const Row& r : rows) {
    INFO(r.message);
    auto app = app_with_example();
    const std::string before = app->scenario_text();
    Json answer = r.shards.size() == 1
                      ? Json::parse(app->load_gguf_prefix(shard(r.shards[0]), double(shard(r.shards[0]).size()), shard_name(r.shards[0])))
                      : load_shards(*app, r.shards);
    CHECK(answer["status"] == "error");
    CHECK_THAT(answer["message"].get<std::string>(), Catch::StartsWith(r.message));
    CHECK_THAT(app->banner().last_error(), Catch::StartsWith(r.message));
    CHECK(app->scenario_text() == before);
    CHECK_FALSE(app->can_undo());
  }
}

TEST_CASE("split GGUF: all shards, in any order, become one profile, model name and file") {
  auto app = app_with_example();
  const std::string before = app->scenario_text();
  Json answer = load_shards(*app, {3, 1, 2});
  REQUIRE(answer["status"] == "ok");
  const Json& s = app->scenario();
  const Json& p = s["estimates"]["gguf_profile"];
  CHECK(p["shards"] == 3);
  CHECK(p["tensor_count"] == 339);
  CHECK(p["parameters"] == 7615616512LL);
  CHECK(p["block_count"] == 28);
  CHECK(s["model"]["name"] == "qwen2.5-7b-instruct");
  CHECK(s["model"]["huggingface_filename"] == shard_name(1));
  app->undo();
  CHECK(app->scenario_text() == before);
}

TEST_CASE("GGUF: a second file renames the model and replaces the file name") {
  auto app = app_with_example();
  const std::string llama = read_file(PE_SOURCE_DIR "/tests/data/gguf/models/meta-llama-3-8b-instruct-q5_k_m.gguf");
  REQUIRE(Json::parse(app->load_gguf_prefix(llama, double(llama.size()), "meta-llama-3-8b-instruct-q5_k_m.gguf"))["status"] == "ok");
  const std::string first_name = app->scenario()["model"]["name"].get<std::string>();
  CHECK(app->scenario()["model"]["huggingface_filename"] == "meta-llama-3-8b-instruct-q5_k_m.gguf");
  REQUIRE(load_shards(*app, {1, 2, 3})["status"] == "ok");
  CHECK(app->scenario()["model"]["huggingface_filename"] == shard_name(1));
  CHECK(app->scenario()["model"]["name"] == "qwen2.5-7b-instruct");
  CHECK(first_name != "qwen2.5-7b-instruct");
}
