// Golden ("approval") files for the readable explanation of whole scenarios: one per backend plus
// scale-down. Run with PE_UPDATE_GOLDEN=1 to rewrite them after an intended change, then review
// the diff.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "explain/text_renderer.h"
#include "scenario/scenario_loader.h"

using namespace placement;
namespace fs = std::filesystem;

namespace {

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string explain(const fs::path& scenario_file) {
  Json doc = Json::parse(read_file(scenario_file));
  for (const char* k : {"expected", "source", "backend", "notes", "upstream_messages"}) doc.erase(k);
  Scenario s = load_scenario(doc);
  if (s.scale_down) return render_scale_down_text(s, scale_down(s));
  return render_schedule_text(s, schedule(s));
}

}  // namespace

TEST_CASE("golden explanations") {
  // golden name → scenario (relative to the source tree)
  const std::vector<std::pair<std::string, std::string>> rows = {
      {"vllm-distributed", "examples/scenarios/distributed-vllm.json"},
      {"vllm-spread", "examples/scenarios/binpack-vs-spread.json"},
      {"vllm-manual", "examples/scenarios/manual-gpu-selection.json"},
      {"gguf-partial-offload", "examples/scenarios/gguf-partial-offload.json"},
      {"custom-cpu-fallback", "examples/scenarios/cpu-fallback.json"},
      {"scale-down-order", "examples/scenarios/scale-down-order.json"},
      {"sglang-multi-worker", "tests/cases/gpustack/sglang__test_auto_schedule_to_2_worker_2_gpu.json"},
      {"mindie-multi-worker", "tests/cases/gpustack/mindie__test_select_candidates_3x_64gx8__p0.json"},
      {"gguf-rpc", "tests/cases/gpustack/gguf__test_schedule_to_multi_worker_multi_gpu.json"},
  };
  const bool update = std::getenv("PE_UPDATE_GOLDEN") != nullptr;
  for (const auto& [name, rel] : rows) {
    SECTION(name) {
      const fs::path scenario = fs::path(PE_SOURCE_DIR) / rel;
      const fs::path golden = fs::path(PE_TEST_DATA_DIR) / "golden" / (name + ".txt");
      const std::string got = explain(scenario);
      if (update) {
        std::ofstream(golden, std::ios::binary) << got;
      }
      REQUIRE(fs::exists(golden));
      CHECK(got == read_file(golden));
    }
  }
}
