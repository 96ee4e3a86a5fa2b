// The worker / main-thread hand-off (estimate_handoff.h): what the main thread decides with the
// worker's estimates is byte for byte schedule_json of the scenario; a refused scenario and a
// memo past its budget are answered as schedule_json / scale_down_json answer them.
#include <catch2/catch.hpp>

#include "cluster_scenarios.h"
#include "estimate_handoff.h"
#include "gguf_profile_of.h"
#include "result_writer.h"
#include "scenario/errors.h"
#include "scenario/scenario_loader.h"
#include "schedule_rounds.h"

using namespace placement;

namespace {

std::string bench_gguf_text(bench::ModelKind kind, int workers) {
  const Json profile = test::profile_of(PE_TEST_DATA_DIR "/data/gguf/models/" + bench::gguf_model_file(kind));
  return bench::make_scenario(kind, workers, profile).dump(2);
}

// What the main thread does with the worker's bytes.
std::string decided_on_main_thread(const std::string& text, const std::string& estimates) {
  GgufEstimateMemo memo = GgufEstimateMemo::decode(estimates);
  try {
    return result_text(schedule_result_to_json(ScheduleRounds(load_scenario(Json::parse(text))).decide(&memo)));
  } catch (const InputError& e) {
    return input_error_json(e);
  }
}

}  // namespace

TEST_CASE("hand-off: the main thread's decision with the worker's estimates is schedule_json's", "[handoff][gguf]") {
  for (bench::ModelKind kind : {bench::ModelKind::gguf_multi_gpu, bench::ModelKind::gguf_distributed_partial}) {
    const std::string text = bench_gguf_text(kind, 32);
    const WorkerAnswer a = decide_for_main_thread(text);
    REQUIRE(a.estimates);
    CHECK(a.schedule_text.empty());
    CHECK(GgufEstimateMemo::decode(*a.estimates).size() > 0);
    CHECK(decided_on_main_thread(text, *a.estimates) == schedule_json(text));
  }
}

TEST_CASE("hand-off: a refused scenario hands over no estimates and is refused again", "[handoff]") {
  for (const std::string text : {std::string("{not json"), std::string(R"({"format": "placement-scenario/1", "workers": 3})")}) {
    const WorkerAnswer a = decide_for_main_thread(text);
    REQUIRE(a.estimates);
    CHECK(GgufEstimateMemo::decode(*a.estimates).size() == 0);
  }
}

TEST_CASE("hand-off: estimates past the memo's budget come back as the result texts", "[handoff][gguf]") {
  const std::string text = bench_gguf_text(bench::ModelKind::gguf_multi_gpu, 16);
  const WorkerAnswer a = decide_for_main_thread(text, 20000);
  CHECK_FALSE(a.estimates);
  CHECK(a.schedule_text == schedule_json(text));
  CHECK(a.scale_down_text == scale_down_json(text));
}
