// The estimator memo (fit/gguf/estimate_memo.h): a decision recorded into a memo, its bytes
// decoded and decided again gives the same result text (trace and estimator_calls included),
// the second decision takes its answers from the memo (a changed answer changes the result),
// and bytes the decoder cannot read are refused with their offset.
#include <catch2/catch.hpp>

#include <stdexcept>
#include <string>

#include "cluster_scenarios.h"
#include "fit/gguf/estimate_memo.h"
#include "fit/gguf/estimate_provider.h"
#include "gguf_profile_of.h"
#include "scenario/scenario_loader.h"
#include "schedule_rounds.h"

using namespace placement;

namespace {

Scenario bench_gguf(bench::ModelKind kind, int workers) {
  const Json profile = test::profile_of(PE_TEST_DATA_DIR "/data/gguf/models/" + bench::gguf_model_file(kind));
  return load_scenario(bench::make_scenario(kind, workers, profile));
}

std::string result_text_of(const ScheduleResult& r) { return result_text(schedule_result_to_json(r)); }

std::string decided_with(const Scenario& s, GgufEstimateMemo* memo) { return result_text_of(ScheduleRounds(s).decide(memo)); }

}  // namespace

TEST_CASE("estimate memo: recorded, sent as bytes and decided again, the result is the same", "[gguf][fit][memo]") {
  const auto [kind, workers] = GENERATE(std::pair{bench::ModelKind::gguf_multi_gpu, 16}, std::pair{bench::ModelKind::gguf_full_offload, 16},
                                        std::pair{bench::ModelKind::gguf_distributed_partial, 16});
  CAPTURE(int(kind), workers);
  const Scenario s = bench_gguf(kind, workers);
  const std::string plain = decided_with(s, nullptr);

  GgufEstimateMemo recorded;
  CHECK(decided_with(s, &recorded) == plain);
  CHECK(recorded.complete());
  CHECK(recorded.size() > 0);

  GgufEstimateMemo received = GgufEstimateMemo::decode(recorded.encode());
  CHECK(received.size() == recorded.size());
  CHECK(received.complete());
  CHECK(received.encode() == recorded.encode());
  CHECK(decided_with(s, &received) == plain);
  CHECK(received.size() == recorded.size());  // nothing was left to compute
}

TEST_CASE("estimate memo: the second decision takes the memo's answers instead of computing them", "[gguf][fit][memo]") {
  const Scenario s = bench_gguf(bench::ModelKind::gguf_multi_gpu, 16);
  GgufEstimateMemo recorded;
  const std::string plain = decided_with(s, &recorded);
  REQUIRE(recorded.size() > 0);

  // Every answer's VRAM made a thousand times larger: decided with these, nothing fits any GPU.
  GgufEstimateMemo inflated;
  for (const auto& [key, answer] : recorded.entries()) {
    std::optional<gguf::Estimate> changed = answer;
    if (changed)
      for (gguf::EstimateItem& item : changed->items)
        for (gguf::DeviceEstimate& d : item.vrams) d.nonuma *= 1000;
    inflated.record(key, std::move(changed));
  }
  const std::string with_inflated = decided_with(s, &inflated);
  CHECK(with_inflated != plain);
  CHECK(with_inflated.find("\"selected\": null") != std::string::npos);
  CHECK(plain.find("\"selected\": null") == std::string::npos);
}

TEST_CASE("estimate memo: past its budget a memo is incomplete and the decision unchanged", "[gguf][fit][memo]") {
  const Scenario s = bench_gguf(bench::ModelKind::gguf_multi_gpu, 16);
  const std::string plain = decided_with(s, nullptr);
  GgufEstimateMemo full;
  decided_with(s, &full);
  GgufEstimateMemo small(full.bytes() / 3);
  CHECK(decided_with(s, &small) == plain);
  CHECK_FALSE(small.complete());
  CHECK(small.size() < full.size());
  CHECK(small.size() > 0);
  // What it lacks is computed (and not recorded: the budget is spent), the result the same.
  GgufEstimateMemo partial = GgufEstimateMemo::decode(small.encode());
  CHECK_FALSE(partial.complete());
  CHECK(decided_with(s, &partial) == plain);
}

TEST_CASE("estimate memo: bytes it cannot read are refused with their offset", "[gguf][fit][memo]") {
  const Scenario s = bench_gguf(bench::ModelKind::gguf_full_offload, 4);
  GgufEstimateMemo recorded;
  decided_with(s, &recorded);
  const std::string good = recorded.encode();
  REQUIRE(good.size() > 20);

  auto refusal = [](const std::string& bytes) {
    try {
      GgufEstimateMemo::decode(bytes);
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  CHECK(refusal("") == "GGUF estimate memo: byte 0: ends early");
  CHECK(refusal("JSON{}") == "GGUF estimate memo: byte 1: not a GGUF estimate memo (it starts with \"PEGM\")");
  CHECK(refusal(std::string("PEGM\x02", 5)) == "GGUF estimate memo: byte 5: format version 2 (this core reads 1)");
  CHECK(refusal(good.substr(0, good.size() - 1)).find("ends early") != std::string::npos);
  CHECK(refusal(good + "x") == "GGUF estimate memo: byte " + std::to_string(good.size()) + ": bytes after the last entry");
  // An entry count far beyond the bytes: refused before anything is reserved.
  CHECK(refusal(std::string("PEGM\x01\x01\xff\xff\xff\xff\x0f", 11)).find("exceeds the bytes left") != std::string::npos);
  // Every truncation is refused, none crashes or is taken for a memo.
  for (std::size_t n = 0; n < good.size(); n += 7) CHECK(refusal(good.substr(0, n)) != "accepted");
  // The same entry twice.
  GgufEstimateMemo twice_source;
  twice_source.record("k", std::optional<gguf::Estimate>());
  std::string one = twice_source.encode();  // PEGM 1 complete count=1 "k" no-answer
  std::string twice = one.substr(0, 6) + "\x02" + one.substr(7) + one.substr(7);
  CHECK(refusal(twice) == "GGUF estimate memo: byte " + std::to_string(one.size()) + ": entry 1 repeats a query");
}
