// The edits the what-if commands make, as RFC 6902 patches on the scenario document.
#include <catch2/catch.hpp>

#include "scenario/errors.h"
#include "whatif/json_patch.h"

using namespace placement;
using namespace placement::whatif;

namespace {
Json with_params(Json params) { return Json{{"model", {{"backend_parameters", std::move(params)}}}}; }
}  // namespace

TEST_CASE("a backend parameter is set whichever way it is written", "[whatif][patch]") {
  struct Row {
    const char* name;
    Json params;
    Json want;  // the parameters after the patch
  };
  const std::vector<Row> rows = {
      {"absent", Json::array({"--tp=2"}), Json::array({"--tp=2", "--gpu-memory-utilization=0.80"})},
      {"key=value", Json::array({"--gpu-memory-utilization=0.9"}), Json::array({"--gpu-memory-utilization=0.80"})},
      {"key value in one element", Json::array({"--gpu-memory-utilization 0.9", "--tp=2"}),
       Json::array({"--gpu-memory-utilization=0.80", "--tp=2"})},
      {"key, value as two elements", Json::array({"--gpu-memory-utilization", "0.9"}), Json::array({"--gpu-memory-utilization", "0.80"})},
      {"a longer flag with the same prefix is another flag", Json::array({"--gpu-memory-utilization-x=1"}),
       Json::array({"--gpu-memory-utilization-x=1", "--gpu-memory-utilization=0.80"})},
  };
  for (const Row& r : rows) {
    SECTION(r.name) {
      const Json doc = with_params(r.params);
      const Json patched = apply_patch(doc, set_backend_parameter_patch(doc, "--gpu-memory-utilization", "0.80"));
      CHECK(patched["model"]["backend_parameters"] == r.want);
      CHECK(backend_parameter_value(patched, "--gpu-memory-utilization") == std::optional<std::string>("0.80"));
    }
  }
  SECTION("no backend_parameters at all") {
    const Json doc{{"model", Json::object()}};
    CHECK(apply_patch(doc, set_backend_parameter_patch(doc, "--ctx-size", "4096"))["model"]["backend_parameters"] ==
          Json::array({"--ctx-size=4096"}));
    CHECK_FALSE(backend_parameter_value(doc, "--ctx-size"));
  }
}

TEST_CASE("a value is set by JSON Pointer: replace if present, add if its parent is", "[whatif][patch]") {
  const Json doc{{"model", {{"replicas", 1}}}, {"workers", Json::array({Json{{"state", "ready"}}})}};
  CHECK(set_value_op(doc, "/model/replicas", 3)["op"] == "replace");
  CHECK(set_value_op(doc, "/model/cpu_offloading", true)["op"] == "add");
  CHECK(set_value_op(doc, "/workers/0/state", "not_ready")["op"] == "replace");
  struct Bad {
    const char* pointer;
  };
  for (const char* bad : {"model/replicas", "/nope/x", "/model/replicas/x", "/workers/~2"}) {
    SECTION(bad) {
      try {
        set_value_op(doc, bad, 1);
        FAIL("accepted " << bad);
      } catch (const InputError& e) {
        CHECK(e.pointer() == bad);
      }
    }
  }
}

TEST_CASE("a patch that does not apply names its path", "[whatif][patch]") {
  const Json doc{{"model", Json::object()}};
  try {
    apply_patch(doc, Json::array({{{"op", "remove"}, {"path", "/model/missing"}}}));
    FAIL("applied");
  } catch (const InputError& e) {
    CHECK(e.pointer() == "/model/missing");
  }
}
