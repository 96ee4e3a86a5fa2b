// The default install's data (core/filters/catalogue/, docs/backend-catalogue.md): compiled in byte
// for byte, parsed into the tables the backend framework filter reads, queried as GPUStack does.
#include <catch2/catch.hpp>

#include <filesystem>

#include "filters/catalogue/default_install.h"
#include "filters/catalogue/embedded_data.h"
#include "test_files.h"

using namespace placement;
using namespace placement::filters::catalogue;

namespace {

std::string source_file(const std::string& name) {
  const std::filesystem::path path = std::filesystem::path(PE_SOURCE_DIR) / "core/filters/catalogue" / name;
  REQUIRE(std::filesystem::exists(path));
  return testing::read_file(path);
}

}  // namespace

TEST_CASE("backend catalogue: the compiled-in data is the data files, byte for byte") {
  CHECK(runner_table_json() == source_file("runner-table.json"));
  CHECK(community_backends_json() == source_file("community-backends.json"));
  CHECK(ascend_soc_json() == source_file("ascend-soc.json"));
}

TEST_CASE("backend catalogue: the default install's rows and runners") {
  const auto& rows = default_install_rows();
  std::vector<std::string> names;
  for (const auto& r : rows) names.push_back(r.backend_name);
  CHECK(names == std::vector<std::string>{"vLLM", "SGLang", "MindIE", "VoxBox", "Kokoro-FastAPI", "llama.cpp", "MinerU", "mis-tei",
                                          "PaddleX-GenAI-Server", "TensorRT-LLM", "Text-Embeddings-Inference", "TokenSpeed"});
  for (std::size_t i = 0; i < 4; ++i) CHECK(rows[i].version_configs.empty());
  for (const auto& r : rows) CHECK_FALSE(r.owner_principal_id.has_value());
  CHECK(rows[5].version_configs[1].first == "cpu");
  CHECK(rows[5].version_configs[1].second.built_in_frameworks == std::vector<std::string>{"cpu"});
  CHECK(runner_rows().size() == 150);
}

TEST_CASE("backend catalogue: runner queries") {
  struct Row {
    const char* service;
    const char* backend;
    std::optional<std::string> variant;
    std::optional<std::string> pinned;
    std::optional<std::string> version;  // of the first match; nullopt = none
  };
  const Row rows[] = {
      {"voxbox", "cuda", std::nullopt, std::nullopt, "0.0.21"},          // 0.0.20 is deprecated
      {"voxbox", "cuda", std::nullopt, std::string("0.0.20"), "0.0.20"},  // a pin finds deprecated ones
      {"voxbox", "rocm", std::nullopt, std::nullopt, std::nullopt},
      {"mindie", "cann", std::string("a3"), std::string("2.1.rc1"), std::nullopt},
      {"mindie", "cann", std::string("910b"), std::string("2.1.rc1"), "2.1.rc1"},
      {"mindie", "cann", std::nullopt, std::string("2.3.0"), "2.3.0"},  // any variant
      {"vllm", "cann", std::string("950"), std::nullopt, std::nullopt},
      {"vllm", "cpu", std::nullopt, std::nullopt, std::nullopt},
      {"vLLM", "cuda", std::nullopt, std::nullopt, std::nullopt},  // services are lower-case
  };
  for (const Row& row : rows) {
    INFO(row.service << " " << row.backend << " " << row.variant.value_or("-") << " " << row.pinned.value_or("-"));
    const RunnerRow* r = find_runner(row.service, row.backend, row.variant, row.pinned);
    CHECK(bool(r) == row.version.has_value());
    if (r && row.version) CHECK(r->version == *row.version);
  }
  for (const RunnerRow& r : runner_rows())
    if (const RunnerRow* found = find_runner(r.service, r.backend, r.variant, std::nullopt)) CHECK_FALSE(found->deprecated);
  CHECK(runner_service_exists("sglang"));
  CHECK_FALSE(runner_service_exists("custom"));
  CHECK(runner_service_of("MindIE") == "mindie");
}

TEST_CASE("backend catalogue: Ascend chip names to CANN variants") {
  const std::pair<const char*, std::optional<std::string>> rows[] = {
      {"Ascend910A", "910"},        {"Ascend910B", "910"},         {"Ascend310P3", "310p"},      {"Ascend910B1", "910b"},
      {"Ascend910B4-1", "910b"},    {"Ascend310B4", "310b"},       {"Ascend910_9392", "a3"},     {"Ascend910", "a3"},
      {"Ascend910_9579", "950"},    {"Ascend950", "950"},          {"Ascend910_95", "950"},      {"910b", std::nullopt},
      {"ascend910b3", std::nullopt}, {"", std::nullopt},
  };
  for (const auto& [name, variant] : rows) {
    INFO(name);
    CHECK(ascend_cann_variant(name) == variant);
  }
  CHECK(ascend_chip_names_like("910b4", 8) == std::vector<std::string>{"Ascend910B4", "Ascend910B4-1"});
  CHECK(ascend_chip_names_like("910", 3).size() == 3);
  CHECK(ascend_chip_names_like("", 8).empty());
}
