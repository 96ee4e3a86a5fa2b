// Estimate lookup (scheduler-rules.md §3.2 Estimates, §7.1): recorded entries by (offload, normalised
// split, rpc), the estimator fallback, and missing queries as bad input naming the query.
#include <catch2/catch.hpp>

#include "fit/gguf/estimate_provider.h"
#include "fit/gguf/query_log.h"
#include "fit/gguf/requirement_record.h"
#include "scenario/errors.h"
#include "scenario/scenario_loader.h"

using namespace placement;

namespace {

Json items(long long marker) {
  return Json{{"items", Json::array({Json{{"offloadLayers", 0}, {"fullOffloaded", false},
                                          {"ram", {{"uma", marker}, {"nonuma", marker}}},
                                          {"vrams", Json::array({Json{{"handleLayers", 0}, {"uma", 0}, {"nonuma", 0}}})}}})}};
}

Json scenario_with(Json entries, bool profile) {
  Json s = Json::parse(R"({"format": "placement-scenario/1",
    "workers": [{"id": 1, "name": "w", "state": "ready", "status": {"memory": {"total": 1000}}}],
    "model": {"id": 1, "name": "m", "source": "huggingface", "huggingface_repo_id": "a/b", "huggingface_filename": "m.gguf"},
    "estimates": {}})");
  s["estimates"]["gguf_parser"] = std::move(entries);
  if (profile) s["estimates"]["gguf_profile"] = Json::object();
  return s;
}

gguf::Query query(std::string offload, std::optional<std::vector<double>> split, std::optional<std::vector<std::string>> rpc) {
  gguf::Query q;
  q.offload = std::move(offload);
  q.tensor_split = std::move(split);
  q.rpc = std::move(rpc);
  return q;
}

long long marker_of(const gguf::Estimate* e) { return e ? e->items.at(0).ram.nonuma : -1; }

// A GGUF requirement record handed to `trace`, as the selector hands it before asking.
gguf_fit::GgufRequirement& handed_requirement(Trace& trace) {
  auto record = std::make_shared<gguf_fit::GgufRequirement>();
  trace.set_requirement(record);
  return *record;
}

}  // namespace

TEST_CASE("recorded estimates are found by offload, normalised split and rpc") {
  Json entries = Json::array({
      Json{{"offload", "partial"}, {"tensor_split", nullptr}, {"rpc", nullptr}, {"estimate", items(1)}},
      Json{{"offload", "partial"}, {"tensor_split", {1, 1}}, {"rpc", {"host:80"}}, {"estimate", items(2)}},
      Json{{"offload", "partial"}, {"tensor_split", {17171480576, 17171480576}}, {"rpc", nullptr}, {"estimate", items(3)}},
      Json{{"offload", "full"}, {"tensor_split", {17171480576, 17171480576}}, {"rpc", nullptr}, {"estimate", items(4)}},
      Json{{"offload", "partial"}, {"tensor_split", {26015170560, 17171480576}}, {"rpc", {"a:50053"}}, {"estimate", items(5)}},
      Json{{"offload", "partial"}, {"tensor_split", nullptr}, {"rpc", nullptr}, {"estimate", items(6)}},  // repeat: ignored
  });
  Scenario sc = load_scenario(scenario_with(entries, false));
  Trace trace;
  auto provider = make_gguf_estimate_provider(sc, sc.model, trace);
  using V = std::vector<double>;
  using S = std::vector<std::string>;
  struct Row {
    const char* name;
    gguf::Query q;
    long long want;  // marker, -1 = missing
  };
  const std::vector<Row> rows = {
      {"base query", query("partial", std::nullopt, std::nullopt), 1},
      {"empty split and rpc count as none", query("partial", V{}, S{}), 1},
      {"rpc probe", query("partial", V{1, 1}, S{"host:80"}), 2},
      {"split compared in MiB: other bytes, same MiB", query("partial", V{17171480577, 17171481000}, std::nullopt), 3},
      {"offload is part of the key", query("full", V{17171480576, 17171480576}, std::nullopt), 4},
      {"rpc names are part of the key", query("partial", V{26015170560, 17171480576}, S{"b:50053"}), -1},
      {"split order matters", query("partial", V{17171480576, 26015170560}, S{"a:50053"}), -1},
      {"rpc entry found", query("partial", V{26015170560, 17171480576}, S{"a:50053"}), 5},
      {"disable offload not recorded", query("disable", std::nullopt, std::nullopt), -1},
  };
  for (const Row& r : rows) {
    SECTION(r.name) {
      std::string source;
      const gguf::Estimate* e = provider->get(r.q, gguf_query_key(r.q), &source);
      CHECK(marker_of(e) == r.want);
      CHECK(source == (r.want < 0 ? "missing" : "recorded"));
    }
  }
  SECTION("a repeated recording warns and the first wins") {
    REQUIRE(trace.root()["warnings"].size() == 1);
    CHECK(trace.root()["warnings"][0].get<std::string>().find("repeats the query") != std::string::npos);
  }
}

TEST_CASE("missing queries: bad input for fit queries, omitted for explanation-only ones") {
  Json entries = Json::array({Json{{"offload", "partial"}, {"estimate", items(1)}}});
  gguf::Query missing = query("partial", std::vector<double>{17171480576, 1}, std::vector<std::string>{"h:50053"});
  SECTION("no profile: the error names offload, normalised split and rpc under gguf_parser") {
    Scenario sc = load_scenario(scenario_with(entries, false));
    Trace trace;
    auto provider = make_gguf_estimate_provider(sc, sc.model, trace);
    gguf_fit::QueryLog log(*provider, sc, trace, handed_requirement(trace));
    try {
      log.require(missing, "test");
      FAIL("expected an InputError");
    } catch (const InputError& e) {
      CHECK(e.pointer() == "/estimates/gguf_parser");
      CHECK(e.message().find("offload=partial, tensor_split=[16376, 0], rpc=[h:50053]") != std::string::npos);
    }
    CHECK(log.optional(missing, "explanation") == nullptr);
    const Json& q = trace.root()["requirement"]["queries"];
    REQUIRE(q.size() == 1);
    CHECK(q[0]["source"] == "missing");
    CHECK(q[0]["uses"] == 2);
    CHECK(q[0]["normalised_split"] == Json::array({16376, 0}));
  }
  SECTION("with a profile the estimator is asked; unanswered, the error points at the profile") {
    Scenario sc = load_scenario(scenario_with(entries, true));
    Trace trace;
    auto provider = make_gguf_estimate_provider(sc, sc.model, trace);
    gguf_fit::QueryLog log(*provider, sc, trace, handed_requirement(trace));
    CHECK(&log.require(query("partial", std::nullopt, std::nullopt), "base") != nullptr);
    try {
      log.require(missing, "test");
      FAIL("expected an InputError");
    } catch (const InputError& e) {
      CHECK(e.pointer().rfind("/estimates/gguf_profile", 0) == 0);
    }
  }
  SECTION("mixed split values mark Q24") {
    Scenario sc = load_scenario(scenario_with(entries, false));
    Trace trace;
    auto provider = make_gguf_estimate_provider(sc, sc.model, trace);
    gguf_fit::QueryLog log(*provider, sc, trace, handed_requirement(trace));
    log.optional(missing, "explanation");
    REQUIRE(trace.root()["quirks"].size() == 1);
    CHECK(trace.root()["quirks"][0]["id"] == "Q24");
  }
}

TEST_CASE("query log: requirement.queries and estimator_calls are filled as the fit asks") {
  Json entries = Json::array({Json{{"offload", "full"}, {"estimate", items(1)}},
                              Json{{"offload", "partial"}, {"estimate", items(2)}}});
  Scenario sc = load_scenario(scenario_with(entries, false));
  Trace trace;
  auto provider = make_gguf_estimate_provider(sc, sc.model, trace);
  gguf_fit::QueryLog log(*provider, sc, trace, handed_requirement(trace));
  // (asked, by, explanation only): the first asker names the record; repeats only count.
  struct Ask {
    const char* offload;
    const char* by;
    bool explanation;
  };
  for (const Ask& a : std::vector<Ask>{{"full", "s1", false}, {"partial", "s4", false}, {"full", "s2", true}, {"full", "s3", false}}) {
    if (a.explanation) CHECK(marker_of(log.optional(query(a.offload, std::nullopt, std::nullopt), a.by)) == 1);
    else log.require(query(a.offload, std::nullopt, std::nullopt), a.by);
  }
  CHECK(log.distinct() == 2);
  const Json& r = trace.root()["requirement"];
  std::vector<std::string> keys;
  for (auto it = r.begin(); it != r.end(); ++it) keys.push_back(it.key());
  CHECK(keys == std::vector<std::string>{"selector", "queries", "estimator_calls"});  // no setup yet
  REQUIRE(r["queries"].size() == 2);
  CHECK(r["queries"][0] == Json{{"offload", "full"},  {"tensor_split", nullptr}, {"normalised_split", nullptr}, {"rpc", nullptr},
                                {"source", "recorded"}, {"asked_by", "s1"},      {"explanation_only", false},  {"uses", 3}});
  CHECK(r["queries"][1]["offload"] == "partial");
  CHECK(r["queries"][1]["asked_by"] == "s4");
  CHECK(r["queries"][1]["uses"] == 1);
  CHECK(r["estimator_calls"] == 0);  // every answer was recorded
}
