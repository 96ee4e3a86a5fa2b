// Calls from the app into the page (globalThis.peHost, explorer-architecture.md). Each call is a
// no-op returning false when peHost or the member is missing, so native builds and tests need
// none of them; natively an observer can record the calls (tests).
#pragma once

#include <cstdint>
#include <functional>
#include <string>

namespace placement::ui::host {

// True when globalThis.peHost[member] is a function (always false natively).
bool has(const char* member);

// Each returns whether the page handled the call.
bool scenario_changed();
bool copy_link();
bool open_gguf_picker();
bool open_scenario_picker();
bool download_scenario();
bool open_paste_dialog();
// The page copies Module.explanation('markdown') to the clipboard.
bool copy_explanation();
// The page saves the canvas as a PNG file (canvas.toBlob after the next drawn frame).
bool save_image();
// ?embed=1: the page opens the same link without embed=1 in a new tab.
bool open_in_explorer();
// The start panel was dismissed: the page remembers it (localStorage) and never shows it again.
bool start_panel_dismissed();
// peHost.announce(text): the decision line for the page's live region (screen readers).
bool announce(const std::string& text);
// peHost.schedule(generation, scenarioText): the page answers with Module.deliverResult, or declines
// by returning false (a small scenario: the caller decides it on this thread). False too when the
// page has no schedule member.
bool schedule(std::uint64_t generation, const std::string& scenario_text);
// peHost.whatIf({kind, id, scenario, other, number}): the page's what-if worker answers with
// Module.deliverWhatIf(kind, id, text). peHost.cancelWhatIf(kind) abandons that kind's job.
bool what_if(const char* kind, std::uint64_t id, const std::string& scenario_text, const std::string& other, int number);
bool cancel_what_if(const char* kind);

// Native only: sees every call by its peHost member name (tests). Returns whether to report the
// call as handled.
using Observer = std::function<bool(const std::string& member)>;
void set_native_observer(Observer observer);

}  // namespace placement::ui::host
