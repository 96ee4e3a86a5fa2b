// The GGUF --ctx-size lever: offered only when the built-in estimator can answer for another
// context (a GGUF profile), the largest context on its 256-token grid that fits, the spelling the
// backend parameters use, and nothing when the scenario has only recorded gguf-parser outputs.
#include <catch2/catch.hpp>

#include "gguf/profile_estimate.h"
#include "scenario/scenario_loader.h"
#include "whatif/advise/advise.h"
#include "whatif/outcome.h"
#include "gguf_ctx_fixture.h"

using namespace placement;
using namespace placement::whatif;
using placement::test::gguf_ctx_scenario;

namespace {

constexpr Bytes kSmallGpu = 6656 * kMiB;  // 6.5 GiB: 8192 and 4096 tokens do not fit, 2048 does

const Json* ctx_suggestion(const Json& answer) {
  for (const Json& s : answer["suggestions"])
    if (s["lever"] == "gguf_ctx_size") return &s;
  return nullptr;
}

// The context a patched scenario gives gguf-parser, read back by the element the patch wrote.
long long patched_ctx(const Json& doc, const Json& patch) {
  const Json params = doc.patch(patch)["model"]["backend_parameters"];
  for (std::size_t i = 0; i < params.size(); ++i) {
    const std::string e = params[i].get<std::string>();
    for (const std::string flag : {"--ctx-size", "-c"}) {
      if (e == flag) return std::stoll(params[i + 1].get<std::string>());
      if (e.rfind(flag + "=", 0) == 0) return std::stoll(e.substr(flag.size() + 1));
    }
  }
  return -1;
}

bool fits(const Json& doc) { return decide(load_scenario(doc)).fits; }

// The profile scenario with every query its decision makes recorded as a gguf-parser output (the
// estimator's answer at the current context), as a scenario saved from a GPUStack run has them.
Json with_recorded_outputs(const Json& doc) {
  const Scenario sc = load_scenario(doc);
  const ScheduleResult r = schedule(sc);
  Json out = doc;
  out["estimates"]["gguf_parser"] = Json::array();
  for (const Json& q : r.trace.root()["requirement"]["queries"]) {
    gguf::Query query;
    query.offload = q["offload"].get<std::string>();
    if (q["tensor_split"].is_array()) query.tensor_split = q["tensor_split"].get<std::vector<double>>();
    if (q["rpc"].is_array()) query.rpc = q["rpc"].get<std::vector<std::string>>();
    const auto e = gguf::estimate_from_profile(*sc.estimates.gguf_profile, query, sc.model);
    REQUIRE(e);
    out["estimates"]["gguf_parser"].push_back(
        Json{{"offload", q["offload"]}, {"tensor_split", q["tensor_split"]}, {"rpc", q["rpc"]}, {"estimate", gguf::estimate_to_json(*e)["estimate"]}});
  }
  REQUIRE_FALSE(out["estimates"]["gguf_parser"].empty());
  return out;
}

}  // namespace

TEST_CASE("GGUF --ctx-size: the largest context that fits, in the spelling given", "[whatif][advise]") {
  struct Row {
    const char* name;
    Json params;
    const char* summary_start;  // nullptr: the lever offers nothing
    long long upper;            // the context the search starts below
  };
  const std::vector<Row> rows = {
      {"GPUStack's default context", Json::array(), "set --ctx-size to ", 8192},
      {"a separate value", Json::array({"--ctx-size", "16384"}), "set --ctx-size to ", 16384},
      {"the short spelling", Json::array({"-c=8192", "--parallel-size=4"}), "set -c to ", 8192},
      {"0: the model's training context", Json::array({"--ctx-size=0"}), "set --ctx-size to ", 8192},
      // argparse rejects the list (a flag given a value): GPUStack keeps every default, so no
      // --ctx-size the lever could write would be read.
      {"parameters GPUStack cannot parse", Json::array({"--flash-attn=on"}), nullptr, 0},
  };
  for (const Row& r : rows) {
    SECTION(r.name) {
      const Json doc = gguf_ctx_scenario(kSmallGpu, r.params);
      const Json a = advise(doc, 1);
      REQUIRE(a["fits"] == false);
      const Json* s = ctx_suggestion(a);
      if (!r.summary_start) {
        CHECK(s == nullptr);
        continue;
      }
      REQUIRE(s != nullptr);
      const std::string summary = (*s)["summary"].get<std::string>();
      CHECK(summary.rfind(r.summary_start, 0) == 0);
      CHECK((*s)["cost"]["class"] == "parameter");
      const long long v = patched_ctx(doc, (*s)["patch"]);
      CHECK(v % 256 == 0);
      CHECK(v >= 2048);
      CHECK(v < 4096);
      CHECK(v < r.upper);
      // One grid step more does not fit: it is the largest.
      Json more = doc;
      more["model"]["backend_parameters"] = Json::array({"--ctx-size=" + std::to_string(v + 256)});
      CHECK_FALSE(fits(more));
      CHECK(fits(doc.patch((*s)["patch"])));
    }
  }
}

TEST_CASE("GGUF --ctx-size is not offered where it cannot help or cannot be verified", "[whatif][advise]") {
  SECTION("it fits already") { CHECK(advise(gguf_ctx_scenario(8 * kGiB), 1)["fits"] == true); }
  SECTION("no context fits: the weights alone are too large") {
    const Json a = advise(gguf_ctx_scenario(4 * kGiB), 1);
    CHECK(a["fits"] == false);
    CHECK(ctx_suggestion(a) == nullptr);
  }
  SECTION("a context already at the grid's floor") {
    const Json a = advise(gguf_ctx_scenario(4 * kGiB, Json::array({"--ctx-size=256"})), 1);
    CHECK(ctx_suggestion(a) == nullptr);
  }
  SECTION("recorded gguf-parser outputs only: they answer for the current context alone") {
    Json doc = with_recorded_outputs(gguf_ctx_scenario(kSmallGpu));
    doc["estimates"].erase("gguf_profile");
    const Json a = advise(doc, 1);
    CHECK(a["fits"] == false);
    CHECK(ctx_suggestion(a) == nullptr);
  }
}

TEST_CASE("GGUF --ctx-size with recorded outputs and a profile drops the recordings", "[whatif][advise]") {
  const Json doc = with_recorded_outputs(gguf_ctx_scenario(kSmallGpu));
  const Json a = advise(doc, 1);
  const Json* s = ctx_suggestion(a);
  REQUIRE(s != nullptr);
  const Json& patch = (*s)["patch"];
  CHECK(patch.back() == Json{{"op", "remove"}, {"path", "/estimates/gguf_parser"}});
  CHECK((*s)["summary"].get<std::string>().find("recorded gguf-parser outputs") != std::string::npos);
  // Without the removal the recordings (made at 8192 tokens) would still answer: no fit.
  Json kept = patch;
  kept.erase(kept.size() - 1);
  CHECK_FALSE(fits(doc.patch(kept)));
  const Outcome o = decide(load_scenario(doc.patch(patch)));
  REQUIRE(o.winner);
  CHECK(placement_json(*o.winner) == (*s)["placement"]);
}
