// The typed §2 summaries of the base filters (scheduler-rules.md §2, §6.2): one row per filter,
// members in the contract's order, counts as ints and null where a value is absent.
#include <catch2/catch.hpp>

#include <memory>
#include <string>
#include <vector>

#include "filters/filter_summaries.h"
#include "trace/trace_test_support.h"

using namespace placement;
using namespace placement::filters;

namespace {

template <class Summary, class Fill>
std::shared_ptr<const TraceRecord> make(Fill fill) {
  auto s = std::make_shared<Summary>();
  fill(*s);
  return s;
}

}  // namespace

TEST_CASE("filter summaries: one row per filter", "[filters][trace]") {
  struct Row {
    const char* name;
    std::shared_ptr<const TraceRecord> summary;
    std::string text;  // compact JSON
  };
  const std::vector<Row> rows = {
      {"status", make<StatusSummary>([](StatusSummary& s) { s.matched = 2, s.of = 3; }), R"({"matched":2,"of":3})"},
      {"cluster with an id", make<ClusterSummary>([](ClusterSummary& s) { s.matched = 4, s.model_cluster_id = 9; }),
       R"({"matched":4,"model_cluster_id":9})"},
      {"cluster, model without one", make<ClusterSummary>([](ClusterSummary&) {}), R"({"matched":0,"model_cluster_id":null})"},
      {"labels with a note", make<LabelSummary>([](LabelSummary& s) {
         s.selector = {{"zone", "a"}, {"gpu", "h100"}};
         s.matched = 1, s.of = 2, s.note = "vllm_linux_only";
       }),
       R"({"selector":{"zone":"a","gpu":"h100"},"matched":1,"of":2,"note":"vllm_linux_only"})"},
      {"labels without a note", make<LabelSummary>([](LabelSummary& s) { s.matched = 0, s.of = 0; }),
       R"({"selector":{},"matched":0,"of":0,"note":null})"},
      {"local path", make<LocalPathSummary>([](LocalPathSummary& s) { s.path = "/m", s.workers = {"a", "b"}, s.more = 3; }),
       R"({"path":"/m","workers":["a","b"],"more":3})"},
      {"gpu selector", make<GpuSelectorSummary>([](GpuSelectorSummary& s) { s.matched = 1, s.named_workers = {"w2", "w1"}, s.absent = {"w1"}; }),
       R"({"matched":1,"named_workers":["w2","w1"],"absent":["w1"]})"},
      {"backend framework", make<BackendSummary>([](BackendSummary& s) { s.backend = "vLLM", s.rows = "default_install", s.removed = {"w3"}; }),
       R"({"backend":"vLLM","rows":"default_install","removed":["w3"]})"},
  };
  for (const Row& row : rows) {
    SECTION(row.name) {
      const Json j = row.summary->to_json();
      CHECK(j.dump() == row.text);
      CHECK(testing::text_of(*row.summary) == j.dump(2));
    }
  }
}
