// MindIE single worker through the whole pipeline (scheduler-rules.md §3.5 item 7).
#include <catch2/catch.hpp>

#include "fit/mindie/mindie_test_support.h"

using namespace placement;
using namespace placement::mindie_test;

TEST_CASE("mindie single worker: every fitting worker is a candidate, claims and addresses") {
  Build b;
  b.workers = {worker(1, "a", {gpu(0, "10.0.0.1")}), worker(2, "b", {gpu(0, "", "down")})};
  ScheduleResult r = b.run();
  CHECK(r.strategy == "single_worker");
  REQUIRE(r.candidates.size() == 2);
  const Candidate& a = r.candidates[0];
  CHECK(a.gpu_type == std::optional<std::string>("cann"));
  CHECK(indexes(a) == std::vector<int>{0});
  CHECK(a.claim.ram == 512 * kMiB);
  REQUIRE(a.claim.vram.size() == 1);
  CHECK(a.claim.vram[0].second == kClaim08);
  CHECK_FALSE(a.claim.vram_utilization.has_value());
  CHECK(a.gpu_addresses == std::optional<std::vector<std::string>>({"10.0.0.1"}));
  CHECK(r.candidates[1].gpu_addresses == std::optional<std::vector<std::string>>({"-.-.-.-"}));  // NIC down still fine alone
  CHECK((*strategy(r, "multi_worker"))["status"] == "not_reached");
  CHECK(message_keys(r).empty());  // GPUStack says nothing when it found candidates
}

TEST_CASE("mindie single worker: walk rules") {
  SECTION("devices by allocatable desc; a device whose claim exceeds its allocatable is skipped") {
    Build b;
    b.weights = 100 * kGiB;  // needs 3 devices of 51.2 GiB... and tp(3) fails for 32 heads → 4
    b.workers = {worker(1, "a", {gpu(0, "i0"), gpu(1, "i1"), gpu(2, "i2"), gpu(3, "i3"), gpu(4, "i4"), gpu(5, "i5")})};
    b.instances = {usage(10, 1, 0, 5 * kGiB), usage(11, 1, 1, 30 * kGiB)};
    ScheduleResult r = b.run();
    REQUIRE(r.candidates.size() == 1);
    CHECK(indexes(r.candidates[0]) == std::vector<int>{2, 3, 4, 5});
  }
  SECTION("automatic: stops at the first tp-divisible count that covers the VRAM") {
    Build b;
    b.weights = 100 * kGiB;
    b.workers = {worker(1, "a", {gpu(0, "i0"), gpu(1, "i1"), gpu(2, "i2"), gpu(3, "i3"), gpu(4, "i4"), gpu(5, "i5")})};
    ScheduleResult r = b.run();
    REQUIRE(r.candidates.size() == 1);
    CHECK(indexes(r.candidates[0]) == std::vector<int>{0, 1, 2, 3});  // 3 covers, 32 % 3 ≠ 0
  }
  SECTION("explicit world: exactly that many devices; a worker with fewer is skipped") {
    Build b;
    b.params = {"--tensor-parallel-size=2"};
    b.workers = {worker(1, "one", {gpu(0, "i0")}), worker(2, "four", {gpu(0, "i0"), gpu(1, "i1"), gpu(2, "i2"), gpu(3, "i3")})};
    ScheduleResult r = b.run();
    REQUIRE(r.candidates.size() == 1);
    CHECK(r.candidates[0].worker_name == "four");
    CHECK(indexes(r.candidates[0]) == std::vector<int>{0, 1});
    const Json& rej = (*strategy(r, "single_worker"))["rejections"][0];
    CHECK(rej["code"] == "gpu_count");
    CHECK(rej["data"]["need"] == 2);
    CHECK(rej["data"]["have"] == 1);
  }
  SECTION("explicit world not reachable with fitting devices") {
    Build b;
    b.params = {"-tp", "2"};
    b.distributed = false;
    b.workers = {worker(1, "a", {gpu(0, "i0"), gpu(1, "i1")})};
    b.instances = {usage(10, 1, 1, 30 * kGiB)};
    ScheduleResult r = b.run();
    CHECK(r.candidates.empty());
    const Json& rej = (*strategy(r, "single_worker"))["rejections"][0];
    CHECK(rej["code"] == "gpu_count");
    CHECK(rej["shortfalls"][0]["gpu_index"] == 1);
    // Not distributed: GPUStack explains with the largest worker, and multi-worker is skipped.
    CHECK((*strategy(r, "multi_worker"))["skip"]["code"] == "distributed_disabled");
    CHECK(message_keys(r) == std::vector<std::string>{"requirement", "fraction", "single_worker_largest"});
    const Json largest = message(r, "single_worker_largest");
    CHECK(largest["vram"] == kClaim08);
    CHECK(largest["satisfied_gpus"] == 1);
    CHECK(largest["total_gpus"] == 2);
  }
  SECTION("VRAM not covered by all fitting devices") {
    Build b;
    b.weights = 200 * kGiB;
    b.distributed = false;
    b.workers = {worker(1, "a", {gpu(0, "i0"), gpu(1, "i1")})};
    ScheduleResult r = b.run();
    CHECK(r.candidates.empty());
    const Json& rej = (*strategy(r, "single_worker"))["rejections"][0];
    CHECK(rej["code"] == "insufficient");
    CHECK(rej["shortfalls"].back()["dim"] == "vram_total");
  }
  SECTION("a non-cann device reached in the walk is GPUStack's KeyError") {
    Build b;
    b.weights = 60 * kGiB;
    b.workers = {worker(1, "mixed", {gpu(0, "i0"), gpu(1, "i1", "up", "cuda")})};
    ScheduleResult r = b.run();
    CHECK(r.candidates.empty());
    CHECK(r.trace.root()["error"]["kind"] == "reference_error");
    CHECK(r.trace.root()["error"]["stage"] == "fit");
  }
}
