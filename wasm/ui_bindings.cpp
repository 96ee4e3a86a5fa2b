// Embind surface of the explorer app (docs/explorer-architecture.md, "The module"): every
// function forwards to the one App; JSON crosses as embind std::string (toolchain.md, trap 9).
#include <emscripten/bind.h>

#include <string>

#include "app/explorer_instance.h"
#include "test_hooks.h"

namespace {

using placement::ui::explorer_app;

std::string load_scenario(const std::string& text) { return explorer_app().load_scenario(text); }
std::string scenario() { return explorer_app().scenario_text(); }
std::string result() { return explorer_app().result(); }
std::string scale_down_result() { return explorer_app().scale_down_result(); }
std::string items() { return placement::ui::test_hooks::items_json(); }
bool step(const std::string& name) { return explorer_app().step(name); }
std::string load_gguf_prefix(const std::string& bytes, double file_size, const std::string& file_name) {
  return explorer_app().load_gguf_prefix(bytes, file_size, file_name);
}
void begin_gguf_shards() { explorer_app().begin_gguf_shards(); }
std::string read_gguf_shard(const std::string& bytes, double file_size, const std::string& file_name) {
  return explorer_app().read_gguf_shard(bytes, file_size, file_name);
}
std::string load_gguf_shards() { return explorer_app().load_gguf_shards(); }
std::string load_fragment(const std::string& fragment) { return explorer_app().load_fragment(fragment); }
std::string fragment() { return explorer_app().fragment(); }
std::string current_step() { return explorer_app().current_step(); }
std::string selection() { return explorer_app().selection_json(); }
std::string explanation(const std::string& format) { return explorer_app().explanation(format); }
std::string import_json(const std::string& text) { return explorer_app().import_json(text); }
bool deploy() { return explorer_app().deploy(); }
void undo() { explorer_app().undo(); }
void redo() { explorer_app().redo(); }
bool can_undo() { return explorer_app().can_undo(); }
bool can_redo() { return explorer_app().can_redo(); }
void show_error(const std::string& text) { explorer_app().show_error(text); }
void show_notice(const std::string& text) { explorer_app().show_notice(text); }
bool busy() { return explorer_app().busy(); }
void set_embed(bool on) { explorer_app().ui().embed = on; }
void show_start_panel() { explorer_app().ui().start_panel = true; }
// Generations are small integers; JS numbers carry them exactly.
void deliver_result(double generation, const std::string& schedule_text, const std::string& scale_down_text) {
  if (generation < 0) return;
  explorer_app().deliver_result(static_cast<std::uint64_t>(generation), schedule_text, scale_down_text);
}

// The worker's GGUF estimates (a Uint8Array; embind copies its bytes into the string).
void deliver_estimates(double generation, const std::string& estimates) {
  if (generation < 0) return;
  explorer_app().deliver_estimates(static_cast<std::uint64_t>(generation), estimates);
}

void deliver_whatif(const std::string& kind, double id, const std::string& text) {
  if (id < 1) return;
  explorer_app().deliver_whatif(kind, static_cast<std::uint64_t>(id), text);
}

}  // namespace

EMSCRIPTEN_BINDINGS(placement_explorer) {
  using emscripten::function;
  function("loadScenario", &load_scenario);
  function("scenario", &scenario);
  function("result", &result);
  function("scaleDownResult", &scale_down_result);
  function("items", &items);
  function("step", &step);
  function("loadGgufPrefix", &load_gguf_prefix);
  function("beginGgufShards", &begin_gguf_shards);
  function("readGgufShard", &read_gguf_shard);
  function("loadGgufShards", &load_gguf_shards);
  function("loadFragment", &load_fragment);
  function("fragment", &fragment);
  function("currentStep", &current_step);
  function("selection", &selection);
  function("explanation", &explanation);
  function("importJson", &import_json);
  function("deploy", &deploy);
  function("undo", &undo);
  function("redo", &redo);
  function("canUndo", &can_undo);
  function("canRedo", &can_redo);
  function("showError", &show_error);
  function("showNotice", &show_notice);
  function("busy", &busy);
  function("deliverResult", &deliver_result);
  function("deliverEstimates", &deliver_estimates);
  function("setEmbed", &set_embed);
  function("showStartPanel", &show_start_panel);
  function("deliverWhatIf", &deliver_whatif);
}
