// MindIE multi worker through the whole pipeline (scheduler-rules.md §3.5 item 8).
#include <catch2/catch.hpp>

#include "fit/mindie/mindie_test_support.h"

using namespace placement;
using namespace placement::mindie_test;

TEST_CASE("mindie multi worker: world, NIC, groups, subordinates") {
  SECTION("explicit tp=2 over two one-device workers: main + subordinate with NIC addresses") {
    Build b;
    b.params = {"--tensor-parallel-size=2", "--trust-remote-code"};
    b.workers = {worker(1, "a", {gpu(0, "10.0.0.1")}), worker(2, "b", {gpu(0, "10.0.0.2")})};
    ScheduleResult r = b.run();
    CHECK(r.strategy == "multi_worker");
    REQUIRE(r.candidates.size() == 1);
    const Candidate& c = r.candidates[0];
    CHECK(c.worker_name == "a");
    CHECK(c.gpu_addresses == std::optional<std::vector<std::string>>({"10.0.0.1"}));
    REQUIRE(c.subordinate_workers.size() == 1);
    const SubordinateWorker& s = c.subordinate_workers[0];
    CHECK(s.worker_name == "b");
    CHECK(s.gpu_addresses == std::optional<std::vector<std::string>>({"10.0.0.2"}));
    REQUIRE(s.claim);
    CHECK(s.claim->ram == 512 * kMiB);
    CHECK_FALSE(s.claim->vram_utilization.has_value());
    CHECK((*strategy(r, "single_worker"))["rejections"][0]["code"] == "gpu_count");
  }
  SECTION("a device needs an up NIC with an inet address") {
    Build b;
    b.params = {"-tp", "2"};
    b.workers = {worker(1, "a", {gpu(0, "10.0.0.1")}), worker(2, "b", {gpu(0, "10.0.0.2", "down")})};
    ScheduleResult r = b.run();
    CHECK(r.candidates.empty());
    const Json* multi = strategy(r, "multi_worker");
    REQUIRE(multi);
    const Json& rej = (*multi)["rejections"][0];
    CHECK(rej["subject"]["worker_name"] == "b");
    CHECK(rej["code"] == "nic_down");
    CHECK(message_keys(r) == std::vector<std::string>{"requirement", "fraction", "multi_worker_best", "multi_worker_advice"});
    const Json best = message(r, "multi_worker_best");
    CHECK(best["workers"] == Json::array({"a"}));
    CHECK(best["vram"] == kClaim08);
    CHECK(best["left_out"] == 1);
    CHECK(best["devices_per_worker"] == 1);
  }
  SECTION("automatic: groups by device count, smaller groups also hold the larger workers; every eligible worker joins") {
    Build b;
    b.weights = 120 * kGiB;
    b.config = R"({"num_attention_heads": 24, "num_key_value_heads": 8, "num_hidden_layers": 36, "hidden_size": 3072,
                   "max_position_embeddings": 8192})";
    b.workers = {worker(1, "two", {gpu(0, "t0"), gpu(1, "t1")}), worker(2, "b", {gpu(0, "b0")}), worker(3, "c", {gpu(0, "c0")})};
    ScheduleResult r = b.run();
    REQUIRE(r.candidates.size() == 1);
    const Candidate& c = r.candidates[0];
    CHECK(c.worker_name == "b");
    REQUIRE(c.subordinate_workers.size() == 2);
    CHECK(c.subordinate_workers[0].worker_name == "c");
    CHECK(c.subordinate_workers[1].worker_name == "two");
    CHECK(c.subordinate_workers[1].gpu_indexes.value_or(std::vector<int>{}) == std::vector<int>{0});  // local size 1
    const Json& attempts = (*strategy(r, "multi_worker"))["attempts"];
    CHECK(attempts[0]["outcome"] == "too_few_workers");  // the 2-device group holds one worker
    CHECK(attempts[1]["local_size"] == 1);
    CHECK(attempts[1]["outcome"] == "accepted");
  }
  SECTION("every accepted (group, local size) is a candidate, smaller local sizes first") {
    Build b;
    b.params = {"-tp", "4"};
    b.workers = {worker(1, "a", {gpu(0, "a0"), gpu(1, "a1")}), worker(2, "b", {gpu(0, "b0"), gpu(1, "b1")}),
                 worker(3, "c", {gpu(0, "c0"), gpu(1, "c1")}), worker(4, "d", {gpu(0, "d0"), gpu(1, "d1")})};
    ScheduleResult r = b.run();
    REQUIRE(r.candidates.size() == 2);
    CHECK(r.candidates[0].subordinate_workers.size() == 3);  // local 1: a + b, c, d
    CHECK(indexes(r.candidates[1]) == std::vector<int>{0, 1});  // local 2: a + b
    CHECK(r.candidates[1].subordinate_workers.size() == 1);
  }
  SECTION("an up NIC without an inet address does not count") {
    Build b;
    b.params = {"-tp", "2"};
    b.workers = {worker(1, "a", {gpu(0, "10.0.0.1")}), worker(2, "b", {gpu(0, "")})};
    ScheduleResult r = b.run();
    CHECK(r.candidates.empty());
  }
  SECTION("pp sets local = 1 and world = pp") {
    Build b;
    b.params = {"--npu-memory-fraction=0.5", "--pipeline-parallel-size=3"};
    b.workers = {worker(1, "a", {gpu(0, "a0")}), worker(2, "b", {gpu(0, "b0")}), worker(3, "c", {gpu(0, "c0")}), worker(4, "d", {gpu(0, "d0")})};
    ScheduleResult r = b.run();
    REQUIRE(r.candidates.size() == 1);
    CHECK(r.candidates[0].subordinate_workers.size() == 2);  // stops at world 3
    CHECK(r.candidates[0].claim.vram[0].second == 34359738368);
  }
}
