// typed_edit: an edit applied to the typed Scenario decides exactly as the edited document loaded
// again, on every example and case; values the loader would refuse are left to it.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "app/examples.h"
#include "app/typed_edit.h"
#include "result_writer.h"
#include "scenario/scenario_loader.h"
#include "scenario/errors.h"
#include "scheduler.h"

using placement::Json;
using placement::ui::typed_edit;

namespace {

// The decision printed, or the error deciding refused it with (missing model facts).
std::string decision_text(const placement::Scenario& s) {
  std::string text;
  try {
    placement::write_schedule_result_text(placement::schedule(s), [&text](const char* d, std::size_t n) { text.append(d, n); });
  } catch (const placement::InputError& e) {
    return std::string("refused: ") + e.what();
  }
  return text;
}

}  // namespace

TEST_CASE("replicas set on the typed Scenario decide as the edited document") {
  int checked = 0;
  for (const char* dir : {"examples/scenarios", "tests/cases/gpustack"}) {
    for (const auto& e : std::filesystem::directory_iterator(std::filesystem::path(PE_SOURCE_DIR) / dir)) {
      if (e.path().extension() != ".json") continue;
      INFO(e.path().filename().string());
      std::ifstream in(e.path(), std::ios::binary);
      std::stringstream ss;
      ss << in.rdbuf();
      Json doc = Json::parse(ss.str(), nullptr, false);
      if (doc.is_discarded() || !doc.contains("model")) continue;
      std::optional<placement::Scenario> before;
      try {
        before = placement::load_scenario(doc);
      } catch (const std::exception&) {
        continue;  // refused: the app has no typed Scenario to edit
      }
      for (const Json& value : {Json(0), Json(3), Json(7u)}) {
        const auto after = typed_edit(*before, Json::json_pointer("/model/replicas"), value);
        REQUIRE(after);
        doc["model"]["replicas"] = value;
        CHECK(decision_text(*after) == decision_text(placement::load_scenario(doc)));
        ++checked;
      }
    }
  }
  CHECK(checked > 150);
}

TEST_CASE("edits the typed Scenario does not take are left to the loader") {
  const placement::Scenario before = placement::load_scenario(Json::parse(placement::ui::find_example("binpack-vs-spread")->text));
  struct Row {
    const char* pointer;
    Json value;
  };
  const Row rows[] = {
      {"/model/replicas", Json(-1)},       {"/model/replicas", Json(100001)}, {"/model/replicas", Json(2.0)},
      {"/model/replicas", Json("2")},      {"/model/replicas", Json(nullptr)}, {"/model/name", Json("x")},
      {"/workers/0/name", Json("w")},      {"/model", Json::object()},
  };
  for (const Row& r : rows) {
    INFO(r.pointer << " = " << r.value.dump());
    CHECK_FALSE(typed_edit(before, Json::json_pointer(r.pointer), r.value));
  }
  const auto ok = typed_edit(before, Json::json_pointer("/model/replicas"), Json(100000));
  REQUIRE(ok);
  CHECK(ok->model.replicas == 100000);
}
