#include "test_hooks.h"

#include <cstdarg>
#include <unordered_map>

#include "imgui.h"
#include "imgui_internal.h"
#include "panels/keyboard.h"
#include "scenario/types.h"

namespace placement::ui::test_hooks {

namespace {

struct Raw {
  ImRect bb;
  ImRect clip;
  std::string label;
};

struct Frames {
  std::vector<Item> tagged;                    // this frame's stable ids
  std::vector<ImGuiID> order;                  // hooked items in submission order
  std::unordered_map<ImGuiID, Raw> raw;        // hooked items of this frame
  std::vector<Item> last;                      // the last finished frame
};

Frames& frames() {
  static Frames f;
  return f;
}

bool overlaps(const ImRect& a, const ImRect& b) { return a.Min.x < b.Max.x && b.Min.x < a.Max.x && a.Min.y < b.Max.y && b.Min.y < a.Max.y; }

// The visible part of a label: "Deploy##x" shows "Deploy"; "###id" shows nothing.
std::string visible_label(const char* label) {
  if (!label) return "";
  const char* end = ImGui::FindRenderedTextEnd(label);
  return std::string(label, end);
}

Item make_item(const std::string& id, const std::string& label, const ImRect& bb, const ImRect& clip) {
  Item it;
  it.id = id;
  it.label = label;
  it.x = bb.Min.x;
  it.y = bb.Min.y;
  it.w = bb.GetWidth();
  it.h = bb.GetHeight();
  it.visible = overlaps(bb, clip);
  return it;
}

}  // namespace

void install() {
  if (ImGuiContext* ctx = ImGui::GetCurrentContext()) ctx->TestEngineHookItems = true;
}

void begin_frame() {
  Frames& f = frames();
  f.tagged.clear();
  f.order.clear();
  f.raw.clear();
}

void end_frame() {
  Frames& f = frames();
  std::vector<Item> out = f.tagged;
  for (ImGuiID id : f.order) {
    const Raw& r = f.raw[id];
    if (r.label.empty()) continue;
    out.push_back(make_item(r.label, r.label, r.bb, r.clip));
    out.back().imgui_id = id;
  }
  f.last = std::move(out);
}

void tag(const std::string& id, const std::string& label) {
  ImGuiContext& g = *GImGui;
  const ImRect bb(ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
  const ImRect clip = g.CurrentWindow ? g.CurrentWindow->ClipRect : bb;
  std::string shown = label;
  if (shown.empty()) {
    auto it = frames().raw.find(ImGui::GetItemID());
    if (it != frames().raw.end()) shown = it->second.label;
  }
  frames().tagged.push_back(make_item(id, shown.empty() ? id : shown, bb, clip));
  frames().tagged.back().imgui_id = ImGui::GetItemID();
}

const std::vector<Item>& items() { return frames().last; }

const Item* find(const std::string& id) {
  for (const Item& it : frames().last)
    if (it.id == id) return &it;
  return nullptr;
}

std::string items_json() {
  // The item with the keyboard focus, when the focus is shown (the last input was a key).
  const ImGuiContext* g = ImGui::GetCurrentContext();
  const ImGuiID focused = g && !g->NavDisableHighlight ? g->NavId : 0;
  placement::Json out = placement::Json::array();
  for (const Item& it : frames().last) {
    out.push_back({{"id", it.id}, {"label", it.label}, {"x", it.x}, {"y", it.y}, {"w", it.w}, {"h", it.h}, {"visible", it.visible}});
    if (focused != 0 && it.imgui_id == focused) out.back()["focused"] = true;
  }
  return out.dump();
}

}  // namespace placement::ui::test_hooks

// ---- ImGui's test-engine hooks (imgui_internal.h, 1.86)

void ImGuiTestEngineHook_ItemAdd(ImGuiContext* ctx, const ImRect& bb, ImGuiID id) {
  auto& f = placement::ui::test_hooks::frames();
  auto [it, fresh] = f.raw.try_emplace(id);
  if (fresh) f.order.push_back(id);
  it->second.bb = bb;
  it->second.clip = ctx->CurrentWindow ? ctx->CurrentWindow->ClipRect : bb;
  placement::ui::keyboard::record_item(*ctx, bb, id);  // the tab order
}

void ImGuiTestEngineHook_ItemInfo(ImGuiContext*, ImGuiID id, const char* label, ImGuiItemStatusFlags) {
  auto& f = placement::ui::test_hooks::frames();
  auto it = f.raw.find(id);
  if (it != f.raw.end()) it->second.label = placement::ui::test_hooks::visible_label(label);
}

void ImGuiTestEngineHook_Log(ImGuiContext*, const char*, ...) {}

const char* ImGuiTestEngine_FindItemDebugLabel(ImGuiContext*, ImGuiID id) {
  auto& f = placement::ui::test_hooks::frames();
  auto it = f.raw.find(id);
  return it != f.raw.end() ? it->second.label.c_str() : nullptr;
}
