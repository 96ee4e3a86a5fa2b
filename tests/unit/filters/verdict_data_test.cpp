// The typed `data` of filter verdicts (scheduler-rules.md §6.2): one row per kind, members in the
// contract's order, ints as ints and null where a value is absent.
#include <catch2/catch.hpp>

#include <memory>
#include <string>
#include <vector>

#include "filters/verdict_data.h"
#include "trace/trace_test_support.h"

using namespace placement;
using namespace placement::filters;

namespace {

std::shared_ptr<const TraceRecord> unsupported(std::optional<std::string> pin, const char* why) {
  auto reasons = std::make_shared<UnsupportedConditions>();
  reasons->reasons.push_back(UnsupportedCondition{Condition{"cuda", "12.4", std::nullopt}, std::move(pin), why});
  reasons->reasons.push_back(UnsupportedCondition{Condition{"cpu", std::nullopt, std::nullopt}, std::nullopt, "no_versions_cpu"});
  return std::make_shared<const UnsupportedData>(std::move(reasons));
}

}  // namespace

TEST_CASE("filter verdict data: one row per kind", "[filters][trace]") {
  struct Row {
    const char* name;
    std::shared_ptr<const TraceRecord> data;
    std::string text;  // compact JSON
  };
  const std::vector<Row> rows = {
      {"status: not ready", std::make_shared<const WorkerStateData>("not_ready"), R"({"state":"not_ready"})"},
      {"cluster: ids as ints", std::make_shared<const ClusterData>(3, 4), R"({"worker":3,"model":4})"},
      {"cluster: null ids", std::make_shared<const ClusterData>(std::nullopt, std::nullopt), R"({"worker":null,"model":null})"},
      {"label missing", std::make_shared<const LabelData>("zone"), R"({"key":"zone"})"},
      {"label mismatch", std::make_shared<const LabelData>("zone", "a", "b"), R"({"key":"zone","want":"a","have":"b"})"},
      {"local path", std::make_shared<const LocalPathData>("/models/x"), R"({"path":"/models/x"})"},
      {"selected GPUs", std::make_shared<const SelectedGpusData>(std::vector<std::string>{"w:cuda:0", "w:cuda:1"}),
       R"({"gpu_ids":["w:cuda:0","w:cuda:1"]})"},
      {"selected GPUs, none", std::make_shared<const SelectedGpusData>(std::vector<std::string>{}), R"({"gpu_ids":[]})"},
      {"backend supported", std::make_shared<const SupportedData>(Support{kSourceRunnerTable, "0.11.0"}, Condition{"cann", "8.1", "910b"}),
       R"({"source":"runner_table","version":"0.11.0","condition":{"type":"cann","runtime":"8.1","variant":"910b"}})"},
      {"backend unsupported, pinned", unsupported("0.9.9", "version_unsupported"),
       R"({"conditions":[{"type":"cuda","runtime":"12.4","variant":null,"version":"0.9.9","why":"version_unsupported"},)"
       R"({"type":"cpu","runtime":null,"variant":null,"version":null,"why":"no_versions_cpu"}]})"},
  };
  for (const Row& row : rows) {
    SECTION(row.name) {
      const Json j = row.data->to_json();
      CHECK(j.dump() == row.text);
      CHECK(testing::text_of(*row.data) == j.dump(2));
    }
  }
}
