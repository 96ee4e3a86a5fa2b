// The base filter chain (scheduler-rules.md §2): order, survivors passed on, not_run after an empty result.
#include <catch2/catch.hpp>

#include "filter_test_support.h"

using namespace placement;
using namespace placement::filter_test;

TEST_CASE("filter chain: six records in GPUStack's order") {
  FilterRun run = run_filters(Json::array({worker(1, "w1")}), custom_model());
  std::vector<std::string> names;
  for (const auto& r : run.trace.root()["filters"]) names.push_back(r["filter"]);
  CHECK(names == std::vector<std::string>{"cluster", "gpu_selector", "labels", "status", "backend_framework", "local_path"});
  CHECK(run.kept_names() == std::vector<std::string>{"w1"});
}

TEST_CASE("filter chain: each filter sees the previous survivors; an empty result stops the chain") {
  Json workers = Json::array({worker(1, "gone", {{"cluster_id", 9}}), worker(2, "down", {{"state", "not_ready"}})});
  FilterRun run = run_filters(workers, custom_model());
  CHECK(run.record("cluster")["in"] == 2);
  CHECK(run.record("cluster")["kept"] == 1);
  CHECK(run.record("gpu_selector")["in"] == 1);
  CHECK(run.record("status")["kept"] == 0);
  CHECK(run.record("backend_framework")["status"] == "not_run");
  CHECK(run.record("local_path")["status"] == "not_run");
  CHECK(run.record("local_path")["workers"].empty());
  CHECK(run.kept.empty());
  // One exclusion line per filter that removed someone.
  const Json& lines = run.trace.root()["summary"];
  REQUIRE(lines.size() == 2);
  CHECK(lines[0]["params"]["filter"] == "cluster");
  CHECK(lines[1]["params"]["filter"] == "status");
}
