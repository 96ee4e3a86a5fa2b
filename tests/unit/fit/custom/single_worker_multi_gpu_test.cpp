// Custom multi GPU (scheduler-rules.md §3.6 item 3), Q16.
#include <catch2/catch.hpp>

#include "fit/custom/custom_test_support.h"

using namespace placement;
using namespace placement::custom_test;

TEST_CASE("custom: multi GPU path takes every GPU of the worker and splits evenly (Q16)") {
  SECTION("the acceptance case: 4 x 16 GiB, 27 GiB request") {
    Json w = worker(5, "host-4-4080", 134366732288,
                    Json::array({gpu("cuda", 0, 17171480576), gpu("cuda", 1, 17171480576), gpu("cuda", 2, 17171480576),
                                 gpu("cuda", 3, 17171480576)}));
    Run r = run_custom(Json::array({w}), model(28991029248));
    CHECK(r.fit.strategy == "single_worker_multi_gpu");
    REQUIRE(r.fit.candidates.size() == 1);
    const Candidate& c = r.fit.candidates[0];
    CHECK(c.gpu_indexes == std::optional<std::vector<int>>({0, 1, 2, 3}));
    CHECK(c.claim.vram == VramMap{{0, 7247757312}, {1, 7247757312}, {2, 7247757312}, {3, 7247757312}});
    CHECK(c.claim.ram == std::optional<Bytes>(2899102924));
    CHECK_FALSE(r.has_quirk("Q16"));
  }
  SECTION("a full GPU still takes its share: Q16") {
    Json inst = Json::array({Json{{"id", 1}, {"model_id", 9}, {"state", "running"}, {"worker_id", 1}, {"gpu_type", "cuda"},
                                   {"gpu_indexes", {1}}, {"computed_resource_claim", {{"ram", 0}, {"vram", {{"1", 16 * G}}}}}}});
    Json w = worker(1, "w", 64 * G, Json::array({gpu("cuda", 0, 16 * G), gpu("cuda", 1, 16 * G), gpu("cuda", 2, 16 * G)}));
    Run r = run_custom(Json::array({w}), model(30 * G), inst);
    REQUIRE(r.fit.candidates.size() == 1);
    CHECK(r.fit.candidates[0].gpu_indexes == std::optional<std::vector<int>>({0, 1, 2}));
    CHECK(r.fit.candidates[0].claim.vram == VramMap{{0, 10 * G}, {1, 10 * G}, {2, 10 * G}});
    CHECK(r.has_quirk("Q16"));
  }
  SECTION("a one-GPU worker is not a multi-GPU candidate") {
    Run r = run_custom(Json::array({worker(1, "w", 64 * G, Json::array({gpu("cuda", 0, 16 * G)}))}), model(20 * G));
    CHECK(r.fit.candidates.empty());
    CHECK((*r.strategy("single_worker_multi_gpu"))["rejections"][0]["code"] == "gpu_count");
  }
  SECTION("the sum must hold the request") {
    Run r = run_custom(Json::array({worker(1, "w", 64 * G, Json::array({gpu("cuda", 0, 8 * G), gpu("cuda", 1, 8 * G)}))}), model(20 * G));
    CHECK(r.fit.candidates.empty());
    const Json& sf = (*r.strategy("single_worker_multi_gpu"))["rejections"][0]["shortfalls"][0];
    CHECK(sf["dim"] == "vram_total");
    CHECK(sf["short"] == 4 * G);
  }
}
