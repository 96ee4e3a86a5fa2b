// Embind surface of the scheduler core: JSON text in, JSON text out (toolchain.md trap 9: embind
// std::string, never ccall, for multi-megabyte documents), except the scheduling worker's GGUF
// estimates, which leave as bytes (decideForMainThread). The what-if answers are the CLI's
// `capacity|advise|diff|sweep --json` output, byte for byte (core/whatif/whatif_json.h).
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>

#include "estimate_handoff.h"
#include "scheduler.h"
#include "whatif/whatif_json.h"

namespace {

std::string schedule(const std::string& scenario) { return placement::schedule_json(scenario); }
std::string scale_down(const std::string& scenario) { return placement::scale_down_json(scenario); }
std::string capacity(const std::string& scenario, int limit) { return placement::whatif::capacity_json(scenario, limit); }
std::string advise(const std::string& scenario, int replicas) { return placement::whatif::advise_json(scenario, replicas); }
std::string compare(const std::string& a, const std::string& b) { return placement::whatif::compare_json(a, b); }
std::string sweep(const std::string& scenario, const std::string& spec) { return placement::whatif::sweep_json(scenario, spec); }
// The page's scheduling worker (ui/web/schedule_worker.js): {estimates: Uint8Array} for the main
// thread to decide with (core/estimate_handoff.h), or {schedule, scaleDown} texts when the
// estimates pass the memo's budget. The bytes are copied out of the module's memory, so the
// worker can transfer them.
emscripten::val decide_for_main_thread(const std::string& scenario) {
  placement::WorkerAnswer answer = placement::decide_for_main_thread(scenario);
  emscripten::val out = emscripten::val::object();
  if (answer.estimates) {
    const std::string& bytes = *answer.estimates;
    const auto view = emscripten::typed_memory_view(bytes.size(), reinterpret_cast<const unsigned char*>(bytes.data()));
    out.set("estimates", emscripten::val(view).call<emscripten::val>("slice"));
  } else {
    out.set("schedule", answer.schedule_text);
    out.set("scaleDown", answer.scale_down_text);
  }
  return out;
}

}  // namespace

EMSCRIPTEN_BINDINGS(placement_core) {
  emscripten::function("schedule", &schedule);
  emscripten::function("scaleDown", &scale_down);
  emscripten::function("capacity", &capacity);
  emscripten::function("advise", &advise);
  emscripten::function("compare", &compare);
  emscripten::function("sweep", &sweep);
  emscripten::function("decideForMainThread", &decide_for_main_thread);
}
