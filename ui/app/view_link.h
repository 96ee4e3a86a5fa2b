// What a link keeps besides the scenario: the open step and the selected worker or GPU, after the
// scenario's fragment as "&step=fit&worker=<name>&gpu=<index>" ('&' is not in base64url, so the
// scenario part stays what core/share decodes; names are percent-encoded).
#pragma once

#include <string>

#include "app/ui_state.h"

namespace placement::ui {

struct LinkParts {
  std::string scenario;  // "v1...." for core/share
  std::string view;      // "step=fit&worker=w1" (may be empty)
};

LinkParts split_link(const std::string& fragment);
// "&step=...&worker=...&gpu=..." for the current view ("" when nothing worth keeping).
std::string view_suffix(const UiState& ui);
// Applies the view part of a link (the whole view: no step given is the first step): an unknown step or malformed entry is ignored (a link is
// never refused for its view); `worker_exists` decides whether a selection is kept.
template <class WorkerExists>
void apply_view(const std::string& view, UiState& ui, WorkerExists worker_exists);

std::string percent_encode(const std::string& text);
std::string percent_decode(const std::string& text);

}  // namespace placement::ui

#include "app/view_link_apply.h"
