// Capacity reuses what running instances cannot change between rounds (schedule_rounds.h). The
// reference here is the definition: schedule() of a fresh copy of the scenario with the replicas
// deployed so far. Every round must match it in full (result JSON, trace included), and the
// capacity answer must equal that loop's, on every example and acceptance case and on generated
// clusters, so a cache that goes stale fails here.
#include <catch2/catch.hpp>

#include "cluster_scenarios.h"
#include "scenario/errors.h"
#include "scenario/scenario_loader.h"
#include "schedule_rounds.h"
#include "whatif/capacity.h"
#include "whatif/deploy.h"
#include "whatif/failure.h"
#include "whatif_fixtures.h"

using namespace placement;
using namespace placement::whatif;

namespace {

// Capacity as a loop of whole decisions (what ScheduleRounds must reproduce).
CapacityResult reference_capacity(Scenario s, int limit) {
  s.scale_down.reset();
  CapacityResult out;
  while (static_cast<int>(out.replicas.size()) < limit) {
    ScheduleResult r = schedule(s);
    if (!r.selected) {
      out.next_failure = failure_json(r);
      return out;
    }
    out.replicas.push_back(r.candidates[*r.selected]);
    out.strategies.push_back(r.strategy);
    deploy(s, out.replicas.back());
  }
  out.stopped_by_limit = true;
  return out;
}

// Rounds against fresh schedule() calls, result JSON compared in full, for up to `rounds` rounds.
void check_rounds(const Scenario& given, int rounds) {
  Scenario plain = given;
  ScheduleRounds fast(given);
  for (int i = 0; i < rounds; ++i) {
    INFO("round " << i);
    std::optional<ScheduleResult> decided;
    try {
      decided = schedule(plain);
    } catch (const InputError&) {  // a later round can need an estimate the scenario does not record
      REQUIRE_THROWS_AS(fast.decide(), InputError);
      return;
    }
    const ScheduleResult& expected = *decided;
    const ScheduleResult actual = fast.decide();
    REQUIRE(schedule_result_to_json(actual) == schedule_result_to_json(expected));
    if (!expected.selected) return;
    const Candidate& winner = expected.candidates[*expected.selected];
    fast.deploy(deployed_instance(fast.scenario(), winner));
    deploy(plain, winner);
  }
}

void check_capacity(const Scenario& s, int limit) {
  CapacityResult expected;
  try {
    expected = reference_capacity(s, limit);
  } catch (const InputError&) {
    REQUIRE_THROWS_AS(capacity(s, limit), InputError);
    return;
  }
  const CapacityResult actual = capacity(s, limit);
  REQUIRE(capacity_to_json(actual) == capacity_to_json(expected));
  for (std::size_t i = 0; i < expected.replicas.size(); ++i)
    CHECK(candidate_to_json(actual.replicas[i]) == candidate_to_json(expected.replicas[i]));
}

// Runs `check` on a loaded document; a document the scheduler refuses must be refused by both.
template <class Check>
void on_document(const Json& doc, Check check) {
  std::optional<Scenario> s;
  try {
    s = load_scenario(doc);
    (void)schedule(*s);
  } catch (const InputError&) {
    CHECK_THROWS_AS(capacity(load_scenario(doc), 3), InputError);
    return;
  }
  check(*s);
}

}  // namespace

TEST_CASE("every round equals schedule() of the scenario deployed so far", "[whatif][capacity][rounds]") {
  const auto docs = test::scenario_documents({"examples/scenarios", "tests/cases/gpustack", "tests/cases/production",
                                              "tests/cases/differential", "tests/cases/fidelity"});
  REQUIRE(docs.size() > 100);
  for (const auto& [name, doc] : docs) {
    INFO(name);
    on_document(doc, [](const Scenario& s) { check_rounds(s, 6); });
  }
}

TEST_CASE("capacity equals replica-after-replica scheduling", "[whatif][capacity][rounds]") {
  struct Row {
    const char* name;
    bench::ModelKind kind;
    int workers;
    int limit;
  };
  const std::vector<Row> rows = {
      {"vLLM single GPU", bench::ModelKind::vllm_single_gpu, 36, 40},
      {"vLLM multi GPU", bench::ModelKind::vllm_multi_gpu, 36, 40},
      {"vLLM multi worker", bench::ModelKind::vllm_multi_worker, 36, 40},
      {"SGLang single GPU", bench::ModelKind::sglang_single_gpu, 36, 40},
      {"SGLang multi GPU", bench::ModelKind::sglang_multi_gpu, 36, 40},
  };
  for (const Row& r : rows) {
    SECTION(r.name) {
      const Scenario s = load_scenario(bench::make_scenario(r.kind, r.workers, Json()));
      check_capacity(s, r.limit);
      check_rounds(s, 12);
    }
  }
  SECTION("examples and cases") {
    for (const auto& [name, doc] : test::scenario_documents({"examples/scenarios", "tests/cases/gpustack", "tests/cases/production",
                                                             "tests/cases/differential", "tests/cases/fidelity"})) {
      INFO(name);
      on_document(doc, [](const Scenario& s) { check_capacity(s, 24); });
    }
  }
}
