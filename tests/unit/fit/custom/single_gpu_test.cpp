// Custom single GPU (scheduler-rules.md §3.6 item 2).
#include <catch2/catch.hpp>

#include "fit/custom/custom_test_support.h"

using namespace placement;
using namespace placement::custom_test;

TEST_CASE("custom: single GPU path") {
  SECTION("every GPU holding the whole request is a candidate, claim {i: VRAM}, typed") {
    Json w = worker(1, "w", 64 * G, Json::array({gpu("cuda", 0, 24 * G), gpu("cuda", 1, 8 * G), gpu("cuda", 2, 24 * G)}));
    Run r = run_custom(Json::array({w}), model(20 * G));
    CHECK(r.fit.strategy == "single_gpu");
    CHECK(indexes_of(r.fit) == std::vector<std::vector<int>>{{0}, {2}});
    const Candidate& c = r.fit.candidates[0];
    CHECK(c.gpu_type == std::optional<std::string>("cuda"));
    CHECK(c.claim.vram == VramMap{{0, 20 * G}});
    CHECK(c.claim.ram == std::optional<Bytes>(2 * G));
    CHECK(c.claim.is_unified_memory == std::optional<bool>(false));
    const Json* s = r.strategy("single_gpu");
    REQUIRE(s);
    CHECK((*s)["status"] == "tried");
    CHECK((*s)["rejections"].size() == 1);  // GPU 1
    CHECK((*s)["rejections"][0]["shortfalls"][0]["dim"] == "vram");
    CHECK((*r.strategy("single_worker_multi_gpu"))["status"] == "not_reached");
    CHECK((*r.strategy("cpu_only"))["status"] == "skipped");
    CHECK(r.message_keys().empty());  // success: no explanation
  }
  SECTION("a GPU at exactly the request fits (>=)") {
    Run r = run_custom(Json::array({worker(1, "w", 64 * G, Json::array({gpu("cuda", 0, 20 * G)}))}), model(20 * G));
    CHECK(r.fit.candidates.size() == 1);
  }
  SECTION("the worker's RAM must hold the RAM request") {
    Run r = run_custom(Json::array({worker(1, "w", 1 * G, Json::array({gpu("cuda", 0, 80 * G)}))}), model(20 * G));
    CHECK(r.fit.candidates.empty());
    const Json& rej = (*r.strategy("single_gpu"))["rejections"][0];
    CHECK(rej["shortfalls"][0]["dim"] == "ram");
    CHECK(rej["shortfalls"][0]["short"] == 1 * G);
  }
  SECTION("allocatable per type: existing claims reduce it") {
    Json inst = Json::array({Json{{"id", 1}, {"model_id", 9}, {"state", "running"}, {"worker_id", 1}, {"gpu_type", "cuda"},
                                   {"gpu_indexes", {0}}, {"computed_resource_claim", {{"ram", 0}, {"vram", {{"0", 10 * G}}}}}}});
    Run r = run_custom(Json::array({worker(1, "w", 64 * G, Json::array({gpu("cuda", 0, 24 * G), gpu("cuda", 1, 24 * G)}))}),
                       model(20 * G), inst);
    CHECK(indexes_of(r.fit) == std::vector<std::vector<int>>{{1}});
    const Json& sf = (*r.strategy("single_gpu"))["rejections"][0]["shortfalls"][0];
    CHECK(sf["have"] == 14 * G);
    CHECK(sf["freeable"] == true);
  }
}
