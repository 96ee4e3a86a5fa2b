// The advice search's fast paths must give exactly the answers of the slow ones: a patch applied to
// the typed scenario equals the patched document loaded again (and the edit puts the working
// scenario back exactly), and a decision that skips the failure line has the traced decision's
// winner. Checked on every example and acceptance case, per kind of patch the levers make (and
// patches the typed path must hand back or refuse).
#include <catch2/catch.hpp>

#include <functional>

#include "scenario/errors.h"
#include "scenario/scenario_loader.h"
#include "scheduler.h"
#include "whatif/capacity.h"
#include "whatif/json_patch.h"
#include "whatif/outcome.h"
#include "whatif/typed_patch.h"
#include "whatif_fixtures.h"

using namespace placement;
using namespace placement::whatif;
using placement::test::scenario_documents;

namespace {

std::vector<std::pair<std::string, Json>> all_documents() {
  return scenario_documents({"examples/scenarios", "tests/cases/gpustack", "tests/cases/production", "tests/cases/differential",
                             "tests/cases/fidelity"});
}

std::size_t count_of(const Json& doc, const char* key) { return doc.contains(key) && doc[key].is_array() ? doc[key].size() : 0; }

Json op(const std::string& kind, const std::string& path, Json value = nullptr) {
  Json o{{"op", kind}, {"path", path}};
  if (kind != "remove") o["value"] = std::move(value);
  return o;
}

Json renamed_worker(const Json& doc, std::int64_t id) {
  Json w = doc["workers"][0];
  w["id"] = id;
  w["name"] = w.value("name", std::string()) + "-copy";
  return w;
}

// What a scenario decides, as text: the whole result JSON (trace and warnings included), or the
// input error the decision raises.
std::string decided(const Scenario& s) {
  try {
    return schedule_result_to_json(schedule(s)).dump();
  } catch (const InputError& e) {
    return "input error: " + e.message();
  }
}

enum class Expect { same, handed_back, refused };

struct PatchRow {
  const char* what;
  std::function<Json(const Json&)> patch;  // null: not applicable to this document
  Expect expect;
};

const std::vector<PatchRow>& patch_rows() {
  static const std::vector<PatchRow> rows = {
      {"remove the first instance", [](const Json& d) { return count_of(d, "model_instances") ? Json::array({op("remove", "/model_instances/0")}) : Json(); },
       Expect::same},
      {"remove the last two instances, highest position first",
       [](const Json& d) {
         const std::size_t n = count_of(d, "model_instances");
         return n >= 2 ? Json::array({op("remove", "/model_instances/" + std::to_string(n - 1)), op("remove", "/model_instances/" + std::to_string(n - 2))})
                       : Json();
       },
       Expect::same},
      {"remove an instance, then change the one now at its place",
       [](const Json& d) {
         return count_of(d, "model_instances") >= 2 ? Json::array({op("remove", "/model_instances/0"), op("add", "/model_instances/0/state", "error")})
                                                    : Json();
       },
       Expect::same},
      {"swap GPU 0 of worker 0 for a larger one",
       [](const Json& d) {
         if (!count_of(d, "workers") || !d["workers"][0].contains("status") || count_of(d["workers"][0]["status"], "gpu_devices") == 0) return Json();
         return Json::array({op("add", "/workers/0/status/gpu_devices/0/name", "NVIDIA H200"),
                             op("add", "/workers/0/status/gpu_devices/0/memory", Json{{"total", 150 * kGiB}})});
       },
       Expect::same},
      {"a copy of worker 0 under a new id and name, appended",
       [](const Json& d) { return count_of(d, "workers") ? Json::array({op("add", "/workers/-", renamed_worker(d, 900001))}) : Json(); }, Expect::same},
      {"a copy of worker 0 under a new id and name, inserted first",
       [](const Json& d) { return count_of(d, "workers") ? Json::array({op("add", "/workers/0", renamed_worker(d, 900002))}) : Json(); }, Expect::same},
      {"worker 0 in a state GPUStack does not know",
       [](const Json& d) { return count_of(d, "workers") ? Json::array({op("add", "/workers/0/state", "mystery")}) : Json(); }, Expect::same},
      {"worker 0 removed", [](const Json& d) { return count_of(d, "workers") ? Json::array({op("remove", "/workers/0")}) : Json(); }, Expect::same},
      {"the spread strategy", [](const Json&) { return Json::array({op("add", "/model/placement_strategy", "spread")}); }, Expect::same},
      {"a backend parameter appended",
       [](const Json& d) {
         return d["model"].contains("backend_parameters") && d["model"]["backend_parameters"].is_array()
                    ? Json::array({op("add", "/model/backend_parameters/-", "--gpu-memory-utilization=0.95")})
                    : Json();
       },
       Expect::same},
      {"the whole model replaced by itself", [](const Json& d) { return Json::array({op("replace", "/model", d["model"])}); }, Expect::same},
      {"an exact copy of worker 0: a duplicate the loader refuses",
       [](const Json& d) { return count_of(d, "workers") ? Json::array({op("add", "/workers/-", d["workers"][0])}) : Json(); }, Expect::refused},
      {"a removal past the end",
       [](const Json& d) { return Json::array({op("remove", "/model_instances/" + std::to_string(count_of(d, "model_instances")))}); }, Expect::refused},
      {"a worker id that is not a number",
       [](const Json& d) { return count_of(d, "workers") ? Json::array({op("replace", "/workers/0/id", "seven")}) : Json(); }, Expect::refused},
      {"a section the typed path does not take", [](const Json&) { return Json::array({op("add", "/skip_evaluation", true)}); }, Expect::handed_back},
      {"an op the typed path does not take",
       [](const Json&) { return Json::array({Json{{"op", "copy"}, {"from", "/model"}, {"path", "/model_copy"}}}); }, Expect::handed_back},
  };
  return rows;
}

}  // namespace

TEST_CASE("a patch applied to the typed scenario equals the patched document loaded again", "[whatif][patch]") {
  int same = 0, handed_back = 0, refused = 0;
  for (const auto& [name, doc] : all_documents()) {
    std::optional<Scenario> base;
    try {
      base = load_scenario(doc);
    } catch (const InputError&) {
      continue;  // cases of bad input
    }
    Scenario work = *base;  // edited in place by every row, and put back after each
    const std::string base_decided = decided(*base);
    for (const PatchRow& row : patch_rows()) {
      const Json patch = row.patch(doc);
      if (patch.is_null()) continue;
      INFO(name << ": " << row.what);
      std::optional<Scenario> full;
      try {
        full = load_scenario(apply_patch(doc, patch));
      } catch (const InputError&) {
      }
      std::optional<Scenario> typed;
      bool typed_refused = false;
      try {
        typed = patch_scenario(doc, *base, patch);
      } catch (const InputError&) {
        typed_refused = true;
      }
      {
        ScenarioEdit edit(work, doc);
        try {
          edit.apply(patch);
        } catch (const InputError&) {
        }
      }
      CHECK(decided(work) == base_decided);
      if (!full) {
        CHECK(row.expect == Expect::refused);
        CHECK_FALSE(typed);  // refused, or handed back to the full path (which refuses)
        refused += typed_refused || !typed;
        continue;
      }
      CHECK_FALSE(typed_refused);
      if (row.expect == Expect::handed_back) {
        CHECK_FALSE(typed);
        ++handed_back;
        continue;
      }
      REQUIRE(typed);
      CHECK(typed->warnings == full->warnings);
      CHECK(decided(*typed) == decided(*full));
      ++same;
    }
  }
  CHECK(same > 500);
  CHECK(handed_back > 100);
  CHECK(refused > 100);
}

TEST_CASE("a decision without the failure line has the traced decision's answer", "[whatif][capacity]") {
  int compared = 0;
  for (const auto& [name, doc] : all_documents()) {
    std::optional<Scenario> s;
    try {
      s = load_scenario(doc);
      decide(*s);
    } catch (const InputError&) {
      continue;
    }
    for (int replicas : {1, 3}) {
      INFO(name << ", replicas " << replicas);
      Outcome traced;
      try {
        traced = decide(*s, replicas);
      } catch (const InputError&) {  // a later round needs an estimate the scenario lacks
        CHECK_THROWS_AS(decide_fit(*s, replicas), InputError);
        continue;
      }
      const Outcome fast = decide_fit(*s, replicas);
      CHECK(fast.fits == traced.fits);
      CHECK(fast.replicas == traced.replicas);
      CHECK(fast.scheduler_runs == traced.scheduler_runs);
      CHECK(fast.strategy == traced.strategy);
      REQUIRE(fast.winner.has_value() == traced.winner.has_value());
      if (fast.winner) CHECK(candidate_to_json(*fast.winner) == candidate_to_json(*traced.winner));
      CHECK(fast.failure.is_null());
      CHECK(traced.failure.is_null() == traced.fits);
      ++compared;
    }
  }
  CHECK(compared > 200);
}
