// Errors (bad scenario JSON, paste, GGUF, link) and notices, newest last, each dismissable.
#include "app/app.h"
#include "imgui.h"
#include "panels/panels.h"
#include "test_hooks.h"

namespace placement::ui {

void draw_banner(App& app) {
  BannerState& banner = app.banner();
  std::uint64_t dismiss = 0;
  for (const BannerMessage& m : banner.messages()) {
    ImGui::PushID(int(m.id));
    const ImVec4 colour = m.error ? ImVec4(1.0f, 0.42f, 0.38f, 1) : ImVec4(0.55f, 0.8f, 1.0f, 1);
    if (ImGui::SmallButton("x")) dismiss = m.id;
    test_hooks::tag(m.error ? "banner/error" : "banner/notice", m.text);
    ImGui::SameLine();
    ImGui::PushStyleColor(ImGuiCol_Text, colour);
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted((std::string(m.error ? "Error: " : "") + m.text).c_str());
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
    ImGui::PopID();
  }
  if (dismiss) banner.dismiss(dismiss);
}

}  // namespace placement::ui
