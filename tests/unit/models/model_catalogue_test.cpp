// The built-in model-facts catalogue (core/models/catalogue/, docs/model-facts.md): compiled in
// byte for byte, complete per entry, looked up case-insensitively, the published seed facts kept.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "models/catalogue/embedded_models.h"
#include "models/model_catalogue.h"

using namespace placement;

namespace {

std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  REQUIRE(in.good());
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace

TEST_CASE("model catalogue: the compiled-in data is the data file, byte for byte") {
  CHECK(models::catalogue::hf_models_json() ==
        read_text(std::filesystem::path(PE_SOURCE_DIR) / "core/models/catalogue/hf-models.json"));
}

TEST_CASE("model catalogue: at least 60 entries, each complete") {
  const auto& all = model_catalogue();
  CHECK(all.size() >= 60);
  std::set<std::string> ids;
  for (const auto& m : all) {
    INFO(m.repo);
    CHECK(m.repo.find('/') != std::string::npos);
    CHECK(ids.insert(m.repo).second);
    CHECK_FALSE(m.family.empty());
    CHECK_FALSE(m.categories.empty());
    CHECK(m.weights_bytes > 0);
    CHECK((m.weights_source == "published" || m.weights_source == "derived"));
    CHECK(m.source == "https://huggingface.co/" + m.repo);
    REQUIRE(m.config.is_object());
    REQUIRE(m.config.contains("architectures"));
    CHECK(m.config["architectures"].is_array());
    CHECK(m.config.contains("torch_dtype"));
    // Decoder-only and encoder models carry the fields the vLLM / SGLang / MindIE fits read.
    if (m.family != "speech") {
      const Json& text = m.config.contains("text_config") ? m.config["text_config"] : m.config;
      for (const char* key : {"num_attention_heads", "num_hidden_layers", "hidden_size", "vocab_size", "max_position_embeddings"})
        CHECK(text.contains(key));
    }
    if (m.weights_source == "derived") CHECK(m.parameters.has_value());
  }
}

TEST_CASE("model catalogue: the published seed facts are kept exactly") {
  const Json seed = Json::parse(read_text(std::filesystem::path(PE_TEST_DATA_DIR) / "data/models/hf-models-seed.json"));
  for (const Json& s : seed["models"]) {
    const std::string repo = s["huggingface_repo_id"].get<std::string>();
    INFO(repo);
    const CatalogueModel* m = find_catalogue_model(repo);
    REQUIRE(m != nullptr);
    CHECK(m->weights_source == "published");
    CHECK(m->weights_bytes == s["weights_bytes"].get<Bytes>());
    CHECK(m->categories == s["categories"].get<std::vector<std::string>>());
    for (const auto& [key, value] : s["config"].items()) CHECK(m->config[key] == value);
  }
}

TEST_CASE("model catalogue: lookup ignores case and knows ModelScope ids") {
  struct Row {
    const char* id;
    const char* repo;  // nullptr = not found
  };
  const Row rows[] = {
      {"meta-llama/Llama-3.1-70B-Instruct", "meta-llama/Llama-3.1-70B-Instruct"},
      {"META-LLAMA/llama-3.1-70b-instruct", "meta-llama/Llama-3.1-70B-Instruct"},
      {"LLM-Research/Meta-Llama-3.1-8B-Instruct", "meta-llama/Llama-3.1-8B-Instruct"},
      {"qwen/qwen3-30b-a3b", "Qwen/Qwen3-30B-A3B"},
      {"BAAI/bge-reranker-v2-m3", "BAAI/bge-reranker-v2-m3"},
      {"openai/whisper-large-v3", "openai/whisper-large-v3"},
      {"meta-llama/Llama-3.1-70B", nullptr},
      {"Qwen/Qwen2.5-7B-Instruct/extra", nullptr},
      {"", nullptr},
  };
  for (const Row& r : rows) {
    INFO(r.id);
    const CatalogueModel* m = find_catalogue_model(r.id);
    if (!r.repo) {
      CHECK(m == nullptr);
    } else {
      REQUIRE(m != nullptr);
      CHECK(m->repo == r.repo);
    }
  }
}

TEST_CASE("model catalogue: the families users deploy are all there") {
  std::set<std::string> families;
  for (const auto& m : model_catalogue()) families.insert(m.family);
  for (const char* f : {"llama", "qwen2.5", "qwen3", "qwen3-moe", "deepseek-v3", "mistral", "mixtral", "gemma", "phi", "glm", "bert",
                        "vision", "speech"})
    CHECK(families.count(f) == 1);
  std::set<std::string> categories;
  for (const auto& m : model_catalogue())
    for (const auto& c : m.categories) categories.insert(c);
  CHECK(categories == std::set<std::string>{"embedding", "llm", "reranker", "speech_to_text", "text_to_speech"});
}
