#include "headless_frame.h"

#include <cfloat>

#include "imgui.h"
#include "panels/keyboard.h"
#include "test_hooks.h"

namespace placement::ui::testing {

HeadlessImGui::HeadlessImGui(float width, float height) {
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  io.DisplaySize = ImVec2(width, height);
  io.DeltaTime = 1.0f / 60.0f;
  unsigned char* pixels = nullptr;
  int w = 0, h = 0;
  io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);  // builds the atlas; no texture is uploaded
  for (int k = 0; k < ImGuiKey_COUNT; ++k) io.KeyMap[k] = k;  // as a platform backend would map its key codes
  keyboard::setup(io);
  test_hooks::install();
}

HeadlessImGui::~HeadlessImGui() { ImGui::DestroyContext(); }

void HeadlessImGui::frames(App& app, int count) {
  for (int i = 0; i < count; ++i) {
    ImGui::NewFrame();
    app.frame();
    ImGui::Render();
    vertices_ = ImGui::GetDrawData() ? ImGui::GetDrawData()->TotalVtxCount : 0;
  }
}

void HeadlessImGui::press(App& app, int imgui_key, bool ctrl, bool shift, bool super) {
  ImGuiIO& io = ImGui::GetIO();
  io.KeyCtrl = ctrl;
  io.KeyShift = shift;
  io.KeySuper = super;
  io.KeysDown[imgui_key] = true;
  frames(app, 1);
  io.KeysDown[imgui_key] = false;
  io.KeyCtrl = io.KeyShift = io.KeySuper = false;
  frames(app, 1);
}

void HeadlessImGui::move(App& app, float x, float y) {
  ImGui::GetIO().MousePos = ImVec2(x, y);
  frames(app, 1);
}

void HeadlessImGui::wheel(App& app, float x, float y, float units) {
  ImGuiIO& io = ImGui::GetIO();
  io.MousePos = ImVec2(x, y);
  io.MouseWheel = units;
  frames(app, 1);
  io.MouseWheel = 0.0f;
}

bool HeadlessImGui::click(App& app, const std::string& id) {
  const test_hooks::Item* item = test_hooks::find(id);
  if (!item || !item->visible) return false;
  ImGuiIO& io = ImGui::GetIO();
  io.MousePos = ImVec2(item->x + item->w * 0.5f, item->y + item->h * 0.5f);
  frames(app, 1);  // hover
  io.MouseDown[0] = true;
  frames(app, 1);
  io.MouseDown[0] = false;
  frames(app, 1);
  io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
  // A button acts on release, after that frame's pump: one more frame takes the decision for what
  // the click changed, as the browser's next animation frame would. Without it, whether results
  // were current after a click depended on what earlier tests left in the ImGui context.
  frames(app, 1);
  return true;
}

}  // namespace placement::ui::testing
