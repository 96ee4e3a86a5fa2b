// Golden ("approval") files for the readable explanation of whole scenarios: one per backend plus
// scale-down. Run with PE_UPDATE_GOLDEN=1 to rewrite them after an intended change, then review
// the diff.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "explain/markdown_renderer.h"
#include "explain/text_renderer.h"
#include "scenario/scenario_loader.h"
#include "test_files.h"

using namespace placement;
using namespace placement::testing;
namespace fs = std::filesystem;

namespace {

std::string explain(const fs::path& scenario_file, bool markdown = false) {
  Scenario s = load_scenario(read_case_scenario(scenario_file));
  if (s.scale_down) return markdown ? render_scale_down_markdown(s, scale_down(s)) : render_scale_down_text(s, scale_down(s));
  return markdown ? render_schedule_markdown(s, schedule(s)) : render_schedule_text(s, schedule(s));
}

// Cells of a Markdown table row ("| a | b \\| c |" has 2): unescaped pipes minus one.
int table_cells(const std::string& line) {
  int pipes = 0;
  for (std::size_t i = 0; i < line.size(); ++i) pipes += line[i] == '|' && (i == 0 || line[i - 1] != '\\') ? 1 : 0;
  return pipes - 1;
}

// Every table: a header, a separator row of the same width, rows of the same width. Returns the
// number of tables.
int check_tables(const std::string& markdown) {
  std::istringstream in(markdown);
  std::string line;
  int tables = 0, width = -1, row = 0;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] != '|') {
      width = -1;
      continue;
    }
    if (width < 0) {
      ++tables;
      width = table_cells(line);
      row = 0;
    }
    CHECK(table_cells(line) == width);
    if (++row == 2) CHECK(line.rfind("|---|", 0) == 0);
  }
  return tables;
}

void check_golden(const std::string& got, const fs::path& golden) {
  if (std::getenv("PE_UPDATE_GOLDEN") != nullptr) std::ofstream(golden, std::ios::binary) << got;
  REQUIRE(fs::exists(golden));
  CHECK(got == read_file(golden));
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
  for (const auto& [name, rel] : rows) {
    SECTION(name) { check_golden(explain(fs::path(PE_SOURCE_DIR) / rel), fs::path(PE_TEST_DATA_DIR) / "golden" / (name + ".txt")); }
  }
}

// The Markdown explanation (`--markdown`, the explorer's "Copy explanation"): a schedule with
// filter drops, candidates and scores, and a scale-down ranking.
TEST_CASE("golden Markdown explanations") {
  const std::vector<std::pair<std::string, std::string>> rows = {
      {"vllm-spread", "examples/scenarios/binpack-vs-spread.json"},
      {"cluster-filter", "examples/scenarios/cluster-filter.json"},
      {"scale-down-order", "examples/scenarios/scale-down-order.json"},
  };
  for (const auto& [name, rel] : rows) {
    SECTION(name) {
      const std::string got = explain(fs::path(PE_SOURCE_DIR) / rel, true);
      check_golden(got, fs::path(PE_TEST_DATA_DIR) / "golden" / (name + ".md"));
      // One heading per step, and every table well formed: a header, a separator, rows of the same width.
      CHECK(got.rfind("# ", 0) == 0);
      CHECK(got.back() == '\n');
      CHECK(got.find("\n\n\n") == std::string::npos);
      CHECK(check_tables(got) >= 1);
    }
  }
}
