// Compare: two decisions side by side.
#include <catch2/catch.hpp>

#include "scenario/scenario_loader.h"
#include "whatif/compare.h"
#include "whatif_fixtures.h"

using namespace placement;
using namespace placement::whatif;
using placement::test::vllm_scenario;
using placement::test::worker_json;

namespace {
Json diff_of(const Json& a, const Json& b) { return compare(schedule(load_scenario(a)), schedule(load_scenario(b))); }

std::vector<std::string> statuses(const Json& d) {
  std::vector<std::string> out;
  for (const Json& c : d["candidates"]) out.push_back(c["status"].get<std::string>() + ":" + c["worker_name"].get<std::string>());
  return out;
}
}  // namespace

TEST_CASE("a scenario compared with itself changes nothing", "[whatif][compare]") {
  const Json doc = vllm_scenario({worker_json(1, 2), worker_json(2, 2)});
  const Json d = diff_of(doc, doc);
  CHECK(d["winner_changed"] == false);
  CHECK(d["claims"].empty());
  for (const Json& c : d["candidates"]) {
    CHECK(c["status"] == "same");
    for (auto it = c["score_deltas"].begin(); it != c["score_deltas"].end(); ++it) CHECK(it.value().get<double>() == 0);
  }
}

TEST_CASE("candidates appear, disappear and the winner's claim moves", "[whatif][compare]") {
  const Json a = vllm_scenario({worker_json(1, 1), worker_json(2, 1)});
  SECTION("a worker goes away") {
    Json b = a;
    b["workers"][0]["state"] = "not_ready";
    const Json d = diff_of(a, b);
    CHECK(statuses(d) == std::vector<std::string>{"disappeared:w1", "same:w2"});
    CHECK(d["winner_changed"] == true);
    REQUIRE(d["claims"].size() == 2);
    CHECK(d["claims"][0]["worker_name"] == "w1");
    CHECK(d["claims"][0]["b"] == 0);
    CHECK(d["claims"][1]["a"] == 0);
    CHECK(d["claims"][1]["delta"].get<Bytes>() > 0);
  }
  SECTION("a worker comes back") {
    Json b = a;
    b["workers"].push_back(worker_json(3, 1));
    CHECK(statuses(diff_of(a, b)) == std::vector<std::string>{"same:w1", "same:w2", "appeared:w3"});
  }
  SECTION("nothing fits on the other side") {
    Json b = a;
    b["workers"] = Json::array();
    const Json d = diff_of(a, b);
    CHECK(d["b"]["winner"].is_null());
    CHECK(d["b"]["why_not"].is_string());
  }
}
