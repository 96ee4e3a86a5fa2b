#include "app/host.h"

#include <utility>

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#include <emscripten/em_js.h>

// One trampoline per shape; `member` is a peHost property name.
EM_JS(int, pe_host_has, (const char* member), {
  const host = globalThis.peHost;
  return host && typeof host[UTF8ToString(member)] === 'function' ? 1 : 0;
});
EM_JS(int, pe_host_call0, (const char* member), {
  const host = globalThis.peHost;
  const name = UTF8ToString(member);
  if (!host || typeof host[name] !== 'function') return 0;
  try { host[name](); } catch (e) { console.error('peHost.' + name + ' failed', e); }
  return 1;
});
EM_JS(int, pe_host_call_text, (const char* member, const char* text, int length), {
  const host = globalThis.peHost;
  const name = UTF8ToString(member);
  if (!host || typeof host[name] !== 'function') return 0;
  try { host[name](UTF8ToString(text, length)); } catch (e) { console.error('peHost.' + name + ' failed', e); }
  return 1;
});
EM_JS(int, pe_host_schedule, (double generation, const char* text, int length), {
  const host = globalThis.peHost;
  if (!host || typeof host.schedule !== 'function') return 0;
  // The page declines (false) a scenario it wants decided here, on the main thread.
  try { return host.schedule(generation, UTF8ToString(text, length)) === false ? 0 : 1; } catch (e) { console.error('peHost.schedule failed', e); return 0; }
});
EM_JS(int, pe_host_what_if, (const char* kind, double id, const char* text, int length, const char* other, int other_length, int number), {
  const host = globalThis.peHost;
  if (!host || typeof host.whatIf !== 'function') return 0;
  try {
    host.whatIf({ kind: UTF8ToString(kind), id, scenario: UTF8ToString(text, length), other: UTF8ToString(other, other_length), number });
  } catch (e) { console.error('peHost.whatIf failed', e); return 0; }
  return 1;
});
#endif

namespace placement::ui::host {

namespace {

#ifndef __EMSCRIPTEN__
Observer& observer() {
  static Observer o;
  return o;
}
#endif

bool call(const char* member) {
#ifdef __EMSCRIPTEN__
  return pe_host_call0(member) != 0;
#else
  return observer() ? observer()(member) : false;
#endif
}

}  // namespace

bool has(const char* member) {
#ifdef __EMSCRIPTEN__
  return pe_host_has(member) != 0;
#else
  (void)member;
  return false;
#endif
}

bool scenario_changed() { return call("scenarioChanged"); }
bool copy_link() { return call("copyLink"); }
bool open_gguf_picker() { return call("openGgufPicker"); }
bool open_scenario_picker() { return call("openScenarioPicker"); }
bool download_scenario() { return call("downloadScenario"); }
bool open_paste_dialog() { return call("openPasteDialog"); }
bool copy_explanation() { return call("copyExplanation"); }
bool save_image() { return call("saveImage"); }
bool open_in_explorer() { return call("openInExplorer"); }
bool start_panel_dismissed() { return call("startPanelDismissed"); }

bool announce(const std::string& text) {
#ifdef __EMSCRIPTEN__
  return pe_host_call_text("announce", text.c_str(), int(text.size())) != 0;
#else
  (void)text;
  return call("announce");
#endif
}

bool schedule(std::uint64_t generation, const std::string& scenario_text) {
#ifdef __EMSCRIPTEN__
  return pe_host_schedule(double(generation), scenario_text.c_str(), int(scenario_text.size())) != 0;
#else
  (void)generation;
  (void)scenario_text;
  return call("schedule");
#endif
}

bool what_if(const char* kind, std::uint64_t id, const std::string& scenario_text, const std::string& other, int number) {
#ifdef __EMSCRIPTEN__
  return pe_host_what_if(kind, double(id), scenario_text.c_str(), int(scenario_text.size()), other.c_str(), int(other.size()), number) != 0;
#else
  (void)kind;
  (void)id;
  (void)scenario_text;
  (void)other;
  (void)number;
  return call("whatIf");
#endif
}

bool cancel_what_if(const char* kind) {
#ifdef __EMSCRIPTEN__
  return pe_host_call_text("cancelWhatIf", kind, int(std::char_traits<char>::length(kind))) != 0;
#else
  (void)kind;
  return call("cancelWhatIf");
#endif
}

void set_native_observer(Observer o) {
#ifndef __EMSCRIPTEN__
  observer() = std::move(o);
#else
  (void)o;
#endif
}

}  // namespace placement::ui::host
