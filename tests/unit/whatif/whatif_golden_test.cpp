// Golden ("approval") text of the what-if commands, as `placement capacity|diff|sweep|advise`
// print it without --json (the CLI calls these same renderers). Rewrite after an intended change
// with PE_UPDATE_GOLDEN=1 and review the diff.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>

#include "scenario/scenario_loader.h"
#include "whatif/advise/advise.h"
#include "whatif/capacity.h"
#include "whatif/compare.h"
#include "whatif/json_patch.h"
#include "whatif/sweep.h"
#include "whatif/whatif_text.h"

using namespace placement;
using namespace placement::whatif;
namespace fs = std::filesystem;

namespace {
Json example(const std::string& name) {
  std::ifstream in(fs::path(PE_SOURCE_DIR) / "examples/scenarios" / name, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return parse_scenario_document(ss.str());
}

std::string capacity_text(const std::string& file) {
  const Json doc = example(file);
  const Scenario s = load_scenario(doc);
  return render_capacity_text(s, capacity_to_json(capacity(s, kDefaultCapacityLimit)));
}

std::string diff_text(const std::string& file, const std::string& set) {
  const Json a = example(file);
  const SweepSpec spec = parse_sweep_spec(set);
  const Json b = apply_patch(a, sweep_patch(a, spec.setting, spec.values[0]));
  return render_compare_text(compare(schedule(load_scenario(a)), schedule(load_scenario(b))));
}

std::string sweep_text(const std::string& file, const std::string& set) { return render_sweep_text(sweep(example(file), parse_sweep_spec(set))); }

std::string advise_text(const std::string& file, int replicas) { return render_advise_text(advise(example(file), replicas)); }
}  // namespace

TEST_CASE("golden what-if text", "[whatif][golden]") {
  const std::vector<std::pair<std::string, std::function<std::string()>>> rows = {
      {"capacity-binpack-vs-spread", [] { return capacity_text("binpack-vs-spread.json"); }},
      {"capacity-distributed-vllm", [] { return capacity_text("distributed-vllm.json"); }},
      {"capacity-replicas", [] { return capacity_text("capacity-replicas.json"); }},
      {"diff-nothing-fits-distributed", [] { return diff_text("nothing-fits.json", "/model/distributed_inference_across_workers=true"); }},
      {"diff-compare-memory-utilization", [] { return diff_text("compare-memory-utilization.json", "--gpu-memory-utilization=0.6"); }},
      {"sweep-replicas-binpack-vs-spread", [] { return sweep_text("binpack-vs-spread.json", "replicas=1,2,4,8"); }},
      {"sweep-memory-utilization", [] { return sweep_text("sweep-memory-utilization.json", "--gpu-memory-utilization=0.3,0.5,0.6,0.7,0.8,0.9,0.95"); }},
      {"advise-nothing-fits", [] { return advise_text("nothing-fits.json", 1); }},
      {"advise-what-would-fit", [] { return advise_text("advise-what-would-fit.json", 1); }},
      {"advise-two-levers", [] { return advise_text("advise-two-levers.json", 1); }},
      {"advise-replicas-binpack-vs-spread", [] { return advise_text("binpack-vs-spread.json", 4); }},
      {"advise-gguf-context", [] { return advise_text("advise-gguf-context.json", 1); }},
      {"sweep-gguf-context", [] { return sweep_text("advise-gguf-context.json", "--ctx-size=2048,4096,6144,8192"); }},
  };
  const bool update = std::getenv("PE_UPDATE_GOLDEN") != nullptr;
  for (const auto& [name, render] : rows) {
    SECTION(name) {
      const fs::path golden = fs::path(PE_TEST_DATA_DIR) / "golden" / "whatif" / (name + ".txt");
      const std::string got = render();
      if (update) {
        fs::create_directories(golden.parent_path());
        std::ofstream(golden, std::ios::binary) << got;
      }
      REQUIRE(fs::exists(golden));
      std::ifstream in(golden, std::ios::binary);
      std::ostringstream want;
      want << in.rdbuf();
      CHECK(got == want.str());
    }
  }
}
