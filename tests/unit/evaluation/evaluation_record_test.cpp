// The evaluation record (§6.1 evaluation) as JSON.
#include <catch2/catch.hpp>

#include "evaluation/evaluation_record.h"

namespace placement::evaluation {

TEST_CASE("evaluation record: skipped, applied, with and without changes", "[evaluation]") {
  struct Row {
    const char* what;
    void (*fill)(EvaluationRecord&);
    const char* json;
  };
  const std::vector<Row> rows{
      {"not reached", [](EvaluationRecord&) {}, "{}"},
      {"skipped", [](EvaluationRecord& e) { e.skipped("given"); }, R"({"status":"skipped","why":"given"})"},
      {"applied, nothing changed", [](EvaluationRecord& e) { e.applied(); }, R"({"status":"applied","changes":[]})"},
      {"E1 set and E2", [](EvaluationRecord& e) {
         e.applied();
         e.change({kE1, kFieldGpusPerReplica, 4, "world"});
         e.change({kE2, kFieldDistributable, true, "estimate"});
       },
       R"({"status":"applied","changes":[{"id":"E1","field":"gpu_selector.gpus_per_replica","value":4,"why":"world"},)"
       R"({"id":"E2","field":"distributable","value":true,"why":"estimate"}]})"},
      {"E1 left empty", [](EvaluationRecord& e) {
         e.applied();
         e.change({kE1, kFieldGpusPerReplica, nullptr, "invalid"});
       },
       R"({"status":"applied","changes":[{"id":"E1","field":"gpu_selector.gpus_per_replica","value":null,"why":"invalid"}]})"},
  };
  for (const Row& r : rows) {
    CAPTURE(r.what);
    EvaluationRecord e;
    r.fill(e);
    CHECK(e.to_json().dump() == r.json);
  }
}

}  // namespace placement::evaluation
