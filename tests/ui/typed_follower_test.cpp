// TypedFollower: after every edit the app makes as patches (a worker removed with its instances,
// a scale-down, a reset of the instances, Deploy, workers appended, a value set) and after the
// undo and the redo of each, on every example and case, the documents are exact and the typed
// Scenario the app would decide from decides as the document loaded again (schedule and
// scale-down result bytes); its lists hold the same elements in the same order.
#include <catch2/catch.hpp>

#include <algorithm>
#include <functional>
#include <optional>

#include "app/app_state.h"
#include "app/deploy.h"
#include "app/deploy_until_full.h"
#include "app/typed_follower.h"
#include "app/worker_edits.h"
#include "result_writer.h"
#include "scenario/errors.h"
#include "scenario/scenario_loader.h"
#include "scenario_files.h"
#include "scheduler.h"

using placement::Json;
using placement::Scenario;
using placement::ui::AppState;
using placement::ui::ChangeObserver;
using placement::ui::TypedFollower;

namespace {

// The schedule and scale-down results as printed (or the refusal), the load's warnings, and the
// lists' elements by id, name and worker, in order: an element erased or inserted at the wrong
// place shows here even where the decision does not change.
std::string decision_text(const Scenario& s) {
  std::string text;
  for (const std::string& w : s.warnings) text += "warning: " + w + "\n";
  for (const placement::Worker& w : s.workers) text += "worker " + std::to_string(w.id) + " " + w.name + "\n";
  for (const placement::ModelInstance& m : s.model_instances)
    text += "instance " + std::to_string(m.id) + " on " + (m.worker_id ? std::to_string(*m.worker_id) : "-") + "\n";
  const auto sink = [&text](const char* d, std::size_t n) { text.append(d, n); };
  try {
    placement::write_schedule_result_text(placement::schedule(s), sink);
    placement::write_scale_down_result_text(placement::scale_down(s), sink);
  } catch (const placement::InputError& e) {
    text += std::string("refused: ") + e.what();
  }
  return text;
}

std::optional<Scenario> try_load(const Json& doc) {
  try {
    return placement::load_scenario(doc);
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

// One edit: applies itself to `state` (reporting to the observer); whether it changed anything.
// `expected`: the document it should make from `doc`, as the whole-document functions make it.
struct EditRow {
  const char* name;
  std::function<bool(AppState&, const Json& doc, ChangeObserver*)> apply;
  std::function<Json(const Json& doc)> expected;
};

std::vector<Json> model_instance_ids(const Json& doc) {
  std::vector<Json> ids;
  for (const Json& inst : doc.value("model_instances", Json::array()))
    if (inst.is_object() && doc["model"].is_object() && inst.value("model_id", Json()) == doc["model"].value("id", Json()) && !inst.value("model_id", Json()).is_null())
      ids.push_back(inst["id"]);
  return ids;
}

std::size_t worker_count(const Json& doc) { return doc.contains("workers") && doc["workers"].is_array() ? doc["workers"].size() : 0; }

EditRow remove_worker_row(const char* name, std::function<std::size_t(const Json&)> index) {
  return {name,
          [index](AppState& s, const Json& doc, ChangeObserver* o) { return s.patch(placement::ui::remove_worker_patches(doc, index(doc)), o); },
          [index](const Json& doc) { return placement::ui::remove_worker(doc, index(doc)); }};
}

// Scale down by `fewer` of the model's instances (its first ones), replicas to what is left.
EditRow scale_down_row(const char* name, std::size_t fewer) {
  const auto args = [fewer](const Json& doc) {
    std::vector<Json> ids = model_instance_ids(doc);
    const std::size_t n = std::min(fewer, ids.size());
    return std::make_pair(Json(std::vector<Json>(ids.begin(), ids.begin() + std::ptrdiff_t(n))), static_cast<long long>(ids.size() - n));
  };
  return {name,
          [args](AppState& s, const Json& doc, ChangeObserver* o) {
            const auto [ids, replicas] = args(doc);
            return s.patch(placement::ui::scale_down_patches(doc, ids, replicas), o);
          },
          [args](const Json& doc) {
            const auto [ids, replicas] = args(doc);
            return placement::ui::scale_down_to(doc, ids, replicas);
          }};
}

// Reset to a baseline: every instance but the last, replicas as GPUStack's default (absent).
Json short_baseline(const Json& doc) {
  Json instances = doc.value("model_instances", Json::array());
  if (instances.is_array() && !instances.empty()) instances.erase(instances.end() - 1);
  return Json{{"model_instances", instances}, {"replicas", nullptr}};
}

// The value at `pointer` set (to `value(doc)`), as a panel's field sets it.
EditRow set_row(const char* name, const char* pointer, std::function<Json(const Json&)> value) {
  const Json::json_pointer p(pointer);
  return {name,
          [p, value](AppState& s, const Json& doc, ChangeObserver* o) {
            if (!doc.contains(p.parent_pointer()) || (doc.contains(p) && doc.at(p) == value(doc))) return false;
            s.set(p, value(doc), "", o);
            return s.undo_depth() == 1;
          },
          [p, value](const Json& doc) {
            Json d = doc;
            d[p] = value(doc);
            return d;
          }};
}
EditRow set_row(const char* name, const char* pointer, Json value) {
  return set_row(name, pointer, [value](const Json&) { return value; });
}

std::vector<EditRow> edit_rows() {
  return {
      remove_worker_row("remove the first worker", [](const Json&) { return std::size_t(0); }),
      remove_worker_row("remove the middle worker", [](const Json& d) { return worker_count(d) / 2; }),
      remove_worker_row("remove the last worker", [](const Json& d) { return worker_count(d) - 1; }),
      scale_down_row("scale down by one", 1),
      scale_down_row("scale down to none", 1000000),
      {"reset to fewer instances",
       [](AppState& s, const Json& doc, ChangeObserver* o) { return s.patch(placement::ui::reset_patches(doc, short_baseline(doc)), o); },
       [](const Json& doc) { return placement::ui::reset_instances(doc, short_baseline(doc)); }},
      {"reset to no instance list",
       [](AppState& s, const Json& doc, ChangeObserver* o) { return s.patch(placement::ui::reset_patches(doc, Json{{"model_instances", nullptr}, {"replicas", 4}}), o); },
       [](const Json& doc) { return placement::ui::reset_instances(doc, Json{{"model_instances", nullptr}, {"replicas", 4}}); }},
      {"deploy until full (at most 3)",
       [](AppState& s, const Json& doc, ChangeObserver* o) {
         placement::ui::FillOutcome placed = placement::ui::deploy_until_full(doc, 3);
         std::optional<Json> raised;
         if (placed.replicas) raised = Json(*placed.replicas);
         return !placed.instances.empty() &&
                s.append_and_set(Json::json_pointer("/model_instances"), placed.instances, Json::json_pointer("/model/replicas"), raised, o);
       },
       [](const Json& doc) { return placement::ui::deploy_until_full(doc, 3).document; }},
      {"append two workers",
       [](AppState& s, const Json& doc, ChangeObserver* o) { return s.append(Json::json_pointer("/workers"), placement::ui::copies_of(doc, 0, 2), o); },
       [](const Json& doc) { return placement::ui::add_copies(doc, 0, 2); }},
      {"set the first instance's state",
       [](AppState& s, const Json& doc, ChangeObserver* o) {
         if (!doc.contains("model_instances") || !doc["model_instances"].is_array() || doc["model_instances"].empty()) return false;
         s.set(Json::json_pointer("/model_instances/0/state"), Json("error"), "", o);
         return s.undo_depth() == 1;
       },
       [](const Json& doc) {
         Json d = doc;
         d["model_instances"][0]["state"] = "error";
         return d;
       }},
      set_row("give the first worker an unknown state (a warning)", "/workers/0/state", Json("draining")),
      set_row("rename the first worker", "/workers/0/name", Json("renamed-worker")),
      set_row("give the first worker the last one's name (refused)", "/workers/0/name", [](const Json& d) { return d["workers"].back()["name"]; }),
      set_row("give the first worker a new id", "/workers/0/id", Json(987654)),
      set_row("set the weights size", "/estimates/weights_bytes", Json(7LL << 30)),
      set_row("set a member the loader ignores", "/description", Json("edited")),
      set_row("set the scale-down target", "/scale_down", Json{{"replicas", 0}}),
      set_row("set skip_evaluation", "/skip_evaluation", Json(true)),
      set_row("set the whole worker list, reversed", "/workers", [](const Json& d) {
        Json list = d.value("workers", Json::array());
        std::reverse(list.begin(), list.end());
        return list;
      }),
      {"model and estimates set together (a GGUF file, a repo id)",
       [](AppState& s, const Json& doc, ChangeObserver* o) {
         Json model = doc["model"], estimates = doc.value("estimates", Json::object());
         model["name"] = "other-name";
         estimates["weights_bytes"] = 3LL << 30;
         return s.patch({{Json::json_pointer("/model"), model, std::nullopt}, {Json::json_pointer("/estimates"), estimates, std::nullopt}}, o);
       },
       [](const Json& doc) {
         Json d = doc;
         d["model"]["name"] = "other-name";
         if (!d.contains("estimates")) d["estimates"] = Json::object();
         d["estimates"]["weights_bytes"] = 3LL << 30;
         return d;
       }},
      {"set the replicas",
       [](AppState& s, const Json&, ChangeObserver* o) {
         s.set(Json::json_pointer("/model/replicas"), Json(5), "", o);
         return true;
       },
       [](const Json& doc) {
         Json d = doc;
         d["model"]["replicas"] = 5;
         return d;
       }},
  };
}

struct Counts {
  int followed = 0, fallback = 0;
};

// The Scenario the follower made (or, when it made none, the document loaded again, as the app
// does) after checking it decides as the document loaded again.
std::optional<Scenario> checked(const TypedFollower& follower, const Json& doc, Counts& counts) {
  const std::optional<Scenario> loaded = try_load(doc);
  const std::shared_ptr<const Scenario> typed = follower.result();
  if (!typed) {
    ++counts.fallback;
    return loaded;
  }
  REQUIRE(loaded);  // a followed change never makes a document the loader refuses
  CHECK(decision_text(*typed) == decision_text(*loaded));
  ++counts.followed;
  return *typed;
}

}  // namespace

TEST_CASE("edits, undo and redo followed on the typed Scenario decide as the document loaded again") {
  Counts counts;
  int edits = 0;
  for (const auto& path : placement::ui::test::scenario_files()) {
    const Json doc = Json::parse(placement::ui::test::read_text(path), nullptr, false);
    if (doc.is_discarded() || !doc.contains("model") || !doc["model"].is_object()) continue;
    const std::optional<Scenario> start = try_load(doc);
    if (!start) continue;
    for (const EditRow& row : edit_rows()) {
      if (worker_count(doc) == 0 && std::string(row.name).find("worker") != std::string::npos) continue;
      INFO(path.filename().string() << ": " << row.name);
      AppState state;
      state.reset(doc);
      TypedFollower edit(&*start);
      if (!row.apply(state, doc, &edit)) continue;
      ++edits;
      const Json after = row.expected(doc);
      REQUIRE(state.scenario() == after);
      std::optional<Scenario> typed = checked(edit, after, counts);
      REQUIRE(state.undo_depth() == 1);
      TypedFollower undo(typed ? &*typed : nullptr);
      REQUIRE(state.undo(&undo));
      REQUIRE(state.scenario() == doc);
      CHECK(state.scenario().dump() == doc.dump());  // key order too
      typed = checked(undo, doc, counts);
      TypedFollower redo(typed ? &*typed : nullptr);
      REQUIRE(state.redo(&redo));
      REQUIRE(state.scenario() == after);
      CHECK(state.scenario().dump() == after.dump());
      checked(redo, after, counts);
    }
  }
  CHECK(edits > 1000);
  CHECK(counts.followed > 3000);
  // Left to the whole load: only what the loader refuses (a worker name taken twice).
  CHECK(counts.fallback > 0);
  CHECK(counts.fallback < counts.followed / 10);
}

TEST_CASE("a change the follower makes at the wrong place shows in the check") {
  const Json doc = Json::parse(placement::ui::test::read_text(std::filesystem::path(PE_SOURCE_DIR) / "examples/scenarios/binpack-vs-spread.json"));
  const Scenario start = placement::load_scenario(doc);
  REQUIRE(start.workers.size() >= 2);
  Json after = doc;
  after["workers"].erase(after["workers"].begin());
  const std::string loaded = decision_text(placement::load_scenario(after));
  const Json::json_pointer workers("/workers");
  // The change as AppState reports it, and the same change told one element off.
  TypedFollower right(&start), wrong(&start);
  right.changed({placement::ui::DocumentChange::Kind::erased, workers, 0}, after);
  wrong.changed({placement::ui::DocumentChange::Kind::erased, workers, 1}, after);
  REQUIRE(right.result());
  REQUIRE(wrong.result());
  CHECK(decision_text(*right.result()) == loaded);
  CHECK(decision_text(*wrong.result()) != loaded);
  // Told a change its list does not match, or a change of the whole document, it makes none.
  TypedFollower twice(&start), whole(&start);
  twice.changed({placement::ui::DocumentChange::Kind::erased, workers, 0}, doc);
  whole.changed({placement::ui::DocumentChange::Kind::document, workers, 0}, after);
  CHECK_FALSE(twice.result());
  CHECK_FALSE(whole.result());
}

TEST_CASE("patch applies every place or none, and one undo step takes them all back") {
  AppState s;
  const Json doc = {{"a", Json::array({1, 2, 3})}, {"b", {{"c", 1}}}};
  s.reset(doc);
  using P = placement::ui::DocumentPatch;
  // An erase past the end refuses the whole patch; the earlier places are put back.
  CHECK_FALSE(s.patch({P{Json::json_pointer("/a"), std::nullopt, 0}, P{Json::json_pointer("/a"), std::nullopt, 7}}));
  CHECK(s.scenario() == doc);
  CHECK_FALSE(s.patch({P{Json::json_pointer("/b/c"), Json(1), std::nullopt}}));  // changes nothing
  CHECK_FALSE(s.patch({P{Json::json_pointer("/x/y"), Json(1), std::nullopt}}));  // no parent
  CHECK_FALSE(s.patch({P{Json::json_pointer("/a/0"), std::nullopt, std::nullopt}}));  // an element is not removed
  CHECK(s.undo_depth() == 0);
  REQUIRE(s.patch({P{Json::json_pointer("/a"), std::nullopt, 2}, P{Json::json_pointer("/a"), std::nullopt, 0}, P{Json::json_pointer("/b/c"), std::nullopt, std::nullopt},
                   P{Json::json_pointer("/b/d"), Json("new"), std::nullopt}}));
  const Json patched = {{"a", Json::array({2})}, {"b", {{"d", "new"}}}};
  CHECK(s.scenario() == patched);
  CHECK(s.undo_depth() == 1);
  REQUIRE(s.undo());
  CHECK(s.scenario().dump() == doc.dump());
  REQUIRE(s.redo());
  CHECK(s.scenario().dump() == patched.dump());
}

TEST_CASE("a patch inserts an element where it says, reports it, and undo takes it out") {
  AppState s;
  const Json doc = {{"a", Json::array({1, 2, 3})}, {"b", {{"c", 1}}}};
  s.reset(doc);
  using P = placement::ui::DocumentPatch;
  const auto insert = [](std::size_t at, std::optional<Json> value) { return P{Json::json_pointer("/a"), std::move(value), std::nullopt, at}; };
  // Past the end, with no value, or into no array: refused, and nothing is kept of the earlier places.
  CHECK_FALSE(s.patch({P{Json::json_pointer("/b/c"), Json(2), std::nullopt}, insert(4, Json(9))}));
  CHECK_FALSE(s.patch({insert(0, std::nullopt)}));
  CHECK_FALSE(s.patch({P{Json::json_pointer("/b"), Json(0), std::nullopt, 0}}));
  CHECK(s.scenario().dump() == doc.dump());
  CHECK(s.undo_depth() == 0);
  // At the end (the array's size) and before the first, in one step; the observer sees each.
  struct Seen final : placement::ui::ChangeObserver {
    std::vector<std::pair<placement::ui::DocumentChange::Kind, std::size_t>> changes;
    void changed(const placement::ui::DocumentChange& c, const Json&) override { changes.emplace_back(c.kind, c.index); }
  } seen;
  REQUIRE(s.patch({insert(3, Json(4)), insert(0, Json(0))}, &seen));
  CHECK(s.scenario()["a"] == Json::array({0, 1, 2, 3, 4}));
  using K = placement::ui::DocumentChange::Kind;
  CHECK(seen.changes == std::vector<std::pair<K, std::size_t>>{{K::inserted, 3}, {K::inserted, 0}});
  CHECK(s.undo_depth() == 1);
  REQUIRE(s.undo(&seen));
  CHECK(s.scenario().dump() == doc.dump());
  CHECK(seen.changes.size() == 4);
  CHECK(seen.changes[2].first == K::erased);
  REQUIRE(s.redo());
  CHECK(s.scenario()["a"] == Json::array({0, 1, 2, 3, 4}));
}

TEST_CASE("patches with a key coalesce while they name the places the open step kept") {
  AppState s;
  const Json doc = {{"model", {{"repo", "a"}}}, {"estimates", {{"w", 1}}}, {"other", 0}};
  s.reset(doc);
  using P = placement::ui::DocumentPatch;
  const auto both = [](const char* repo, int w) {
    return std::vector<P>{P{Json::json_pointer("/model/repo"), Json(repo), std::nullopt}, P{Json::json_pointer("/estimates/w"), Json(w), std::nullopt}};
  };
  // The first leaves the estimates as they were; the step keeps them anyway, so the next merges.
  REQUIRE(s.patch(both("ab", 1), nullptr, "repo"));
  REQUIRE(s.patch(both("abc", 2), nullptr, "repo"));
  CHECK(s.undo_depth() == 1);
  // Another place, or no key, starts a step of its own.
  REQUIRE(s.patch({P{Json::json_pointer("/other"), Json(1), std::nullopt}}, nullptr, "repo"));
  CHECK(s.undo_depth() == 2);
  REQUIRE(s.patch(both("abcd", 3), nullptr, ""));
  CHECK(s.undo_depth() == 3);
  REQUIRE(s.undo());
  REQUIRE(s.undo());
  CHECK(s.scenario()["other"] == 0);
  REQUIRE(s.undo());
  CHECK(s.scenario().dump() == doc.dump());
  // After seal() the same key starts a new step.
  REQUIRE(s.patch(both("x", 1), nullptr, "repo"));
  s.seal();
  REQUIRE(s.patch(both("xy", 1), nullptr, "repo"));
  CHECK(s.undo_depth() == 2);
}
