// §3.1.7 manual GPU selection, called the way every selector calls it: its own utilisation map
// and request.
#include <catch2/catch.hpp>

#include "fit/common/manual_selection.h"
#include "fit/common/shared_rules.h"
#include "scenario/errors.h"
#include "fit/fit_test_support.h"

using namespace placement;
using namespace placement::testing;

namespace {

const Bytes T = 20 * GiB;  // every test GPU's total unless stated

Json selector(std::vector<std::string> ids, int per_replica = 0) {
  Json s{{"gpu_ids", ids}};
  if (per_replica) s["gpus_per_replica"] = per_replica;
  return s;
}

struct Run {
  std::vector<Candidate> candidates;
  ManualOutcome outcome;
};

Run run_manual(FitHarness& h, Bytes vram, Bytes ram, int gpu_count, UtilisationMap u, bool multi = true) {
  FitContext ctx = h.context();
  Run r;
  ManualOptions o;
  o.selector = "test";
  o.gpu_count = gpu_count;
  o.utilisation = std::move(u);
  o.allow_multi_worker = multi;
  o.outcome = &r.outcome;
  // As a selector does: the routine's messages reach the trace when the run ends.
  r.candidates = decide_with_messages(ctx.trace, [&](SelectorMessages& m) { return select_manual(ctx, ManualRequest{vram, ram}, o, m); });
  return r;
}

std::vector<int> indexes(const Candidate& c) { return c.gpu_indexes.value_or(std::vector<int>{}); }

}  // namespace

TEST_CASE("3.1.7.1 heterogeneous types needed by one replica: nothing", "[manual]") {
  Json workers{worker_json(1, "a", {{"cuda", T}}), worker_json(2, "b", {{"rocm", T}})};
  FitHarness h(vllm_scenario(workers, Json{{"gpu_selector", selector({"a:cuda:0", "b:rocm:0"}, 2)}}));
  Run r = run_manual(h, GiB, 0, 2, {{"*", 0.9}});
  CHECK(r.candidates.empty());
  CHECK(r.outcome.heterogeneous);
  CHECK(h.message_keys() == std::vector<std::string>{"manual:heterogeneous"});
  CHECK((*h.strategy("manual"))["result"] == "heterogeneous");
}

TEST_CASE("3.1.7.2-3 one GPU per replica: an attempt per selected GPU, per type, workers by GPU count", "[manual]") {
  // Types in id order (rocm first); workers in scenario order, then by selected count desc.
  Json workers{worker_json(1, "a", {{"cuda", T}}), worker_json(2, "b", {{"cuda", T}, {"cuda", T}}), worker_json(3, "c", {{"rocm", T}})};
  FitHarness h(vllm_scenario(workers, Json{{"gpu_selector", selector({"c:rocm:0", "a:cuda:0", "b:cuda:1", "b:cuda:0"}, 1)}}));
  Run r = run_manual(h, GiB, 0, 1, {{"cuda", 0.8}, {"*", 0.5}});
  REQUIRE(r.candidates.size() == 4);
  CHECK(r.candidates[0].worker_name == "c");
  CHECK(r.candidates[0].claim.vram_utilization == 0.5);  // "*" fallback
  CHECK(claim_at(r.candidates[0].claim, 0) == static_cast<Bytes>(static_cast<double>(T) * 0.5));
  CHECK(r.candidates[1].worker_name == "b");  // two selected GPUs sort before one
  CHECK(indexes(r.candidates[1]) == std::vector<int>{0});  // equal rates keep device order
  CHECK(indexes(r.candidates[2]) == std::vector<int>{1});
  CHECK(r.candidates[3].worker_name == "a");
  CHECK(r.candidates[3].claim.vram_utilization == 0.8);
  for (const auto& c : r.candidates) CHECK(c.overcommit == false);
}

TEST_CASE("3.1.6 claims: u > 0 int(total x u), u <= 0 int(request / n)", "[manual]") {
  Json workers = Json::array({worker_json(1, "a", {{"cuda", T}, {"cuda", T}})});
  FitHarness h(vllm_scenario(workers, Json{{"gpu_selector", selector({"a:cuda:0", "a:cuda:1"})}}));
  Run r = run_manual(h, 10 * GiB, 0, 2, {{"*", 0}});
  REQUIRE(r.candidates.size() == 1);
  CHECK(claim_at(r.candidates[0].claim, 0) == 5 * GiB);
  CHECK(claim_at(r.candidates[0].claim, 1) == 5 * GiB);
  CHECK(r.candidates[0].claim.vram_utilization == 0.0);
  CHECK(r.candidates[0].overcommit == false);  // u 0: every GPU counts as satisfied

  // int() truncation leaves the sum one byte short of an odd request: GPUStack calls it overcommit.
  FitHarness odd(vllm_scenario(workers, Json{{"gpu_selector", selector({"a:cuda:0", "a:cuda:1"})}}));
  Run r2 = run_manual(odd, 10 * GiB + 1, 0, 2, {{"*", 0}});
  REQUIRE(r2.candidates.size() == 1);
  CHECK(claim_at(r2.candidates[0].claim, 0) == 5 * GiB);
  CHECK(r2.candidates[0].overcommit == true);
}

TEST_CASE("3.1.7.4 single worker: walk by rate, stop at gpu_count satisfied, top up with unsatisfied", "[manual]") {
  Json workers = Json::array({worker_json(1, "a", {{"cuda", T}, {"cuda", T}, {"cuda", T}})});
  SECTION("enough satisfied GPUs: the two free ones") {
    Json inst = Json::array({instance_json(10, 1, {{0, 15 * GiB}})});
    FitHarness h(vllm_scenario(workers, Json{{"gpu_selector", selector({"a:cuda:0", "a:cuda:1", "a:cuda:2"}, 2)}}, Json::object(), inst));
    Run r = run_manual(h, GiB, 0, 2, {{"*", 0.9}});
    REQUIRE(r.candidates.size() == 1);
    CHECK(indexes(r.candidates[0]) == std::vector<int>{1, 2});
    CHECK(r.candidates[0].overcommit == false);
  }
  SECTION("one satisfied: topped up with the best unsatisfied, overcommitted but scheduled") {
    Json inst{instance_json(10, 1, {{0, 15 * GiB}}), instance_json(11, 1, {{1, 10 * GiB}})};
    FitHarness h(vllm_scenario(workers, Json{{"gpu_selector", selector({"a:cuda:0", "a:cuda:1", "a:cuda:2"}, 2)}}, Json::object(), inst));
    Run r = run_manual(h, GiB, 0, 2, {{"*", 0.9}});
    REQUIRE(r.candidates.size() == 1);
    CHECK(indexes(r.candidates[0]) == std::vector<int>{2, 1});  // satisfied first, then the top-up
    CHECK(r.candidates[0].overcommit == true);
    CHECK(r.outcome.overcommit);
    const Json* v = h.message("overcommit");
    REQUIRE(v);
    CHECK((*v)["partial"] == true);  // 2 of 3 selected used
    CHECK((*v)["used_satisfied"] == 1);
    CHECK((*v)["used_count"] == 2);
  }
  SECTION("fewer selected than gpu_count: no single-worker candidate") {
    FitHarness h(vllm_scenario(workers, Json{{"gpu_selector", selector({"a:cuda:0"}, 2)}}));
    Run r = run_manual(h, GiB, 0, 2, {{"*", 0.9}});
    CHECK(r.candidates.empty());
    CHECK((*h.strategy("manual"))["rejections"][0]["code"] == "gpu_count");
  }
}

TEST_CASE("3.1.7.4 multi worker: main takes its selected GPUs, subordinates fill up to gpu_count", "[manual]") {
  Json workers{worker_json(1, "a", {{"cuda", T}, {"cuda", T}}), worker_json(2, "b", {{"cuda", T}, {"cuda", T}}),
               worker_json(3, "c", {{"cuda", T}, {"cuda", T}})};
  SECTION("2-1-1 with gpu_count 4") {
    FitHarness h(vllm_scenario(workers, Json{{"gpu_selector", selector({"a:cuda:1", "a:cuda:0", "b:cuda:0", "c:cuda:1"}, 4)}}));
    Run r = run_manual(h, GiB, 0, 4, {{"*", 0.9}});
    REQUIRE(r.candidates.size() == 1);
    const Candidate& c = r.candidates[0];
    CHECK(c.worker_name == "a");
    CHECK(indexes(c) == std::vector<int>{0, 1});  // ascending selection
    CHECK_FALSE(c.claim.vram_utilization.has_value());
    REQUIRE(c.subordinate_workers.size() == 2);
    CHECK(c.subordinate_workers[0].worker_name == "b");
    CHECK(c.subordinate_workers[1].gpu_indexes == std::vector<int>{1});
    CHECK(c.subordinate_workers[1].claim->vram_utilization == 0.9);
    CHECK(c.overcommit == false);
  }
  SECTION("2 + 1 reaches gpu_count 3: the last selected worker is never added") {
    FitHarness h(vllm_scenario(workers, Json{{"gpu_selector", selector({"a:cuda:0", "a:cuda:1", "b:cuda:0", "c:cuda:0"}, 3)}}));
    Run r = run_manual(h, GiB, 0, 3, {{"*", 0.9}});
    REQUIRE(r.candidates.size() == 1);
    CHECK(indexes(r.candidates[0]) == std::vector<int>{0, 1});
    REQUIRE(r.candidates[0].subordinate_workers.size() == 1);  // 2 + 1 reaches 3: c is never added
    CHECK_FALSE(h.has_quirk("Q19"));
  }
  SECTION("allow_multi_worker false: no multi-worker attempt") {
    FitHarness h(vllm_scenario(workers, Json{{"gpu_selector", selector({"a:cuda:0", "b:cuda:0"}, 2)}}));
    Run r = run_manual(h, GiB, 0, 2, {{"*", 0.9}}, false);
    CHECK(r.candidates.empty());
  }
}

TEST_CASE("Q19: the main takes all its selected indexes; a subordinate may be added with none", "[manual]") {
  Json workers{worker_json(1, "a", {{"cuda", T}}), worker_json(2, "b", {{"cuda", T}}), worker_json(3, "c", {{"cuda", T}})};
  SECTION("a repeated id makes the main's selection exceed gpu_count") {
    FitHarness h(vllm_scenario(workers, Json{{"gpu_selector", selector({"a:cuda:0", "a:cuda:0", "a:cuda:0", "b:cuda:0"}, 2)}}));
    Run r = run_manual(h, GiB, 0, 2, {{"*", 0.9}});
    REQUIRE(r.candidates.size() == 1);
    CHECK(indexes(r.candidates[0]) == std::vector<int>{0, 0, 0});
    CHECK(r.candidates[0].claim.vram.size() == 1);
    REQUIRE(r.candidates[0].subordinate_workers.size() == 1);
    CHECK(r.candidates[0].subordinate_workers[0].gpu_indexes == std::vector<int>{});
    CHECK(r.candidates[0].subordinate_workers[0].claim->vram.empty());
    CHECK(h.has_quirk("Q19"));
  }
  SECTION("a selected index the main lacks still counts toward gpu_count") {
    FitHarness h(vllm_scenario(workers, Json{{"gpu_selector", selector({"a:cuda:0", "a:cuda:7", "b:cuda:0", "c:cuda:0"}, 3)}}));
    Run r = run_manual(h, GiB, 0, 3, {{"*", 0.9}});
    REQUIRE(r.candidates.size() == 1);
    CHECK(indexes(r.candidates[0]) == std::vector<int>{0, 7});
    CHECK(r.candidates[0].claim.vram.size() == 1);
    REQUIRE(r.candidates[0].subordinate_workers.size() == 1);
    CHECK(r.candidates[0].subordinate_workers[0].worker_name == "b");
  }
}

TEST_CASE("3.1.7.4 distributed limit: a worker already serving a distributed instance of the backend", "[manual]") {
  Json workers{worker_json(1, "a", {{"cuda", T}}), worker_json(2, "b", {{"cuda", T}})};
  Json inst = distributed_instance_json(50, "other-dist", "vLLM", 3, 2, "b");
  SECTION("same backend: skipped, nothing left") {
    FitHarness h(vllm_scenario(workers, Json{{"gpu_selector", selector({"a:cuda:0", "b:cuda:0"}, 2)}}, Json::object(), Json{inst}));
    Run r = run_manual(h, GiB, 0, 2, {{"*", 0.9}});
    CHECK(r.candidates.empty());
    CHECK(r.outcome.distributed_limit_worker == "b");
    CHECK(r.outcome.distributed_limit_instance == "other-dist");
    CHECK(h.message("distributed_limit"));
  }
  SECTION("other backend: no limit") {
    Json other = inst;
    other["backend"] = "SGLang";
    FitHarness h(vllm_scenario(workers, Json{{"gpu_selector", selector({"a:cuda:0", "b:cuda:0"}, 2)}}, Json::object(), Json{other}));
    Run r = run_manual(h, GiB, 0, 2, {{"*", 0.9}});
    REQUIRE(r.candidates.size() == 1);
    CHECK(r.outcome.distributed_limit_worker.empty());
  }
}

TEST_CASE("3.1.7.5 overcommit: replicas > 1 gives nothing; else the largest effective VRAM, later wins ties", "[manual]") {
  Json workers{worker_json(1, "a", {{"cuda", T}}), worker_json(2, "b", {{"cuda", T}})};
  SECTION("replicas 1: the later of two equal candidates") {
    FitHarness h(vllm_scenario(workers, Json{{"gpu_selector", selector({"a:cuda:0", "b:cuda:0"}, 1)}}));
    Run r = run_manual(h, 100 * GiB, 0, 1, {{"*", 0.9}});
    REQUIRE(r.candidates.size() == 1);
    CHECK(r.candidates[0].worker_name == "b");
    CHECK(r.candidates[0].overcommit == true);
    const Json* v = h.message("overcommit");
    REQUIRE(v);
    CHECK((*v)["partial"] == true);  // one of two selected GPUs used
    CHECK((*v)["effective_vram"].get<double>() == static_cast<double>(T) * 0.9);
  }
  SECTION("replicas 2: none, with the count") {
    FitHarness h(vllm_scenario(workers, Json{{"replicas", 2}, {"gpu_selector", selector({"a:cuda:0", "b:cuda:0"}, 1)}}));
    Run r = run_manual(h, 100 * GiB, 0, 1, {{"*", 0.9}});
    CHECK(r.candidates.empty());
    CHECK(r.outcome.multi_replica_overcommit);
    CHECK((*h.message("multi_replica_overcommit"))["count"] == 2);
  }
}

namespace {
Json npu_worker(int id, const std::string& name, const std::vector<std::string>& inets) {
  Json w = worker_json(id, name, std::vector<GpuSpec>(inets.size(), GpuSpec{"cann", 64 * GiB}));
  for (std::size_t i = 0; i < inets.size(); ++i)
    if (!inets[i].empty()) w["status"]["gpu_devices"][i]["network"] = Json{{"status", "up"}, {"inet", inets[i]}};
  return w;
}
}  // namespace

TEST_CASE("Static RAM on every claim and MindIE NIC addresses on the main worker and subordinates", "[manual]") {
  Json workers{npu_worker(1, "n0", {"10.0.0.1", "10.0.0.2"}), npu_worker(2, "n1", {"10.0.1.1", ""})};
  Json model{{"backend", "MindIE"}, {"gpu_selector", selector({"n0:cann:0", "n0:cann:1", "n1:cann:0", "n1:cann:1"}, 3)}};
  FitHarness h(vllm_scenario(workers, model));
  Run r = run_manual(h, GiB, 512 * kMiB, 3, {{"*", 0.8}});
  REQUIRE(r.candidates.size() == 1);
  const Candidate& c = r.candidates[0];
  CHECK(c.claim.ram == 512 * kMiB);
  REQUIRE(c.subordinate_workers.size() == 1);
  const SubordinateWorker& s = c.subordinate_workers[0];
  CHECK(s.claim->ram == 512 * kMiB);
  CHECK(s.gpu_indexes == std::vector<int>{0});
  // Every selected NPU of the worker is listed, used or not; a NIC without inet is "-.-.-.-".
  CHECK(s.gpu_addresses == std::vector<std::string>{"10.0.1.1", "-.-.-.-"});
  CHECK(c.gpu_addresses == std::vector<std::string>{"10.0.0.1", "10.0.0.2"});
}

TEST_CASE("Q34 MindIE single-worker candidates list every selected NPU's address, used or not", "[manual]") {
  struct Row {
    const char* rule;
    std::vector<std::string> ids;
    int gpu_count;
    std::string backend;
    std::vector<std::vector<std::string>> addresses;  // per candidate; empty: none carried
  };
  const Row rows[] = {
      {"one worker, both NPUs used", {"n0:cann:0", "n0:cann:1"}, 2, "MindIE", {{"10.0.0.1", "-.-.-.-"}}},
      {"one NPU per replica: each candidate lists both selected NPUs", {"n0:cann:0", "n0:cann:1"}, 1, "MindIE",
       {{"10.0.0.1", "-.-.-.-"}, {"10.0.0.1", "-.-.-.-"}}},
      {"an unselected NPU is not listed", {"n0:cann:1"}, 1, "MindIE", {{"-.-.-.-"}}},
      {"other backends carry none", {"n0:cann:0", "n0:cann:1"}, 2, "vLLM", {{}}},
  };
  for (const Row& r : rows) {
    INFO(r.rule);
    Json workers = Json::array({npu_worker(1, "n0", {"10.0.0.1", ""})});
    FitHarness h(vllm_scenario(workers, Json{{"backend", r.backend}, {"gpu_selector", selector(r.ids, r.gpu_count)}}));
    Run run = run_manual(h, GiB, 0, r.gpu_count, {{"*", 0.8}});
    REQUIRE(run.candidates.size() == r.addresses.size());
    for (std::size_t i = 0; i < r.addresses.size(); ++i) {
      if (r.addresses[i].empty()) CHECK_FALSE(run.candidates[i].gpu_addresses.has_value());
      else CHECK(run.candidates[i].gpu_addresses == r.addresses[i]);
    }
  }
}

TEST_CASE("Workers and GPUs named in the ids but absent are ignored", "[manual]") {
  Json workers = Json::array({worker_json(1, "a", {{"cuda", T}})});
  FitHarness h(vllm_scenario(workers, Json{{"gpu_selector", selector({"a:cuda:0", "a:cuda:5", "ghost:cuda:0"}, 1)}}));
  Run r = run_manual(h, GiB, 0, 1, {{"*", 0.9}});
  REQUIRE(r.candidates.size() == 1);
  CHECK(indexes(r.candidates[0]) == std::vector<int>{0});
  const Json& sel = (*h.strategy("manual"))["selection"][0]["workers"];
  CHECK(sel[0]["missing_gpus"] == Json{5});
  CHECK(sel[1]["present"] == false);
}

TEST_CASE("A selected GPU with total 0 fails the overcommit check (GPUStack divides by it)", "[manual]") {
  Json workers = Json::array({worker_json(1, "a", {{"cuda", T}, {"cuda", 0}})});
  FitHarness h(vllm_scenario(workers, Json{{"gpu_selector", selector({"a:cuda:0", "a:cuda:1"}, 1)}}));
  CHECK_THROWS_AS(run_manual(h, GiB, 0, 1, {{"*", 0.9}}), ReferenceError);
  FitHarness h0(vllm_scenario(workers, Json{{"gpu_selector", selector({"a:cuda:0", "a:cuda:1"}, 1)}}));
  CHECK_NOTHROW(run_manual(h0, GiB, 0, 1, {{"*", 0}}));  // u 0 never divides
}

TEST_CASE("No ids: the manual record is skipped", "[manual]") {
  FitHarness h(vllm_scenario(Json{worker_json(1, "a", {{"cuda", T}})}));
  Run r = run_manual(h, GiB, 0, 1, {{"*", 0.9}});
  CHECK(r.candidates.empty());
  CHECK((*h.strategy("manual"))["status"] == "skipped");
  CHECK((*h.strategy("manual"))["skip"]["code"] == "no_gpu_ids");
  CHECK((*h.strategy("manual"))["skip"]["data"].dump() == "{}");
}

TEST_CASE("manual rejections: each code's subject, shortfalls and data, typed", "[manual][record]") {
  struct Row {
    const char* what;
    Json workers, instances;
    std::vector<std::string> ids;
    Bytes vram;
    int gpu_count;
    const char* code;
    const char* expected;  // compact JSON of the first rejection with `code`
  };
  const Json one_gpu_each{worker_json(1, "a", {{"cuda", T}}), worker_json(2, "b", {{"cuda", T}})};
  const Json three_gpus = Json::array({worker_json(1, "a", {{"cuda", T}, {"cuda", T}, {"cuda", T}})});
  const Row rows[] = {
      {"gpu_count: fewer selected than needed", three_gpus, Json::array(), {"a:cuda:0"}, GiB, 2, "gpu_count",
       R"({"subject":{"worker_id":1,"worker_name":"a","gpu_indexes":[0],"rpc":[]},"code":"gpu_count","shortfalls":[],"data":{"need":2,"have":1}})"},
      {"vram_ratio: a GPU below the utilisation", three_gpus, Json{instance_json(10, 1, {{0, 15 * GiB}})}, {"a:cuda:0", "a:cuda:1"}, GiB, 1,
       "vram_ratio",
       R"({"subject":{"worker_id":1,"worker_name":"a","gpu_indexes":[0],"rpc":[]},"code":"vram_ratio","shortfalls":[{"dim":"vram_ratio","gpu_index":0,"need":19327352832,"have":5368709120,"short":13958643712,"freeable":true}],"data":{"u":0.9}})"},
      {"distributed_limit: the instance named", one_gpu_each, Json{distributed_instance_json(50, "other-dist", "vLLM", 3, 2, "b")},
       {"a:cuda:0", "b:cuda:0"}, GiB, 2, "distributed_limit",
       R"({"subject":{"worker_id":2,"worker_name":"b","gpu_indexes":[0],"rpc":[]},"code":"distributed_limit","shortfalls":[],"data":{"instance":"other-dist"}})"},
      {"overcommit: the claimed VRAM short of the request", one_gpu_each, Json::array(), {"a:cuda:0", "b:cuda:0"}, 100 * GiB, 1, "overcommit",
       R"({"subject":{"worker_id":1,"worker_name":"a","gpu_indexes":[0],"rpc":[]},"code":"overcommit","shortfalls":[{"dim":"vram_total","need":107374182400,"have":19327352832,"short":88046829568,"freeable":false}],"data":{"candidate":0,"unsatisfied_gpus":[]}})"},
  };
  for (const Row& row : rows) {
    SECTION(row.what) {
      FitHarness h(vllm_scenario(row.workers, Json{{"gpu_selector", selector(row.ids, row.gpu_count)}}, Json::object(), row.instances));
      run_manual(h, row.vram, 0, row.gpu_count, {{"*", 0.9}});
      const Json* rec = h.strategy("manual");
      REQUIRE(rec);
      const Json* found = nullptr;
      for (const Json& r : (*rec)["rejections"])
        if (!found && r["code"] == row.code) found = &r;
      REQUIRE(found);
      CHECK(found->dump() == row.expected);
    }
  }
}

TEST_CASE("manual extras: the run's figures in writing order, the overcommit check member by member", "[manual][record]") {
  struct Row {
    const char* what;
    Json instances;
    const char* check;  // compact JSON of overcommit_checks[0]
  };
  const Json workers = Json::array({worker_json(1, "a", {{"cuda", T}, {"cuda", T}})});
  const Row rows[] = {
      {"both GPUs free: VRAM short only", Json::array(),
       R"({"candidate":0,"worker_name":"a","overcommit":true,"values":{"u":0.9,"u_zero":false,"partial":false,"used_devices":{"worker":"a","gpu_indexes":[0,1],"other_workers":0,"other_gpus":0,"max_show":8},"selected_count":2,"selected_satisfied":2,"selected_alloc":42949672960,"selected_alloc_gib":40.0,"used_count":2,"used_satisfied":2,"used_alloc":42949672960,"used_alloc_gib":40.0,"effective_vram":38654705664.0,"effective_gib":36.0,"request_vram":107374182400,"request_ram":0,"claimed_vram":38654705664,"claimed_ram":0,"unsatisfied_used":[]}})"},
      {"GPU 1 busy: below the utilisation and used", Json{instance_json(10, 1, {{1, 15 * GiB}})},
       R"({"candidate":0,"worker_name":"a","overcommit":true,"values":{"u":0.9,"u_zero":false,"partial":false,"used_devices":{"worker":"a","gpu_indexes":[0,1],"other_workers":0,"other_gpus":0,"max_show":8},"selected_count":2,"selected_satisfied":1,"selected_alloc":26843545600,"selected_alloc_gib":25.0,"used_count":2,"used_satisfied":1,"used_alloc":26843545600,"used_alloc_gib":25.0,"effective_vram":24159191040.0,"effective_gib":22.5,"request_vram":107374182400,"request_ram":0,"claimed_vram":38654705664,"claimed_ram":0,"unsatisfied_used":[{"worker_name":"a","gpu_index":1}]}})"},
  };
  for (const Row& row : rows) {
    SECTION(row.what) {
      FitHarness h(vllm_scenario(workers, Json{{"gpu_selector", selector({"a:cuda:0", "a:cuda:1"}, 2)}}, Json::object(), row.instances));
      run_manual(h, 100 * GiB, 0, 2, {{"*", 0.9}});
      const Json* rec = h.strategy("manual");
      REQUIRE(rec);
      std::vector<std::string> keys;
      for (auto it = rec->begin(); it != rec->end(); ++it) keys.push_back(it.key());
      CHECK(keys == std::vector<std::string>{"selector", "strategy", "status", "skip", "candidates_found", "examined", "rejections",
                                             "not_examined", "caps", "quirks", "gpu_count", "utilisation", "request", "selection",
                                             "overcommit_checks", "chosen_overcommit", "attempts", "result"});
      CHECK((*rec)["gpu_count"] == 2);
      CHECK((*rec)["utilisation"].dump() == R"({"*":0.9})");
      CHECK((*rec)["request"].dump() == R"({"vram":107374182400,"ram":0})");
      CHECK((*rec)["overcommit_checks"][0].dump() == row.check);
      CHECK((*rec)["chosen_overcommit"] == 0);
      CHECK((*rec)["result"] == "overcommit");
      const Json* note = h.message("overcommit");
      REQUIRE(note);
      CHECK(*note == (*rec)["overcommit_checks"][0]["values"]);
    }
  }
}
