// Embind surface of the scheduler core: JSON text in, JSON text out (toolchain.md trap 9: embind
// std::string, never ccall, for multi-megabyte documents). The what-if answers are the CLI's
// `capacity|advise|diff|sweep --json` output, byte for byte (core/whatif/whatif_json.h).
#include <emscripten/bind.h>

#include <string>

#include "scheduler.h"
#include "whatif/whatif_json.h"

namespace {

std::string schedule(const std::string& scenario) { return placement::schedule_json(scenario); }
std::string scale_down(const std::string& scenario) { return placement::scale_down_json(scenario); }
std::string capacity(const std::string& scenario, int limit) { return placement::whatif::capacity_json(scenario, limit); }
std::string advise(const std::string& scenario, int replicas) { return placement::whatif::advise_json(scenario, replicas); }
std::string compare(const std::string& a, const std::string& b) { return placement::whatif::compare_json(a, b); }
std::string sweep(const std::string& scenario, const std::string& spec) { return placement::whatif::sweep_json(scenario, spec); }

}  // namespace

EMSCRIPTEN_BINDINGS(placement_core) {
  emscripten::function("schedule", &schedule);
  emscripten::function("scaleDown", &scale_down);
  emscripten::function("capacity", &capacity);
  emscripten::function("advise", &advise);
  emscripten::function("compare", &compare);
  emscripten::function("sweep", &sweep);
}
