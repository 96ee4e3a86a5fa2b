#include "panels/keyboard.h"

#include <algorithm>
#include <vector>

#include "app/app.h"
#include "imgui.h"
#include "imgui_internal.h"

namespace placement::ui::keyboard {

namespace {

struct NavItem {
  ImGuiID id = 0;
  ImGuiWindow* window = nullptr;
  ImGuiNavLayer layer = ImGuiNavLayer_Main;
  ImGuiID focus_scope = 0;
  ImRect rect;
  bool inputable = false;  // Enter already means "type a value" for it
};

struct State {
  int tab_key = -1;  // io.KeyMap[ImGuiKey_Tab] before setup() took it from ImGui
  ImGuiContext* context = nullptr;  // the items' windows belong to it
  std::vector<NavItem> building, last;
};

State& state() {
  static State s;
  return s;
}

bool key_pressed(int imgui_key, bool repeat = false) {
  const int index = ImGui::GetIO().KeyMap[imgui_key];
  return index >= 0 && ImGui::IsKeyPressed(index, repeat);
}

// On macOS a key pressed with Cmd held never reports its release in browsers: forget it, so the
// next Cmd+Z is a new press.
void release_after_command(int imgui_key) {
  ImGuiIO& io = ImGui::GetIO();
  const int index = io.KeyMap[imgui_key];
  if (io.KeySuper && index >= 0) io.KeysDown[index] = false;
}

void shortcuts(App& app) {
  const ImGuiIO& io = ImGui::GetIO();
  if (io.WantTextInput || !(io.KeyCtrl || io.KeySuper) || io.KeyAlt) return;
  if (key_pressed(ImGuiKey_Z, true)) {
    if (io.KeyShift) app.redo();
    else app.undo();
    release_after_command(ImGuiKey_Z);
  } else if (key_pressed(ImGuiKey_Y, true) && !io.KeyShift) {
    app.redo();
    release_after_command(ImGuiKey_Y);
  }
}

// The window whose items Tab cycles through: the focused window's root (an open popup or the
// main window), else the main window.
ImGuiWindow* tab_root(const std::vector<NavItem>& items) {
  ImGuiContext& g = *GImGui;
  if (g.OpenPopupStack.Size > 0 && g.OpenPopupStack.back().Window) return g.OpenPopupStack.back().Window->RootWindow;
  if (g.NavWindow) return g.NavWindow->RootWindow;
  return items.empty() ? nullptr : items.front().window->RootWindow;
}

void focus(const NavItem& item) {
  ImGuiContext& g = *GImGui;
  if (g.ActiveId != 0) ImGui::ClearActiveID();
  ImGui::FocusWindow(item.window);
  ImGui::SetNavID(item.id, item.layer, item.focus_scope, ImGui::WindowRectAbsToRel(item.window, item.rect));
  g.NavDisableHighlight = false;
  g.NavDisableMouseHover = true;
  // Out of view (scrolled away in its panel): bring it in, and its panel into its parent.
  ImRect r = item.rect;
  for (ImGuiWindow* w = item.window; w; w = (w->Flags & ImGuiWindowFlags_ChildWindow) ? w->ParentWindow : nullptr) {
    if (!w->InnerClipRect.Contains(r)) ImGui::ScrollToBringRectIntoView(w, r);
    r = w->Rect();
  }
}

void tab(int direction) {
  if (state().context != GImGui) return;
  const std::vector<NavItem>& all = state().last;
  ImGuiWindow* root = tab_root(all);
  std::vector<const NavItem*> order;
  for (const NavItem& i : all)
    if (i.window->RootWindow == root && i.window->WasActive) order.push_back(&i);
  if (order.empty()) return;
  const ImGuiID current = GImGui->NavId;
  const int n = int(order.size());
  const int at = int(std::find_if(order.begin(), order.end(), [&](const NavItem* i) { return i->id == current; }) - order.begin());
  const int next = at == n ? (direction > 0 ? 0 : n - 1) : (at + direction + n) % n;
  focus(*order[std::size_t(next)]);
}

// Enter activates like Space (1.86 maps Enter only to "type a value into this slider").
void enter() {
  ImGuiContext& g = *GImGui;
  if (g.IO.WantTextInput || g.ActiveId != 0 || g.NavId == 0 || g.NavDisableHighlight) return;
  if (!key_pressed(ImGuiKey_Enter) && !key_pressed(ImGuiKey_KeyPadEnter)) return;
  for (const NavItem& i : state().last)
    if (i.id == g.NavId && i.inputable) return;
  g.NavNextActivateId = g.NavId;
  g.NavNextActivateFlags = ImGuiActivateFlags_None;
}

}  // namespace

void setup(ImGuiIO& io) {
  io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
  if (io.KeyMap[ImGuiKey_Tab] >= 0) state().tab_key = io.KeyMap[ImGuiKey_Tab];
  io.KeyMap[ImGuiKey_Tab] = -1;
}

void record_item(ImGuiContext& ctx, const ImRect& bb, ImGuiID id) {
  ImGuiWindow* window = ctx.CurrentWindow;
  if (!window || id == 0 || id == window->MoveId) return;
  const ImGuiItemFlags flags = ctx.LastItemData.ID == id ? ctx.LastItemData.InFlags : ctx.CurrentItemFlags;
  if (flags & (ImGuiItemFlags_Disabled | ImGuiItemFlags_NoNav)) return;
  for (ImGuiWindow* child : window->DC.ChildWindows)
    if (child->ChildId == id) return;  // a panel, not an item in it
  State& s = state();
  if (s.context != &ctx) {  // a new context (tests make one each): the old windows are gone
    s.context = &ctx;
    s.building.clear();
    s.last.clear();
  }
  s.building.push_back({id, window, window->DC.NavLayerCurrent, window->DC.NavFocusScopeIdCurrent, bb, (flags & ImGuiItemFlags_Inputable) != 0});
}

void handle(App& app) {
  shortcuts(app);
  const ImGuiIO& io = ImGui::GetIO();
  const int tab_key = state().tab_key;
  if (tab_key >= 0 && ImGui::IsKeyPressed(tab_key, true) && !io.KeyCtrl && !io.KeyAlt) tab(io.KeyShift ? -1 : +1);
  else enter();
}

void end_frame() {
  State& s = state();
  s.last.swap(s.building);
  s.building.clear();
}

bool escape_pressed() { return key_pressed(ImGuiKey_Escape); }

}  // namespace placement::ui::keyboard
