// GGUF S3 main + RPC servers (scheduler-rules.md §3.2 S3), on the synthetic model of
// gguf_test_support.h (10 layers of 1,000 bytes; full offload 10,100, UMA 10,050).
#include <catch2/catch.hpp>

#include <algorithm>

#include "fit/gguf/record.h"
#include "gguf_test_support.h"

using namespace gguf_test;

namespace {

bool asked_contains(const Outcome& o, const std::string& text) {
  return std::any_of(o.asked.begin(), o.asked.end(), [&](const std::string& q) { return q.find(text) != std::string::npos; });
}

}  // namespace

TEST_CASE("S3 main worker with RPC servers") {
  SECTION("the largest worker is the main and uses all its GPUs; the RPC server is a subordinate") {
    Outcome o = run(scenario({worker(1, "a", 100000, {gpu(0, 5000), gpu(1, 5000)}), worker(2, "b", 100000, {gpu(0, 5000)})},
                             model(false, true)));
    CHECK(o.fit.strategy == "multi_worker_rpc");
    REQUIRE(o.fit.candidates.size() == 1);
    const Candidate& c = o.fit.candidates[0];
    CHECK(c.worker_name == "a");
    CHECK(gpus_of(c) == std::vector<int>{0, 1});
    CHECK(c.claim.tensor_split == std::vector<Bytes>{5000, 5000, 5000});
    CHECK(c.claim.vram == VramMap{{0, 4100}, {1, 3100}});  // layers 3 (RPC) / 4 / 3
    CHECK(c.claim.offload_layers == 10);
    CHECK(c.claim.ram == 300);
    REQUIRE(c.subordinate_workers.size() == 1);
    const SubordinateWorker& sub = c.subordinate_workers[0];
    CHECK(sub.worker_name == "b");
    CHECK(sub.claim->vram == VramMap{{0, 3100}});
    CHECK(sub.claim->offload_layers == 3);
    CHECK(sub.claim->ram == 0);
    CHECK(sub.claim->total_layers == 10);
    CHECK(asked_contains(o, "rpc=[b:50053]"));
  }
  SECTION("an equal allocatable tuple reuses the estimate across RPC workers (Q23)") {
    Outcome o = run(scenario({worker(1, "a", 100000, {gpu(0, 5000), gpu(1, 5000)}), worker(2, "b", 100000, {gpu(0, 5000)}),
                              worker(3, "c", 100000, {gpu(0, 5000)})},
                             model(false, true)));
    REQUIRE(o.fit.candidates.size() == 2);
    CHECK(o.fit.candidates[1].subordinate_workers[0].worker_name == "c");
    CHECK(o.has_quirk("Q23"));
    CHECK(asked_contains(o, "rpc=[b:50053]"));
    CHECK_FALSE(asked_contains(o, "rpc=[c:50053]"));
    CHECK_FALSE(asked_contains(o, "rpc=[b:50053, c:50054]"));  // a full offload with one server ends the search
  }
  SECTION("without cpu_offloading the first combination must exceed the full offload: else no window") {
    Outcome o = run(scenario({worker(1, "a", 100000, {gpu(0, 3000), gpu(1, 3000)}), worker(2, "b", 100000, {gpu(0, 3000)})},
                             model(false, true)));
    CHECK(o.fit.candidates.empty());
    const Json& s3 = *o.strategy("multi_worker_rpc");
    REQUIRE(s3["not_examined"].size() == 1);
    CHECK(s3["not_examined"][0]["rule"] == "layer_window_empty");
  }
  SECTION("with cpu_offloading the window starts at the most layers the first combination exceeds") {
    Outcome o = run(scenario({worker(1, "a", 100000, {gpu(0, 3000), gpu(1, 3000)}), worker(2, "b", 100000, {gpu(0, 3000)})},
                             model(true, true)));
    CHECK(o.fit.strategy == "multi_worker_rpc");
    REQUIRE(o.fit.candidates.size() == 1);
    CHECK(o.fit.candidates[0].claim.offload_layers == 6);  // 7 and 8 put 3 layers on a 3,000-byte GPU
    CHECK(o.fit.candidates[0].claim.ram == 4300);
  }
  SECTION("more than 16 candidate RPC GPUs: a warning, and S3 ends (cap)") {
    std::vector<Json> workers = {worker(1, "main", 100000, {gpu(0, 5000), gpu(1, 5000)})};
    for (int i = 0; i < 17; ++i) workers.push_back(worker(10 + i, "r" + std::to_string(i), 100000, {gpu(0, 2000)}));
    Outcome o = run(scenario(workers, model(false, true)));
    CHECK(o.fit.candidates.empty());
    const Json& s3 = *o.strategy("multi_worker_rpc");
    REQUIRE(s3["caps"].size() == 1);
    CHECK(s3["caps"][0]["id"] == "rpc_candidate_gpus");
    CHECK(s3["caps"][0]["actual"] == 17);
    CHECK(s3["examined"]["combinations"] == 0);
    CHECK(o.has_message("rpc_candidate_cap"));
  }
  SECTION("a pool above 8 GPUs caps the RPC servers per combination") {
    std::vector<Json> workers = {worker(1, "main", 100000, {gpu(0, 5000), gpu(1, 5000)})};
    for (int i = 0; i < 9; ++i) workers.push_back(worker(10 + i, "r" + std::to_string(i), 100000, {gpu(0, 2000)}));
    Outcome o = run(scenario(workers, model(false, true)));
    const Json& s3 = *o.strategy("multi_worker_rpc");
    REQUIRE(s3["caps"].size() == 1);
    CHECK(s3["caps"][0]["id"] == "rpc_servers");
    CHECK(s3["caps"][0]["limit"] == 8);
  }
  SECTION("ids: exactly the selected GPUs of the other workers form the one combination") {
    Json m = model(false, true);
    m["gpu_selector"] = Json{{"gpu_ids", {"a:cuda:0", "a:cuda:1", "b:cuda:0"}}};
    Outcome o = run(scenario({worker(1, "a", 100000, {gpu(0, 5000), gpu(1, 5000)}), worker(2, "b", 100000, {gpu(0, 5000)}),
                              worker(3, "c", 100000, {gpu(0, 5000)})},
                             m));
    REQUIRE(o.fit.candidates.size() == 1);
    CHECK(o.fit.candidates[0].subordinate_workers.size() == 1);
    CHECK(o.fit.candidates[0].subordinate_workers[0].worker_name == "b");
    CHECK_FALSE(asked_contains(o, "c:5005"));
  }
}

TEST_CASE("S3 enumerates every combination within GPUStack's caps, one estimate per distinct query") {
  // The main lacks RAM for every item, so no combination qualifies and nothing stops the search:
  // k = 1…8 servers out of 16 candidates, Σ C(16, k) combinations.
  std::vector<Json> workers = {worker(1, "main", 100, {gpu(0, 5000), gpu(1, 5000)})};
  for (int i = 0; i < 16; ++i) workers.push_back(worker(10 + i, "r" + std::to_string(i), 100000, {gpu(0, 1100 + i)}));
  Outcome o = run(scenario(workers, model(false, true)));
  CHECK(o.fit.candidates.empty());
  const Json& s3 = *o.strategy("multi_worker_rpc");
  std::uint64_t expected = 0;
  for (int k = 1; k <= 8; ++k) expected += placement::gguf_fit::binomial(16, k);
  CHECK(s3["examined"]["combinations"] == expected);
  CHECK(s3["examined"]["queries"] == expected);  // every allocatable tuple differs: no reuse
  CHECK(s3["combination_rejections"]["count"] == expected);
  CHECK(s3["combination_rejections"]["closest"].size() == 3);
  CHECK(s3["caps"][0]["id"] == "rpc_servers");
}
