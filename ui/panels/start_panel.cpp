// The start panel for first-time visitors (the page asks for it when the address has no link and
// this browser has nothing saved): the examples gallery with descriptions, "New empty cluster",
// and Close. Whatever is chosen dismisses it for good (the page remembers that in localStorage).
// Ids: start/example/<stem>, start/new-empty, start/close.
#include <algorithm>
#include <string>

#include "app/app.h"
#include "app/examples.h"
#include "app/host.h"
#include "app/scenario_text.h"
#include "imgui.h"
#include "panels/panels.h"
#include "test_hooks.h"

namespace placement::ui {

namespace {

constexpr const char* kTitle = "Welcome to Placement Explorer";

// The first example's model on a cluster with no workers and no instances: "Add worker" is next.
bool load_empty_cluster(App& app) {
  const ExampleScenario* first = find_example(kFirstExample);
  if (!first) return false;
  ParsedScenario p = parse_scenario_text(first->text);
  if (!p.error.empty()) return false;
  p.document["workers"] = Json::array();
  p.document["model_instances"] = Json::array();
  p.document["description"] = "An empty cluster: add workers on the Cluster step (Add worker), then see where the model goes.";
  return app.load_scenario(p.document.dump()).empty();
}

bool gallery_entry(App& app, const ExampleScenario& e) {
  ImGui::PushID(e.stem);
  const bool chosen = ImGui::Button(e.stem);
  test_hooks::tag(std::string("start/example/") + e.stem, e.stem);
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextDisabled("%s", example_description(e).c_str());
  ImGui::PopTextWrapPos();
  ImGui::Spacing();
  ImGui::PopID();
  return chosen && app.load_example(e.stem);
}

void dismiss(App& app) {
  app.ui().start_panel = false;
  host::start_panel_dismissed();
  ImGui::CloseCurrentPopup();
}

}  // namespace

void draw_start_panel(App& app) {
  if (!app.ui().start_panel) return;
  if (!ImGui::IsPopupOpen(kTitle)) ImGui::OpenPopup(kTitle);
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  const ImVec2 size(std::min(vp->WorkSize.x * 0.9f, ImGui::GetFontSize() * 52.0f), vp->WorkSize.y * 0.8f);
  ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + vp->WorkSize.y * 0.5f), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(size, ImGuiCond_Always);
  if (!ImGui::BeginPopupModal(kTitle, nullptr, ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings)) return;
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted("Where would GPUStack place this model? Pick an example to see its scheduler decide, step by step, "
                         "or start from an empty cluster. Everything runs in this page.");
  ImGui::PopTextWrapPos();
  bool done = false;
  if (ImGui::Button("New empty cluster")) done = load_empty_cluster(app) || true;
  test_hooks::tag("start/new-empty", "New empty cluster");
  ImGui::SameLine();
  if (ImGui::Button("Close")) done = true;
  test_hooks::tag("start/close", "Close");
  ImGui::Separator();
  ImGui::TextUnformatted("Examples");
  ImGui::BeginChild("start-gallery", ImVec2(0, 0), false);
  for (const ExampleScenario& e : builtin_examples())
    if (gallery_entry(app, e)) done = true;
  ImGui::EndChild();
  if (done) dismiss(app);
  ImGui::EndPopup();
}

}  // namespace placement::ui
