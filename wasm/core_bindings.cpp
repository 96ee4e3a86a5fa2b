// Embind surface of the scheduler core: JSON text in, JSON text out (toolchain.md trap 9: embind
// std::string, never ccall, for multi-megabyte documents).
#include <emscripten/bind.h>

#include <string>

#include "scheduler.h"

namespace {

std::string schedule(const std::string& scenario) { return placement::schedule_json(scenario); }
std::string scale_down(const std::string& scenario) { return placement::scale_down_json(scenario); }

}  // namespace

EMSCRIPTEN_BINDINGS(placement_core) {
  emscripten::function("schedule", &schedule);
  emscripten::function("scaleDown", &scale_down);
}
