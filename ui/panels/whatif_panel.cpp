// Step 6, What if (issue 22): how many more replicas fit, what would make it fit, what changed
// against a pinned baseline, and one setting swept over values. Each view is its own file; the
// answers come from the core through the what-if service, off the main thread in the browser.
#include "app/app.h"
#include "imgui.h"
#include "panels/panels.h"
#include "panels/trace_views.h"
#include "panels/whatif_views.h"
#include "test_hooks.h"
#include "whatif/whatif_text.h"

namespace placement::ui {

namespace {
struct ViewTab {
  WhatIfView view;
  const char* id;
  const char* title;
};
constexpr ViewTab kViews[] = {{WhatIfView::capacity, "capacity", "Capacity"},
                              {WhatIfView::advice, "advice", "Advice"},
                              {WhatIfView::compare, "compare", "Compare"},
                              {WhatIfView::sweep, "sweep", "Sweep"}};
}  // namespace

std::string where_text(const Json& placement) { return placement.is_object() ? whatif::placement_text(placement) : "-"; }

bool draw_search_state(App& app, WhatIfKind kind, const char* what) {
  WhatIfModel& w = app.whatif();
  if (w.was_cancelled(kind)) {
    ImGui::TextDisabled("The %s search was cancelled.", what);
    ImGui::SameLine();
    if (ImGui::SmallButton("Run again")) w.retry(kind);
    test_hooks::tag(std::string("button/retry-") + whatif_kind_name(kind), "Run again");
    return false;
  }
  if (!w.current(kind)) {
    ImGui::TextDisabled("Searching %s... %.1f s", what, w.seconds_running(kind));
    ImGui::SameLine();
    if (ImGui::SmallButton("Cancel")) app.cancel_whatif(kind);
    test_hooks::tag(std::string("button/cancel-") + whatif_kind_name(kind), "Cancel");
    return false;
  }
  const Json& a = w.answer(kind);
  if (a.is_object() && a.contains("error") && a["error"].is_object())
    return !draw_input_error(a["error"].value("message", std::string("?")) + " (at " + a["error"].value("pointer", std::string("/")) + ")");
  return true;
}

void draw_whatif_panel(App& app) {
  WhatIfModel& w = app.whatif();
  for (const ViewTab& t : kViews) {
    const bool active = w.view == t.view;
    if (active) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
    if (ImGui::Button(t.title)) w.view = t.view;
    test_hooks::tag(std::string("whatif/") + t.id, t.title);
    if (active) ImGui::PopStyleColor();
    ImGui::SameLine();
  }
  ImGui::NewLine();
  ImGui::Separator();
  switch (w.view) {
    case WhatIfView::capacity: draw_whatif_capacity(app); break;
    case WhatIfView::advice: draw_whatif_advice(app); break;
    case WhatIfView::compare: draw_whatif_compare(app); break;
    case WhatIfView::sweep: draw_whatif_sweep(app); break;
  }
}

}  // namespace placement::ui
