// The built-in estimator's answers are cached by query (estimate_provider.cpp): the first 64 for
// the provider's life, later ones first-in-first-out within a byte budget (32 MiB). A search
// asking a few thousand distinct queries computes each once; past the budget the oldest cached
// answer is computed again when asked again — the same answer, counted as another run.
#include <catch2/catch.hpp>

#include "fit/gguf/estimate_provider.h"
#include "gguf_profile_of.h"
#include "scenario/scenario_loader.h"

using namespace placement;
using placement::test::profile_of;

namespace {

// A partial-offload query over two GPUs whose split differs by i (distinct keys).
gguf::Query partial_query(int i) {
  gguf::Query q;
  q.offload = "partial";
  q.tensor_split = std::vector<double>{static_cast<double>(i + 1) * 1048576.0, 20000.0 * 1048576.0};
  return q;
}

long long first_gpu_figure(const gguf::Estimate* e) { return e ? e->items.back().vrams.at(0).nonuma : -1; }

}  // namespace

TEST_CASE("estimator answers: computed once per query within the cache budget, again after eviction", "[gguf][fit]") {
  Json s = Json::parse(R"({"format": "placement-scenario/1",
    "workers": [{"id": 1, "name": "w", "state": "ready", "status": {"memory": {"total": 1000}}}],
    "model": {"id": 1, "name": "m", "source": "huggingface", "huggingface_repo_id": "a/b", "huggingface_filename": "m.gguf"},
    "estimates": {}})");
  s["estimates"]["gguf_profile"] = profile_of(PE_TEST_DATA_DIR "/data/gguf/models/meta-llama-3-8b-instruct-q5_k_m.gguf");
  Scenario sc = load_scenario(s);
  Trace trace;
  auto provider = make_gguf_estimate_provider(sc, sc.model, trace);
  auto ask = [&](int i) {
    const gguf::Query q = partial_query(i);
    std::string source;
    const gguf::Estimate* e = provider->get(q, gguf_query_key(q), &source);
    CHECK(source == "estimator");
    return first_gpu_figure(e);
  };

  // 3,000 distinct queries (64 pinned, the rest cached: ~5 KB each, far within 32 MiB).
  std::vector<long long> first_answers;
  for (int i = 0; i < 3000; ++i) first_answers.push_back(ask(i));
  CHECK(provider->estimator_calls() == 3000);
  for (int i = 0; i < 3000; i += 7) CHECK(ask(i) == first_answers[static_cast<std::size_t>(i)]);
  CHECK(provider->estimator_calls() == 3000);  // all answered from the cache

  // Far past the budget: the oldest cached answers are evicted, the pinned ones and the newest stay.
  for (int i = 3000; i < 12000; ++i) ask(i);
  CHECK(provider->estimator_calls() == 12000);
  CHECK(ask(0) == first_answers[0]);  // pinned
  CHECK(ask(63) == first_answers[63]);
  CHECK(ask(11999) != -1);             // the newest
  CHECK(provider->estimator_calls() == 12000);
  CHECK(ask(64) == first_answers[64]);  // the oldest cached one: evicted, computed again, same answer
  CHECK(provider->estimator_calls() == 12001);
}
