// The keyboard (issue 23): Ctrl/Cmd+Z undo, Ctrl/Cmd+Shift+Z and Ctrl+Y redo (not while a text
// field has focus, where ImGui's own text undo applies); Tab / Shift+Tab through every
// interactive item with a visible focus; Enter or Space activates it; Esc closes dialogs.
//
// ImGui 1.86's keyboard navigation (ImGuiConfigFlags_NavEnableKeyboard) moves with the arrows,
// activates with Space and cancels with Esc, but its Tab only visits text fields (1.88 made Tab
// visit every item). So setup() takes Tab away from ImGui and this module cycles through the
// items the previous frame submitted (recorded by the test-engine item hook) in their order.
#pragma once

struct ImGuiContext;
struct ImGuiIO;
struct ImRect;
typedef unsigned int ImGuiID;

namespace placement::ui {

class App;

namespace keyboard {

// After the platform backend filled io.KeyMap (GLFW's key codes, or a test's).
void setup(ImGuiIO& io);
// Every item of a frame, in submission order (from ImGuiTestEngineHook_ItemAdd).
void record_item(ImGuiContext& ctx, const ImRect& bb, ImGuiID id);
// At the start of App::frame: shortcuts, Tab, Enter. The previous frame's items are the tab order.
void handle(App& app);
// At the end of App::frame: this frame's items become the tab order.
void end_frame();
// True once per press of Esc (for dialogs drawn by the app).
bool escape_pressed();

}  // namespace keyboard
}  // namespace placement::ui
