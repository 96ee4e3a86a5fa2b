// The browser's main loop: GLFW + OpenGL3 ("#version 300 es", WebGL2) backends of ImGui, the
// canvas kept in device pixels (toolchain.md, trap 8: GLFW's JavaScript library ignores
// devicePixelRatio), ImGui in CSS pixels with the framebuffer scale set to the ratio, mouse
// coordinates brought from device to CSS pixels, and the font rasterised at the ratio so text
// stays sharp. Everything else is the App (ui/app, ui/panels).
#include <emscripten.h>
#include <emscripten/em_js.h>
#include <GLFW/glfw3.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <utility>
#include <vector>

#include "app/explorer_instance.h"
#include "app/wheel.h"
#include "imgui.h"
#include "imgui_impl_glfw.h"
#include "imgui_impl_opengl3.h"
#include "panels/drawn_frame.h"
#include "panels/keyboard.h"
#include "test_hooks.h"
#if PE_UI_FONT
#include "platform/ui_font.h"
#endif

namespace {

GLFWwindow* g_window = nullptr;
float g_font_ratio = 0;
bool g_font_changed = false;  // the font texture was rebuilt: the next frame draws whatever it holds
placement::ui::DrawnFrame g_drawn;
bool g_in_frame = false;  // frame() is running (pe_input_frame)

// The canvas's CSS size and the ratio; sizes its backing store in device pixels.
EM_JS(void, pe_canvas_metrics, (float* css_w, float* css_h, float* ratio), {
  const canvas = Module['canvas'];
  const dpr = window.devicePixelRatio || 1;
  const w = Math.max(1, canvas.clientWidth || canvas.width);
  const h = Math.max(1, canvas.clientHeight || canvas.height);
  const bw = Math.max(1, Math.round(w * dpr));
  const bh = Math.max(1, Math.round(h * dpr));
  if (canvas.width !== bw) canvas.width = bw;
  if (canvas.height !== bh) canvas.height = bh;
  HEAPF32[css_w >> 2] = w;
  HEAPF32[css_h >> 2] = h;
  HEAPF32[ratio >> 2] = bw / w;
});

// The canvas's wheel events, summed per delta mode until the next frame takes them (wheel.h: GLFW's
// own conversion scrolled backwards, ~24 rows a notch). Non-passive, so the page never scrolls.
// Ctrl+wheel, and a trackpad's pinch (which browsers send as a wheel event with ctrlKey), zooms the
// canvas instead: its deltaY in pixels goes to the seventh slot and never scrolls.
EM_JS(void, pe_listen_wheel, (), {
  const canvas = Module['canvas'];
  const pending = Module.peWheel = [0, 0, 0, 0, 0, 0, 0];  // x, y for pixel, line, page modes; zoom
  canvas.addEventListener('wheel', (event) => {
    const mode = event.deltaMode === 1 || event.deltaMode === 2 ? event.deltaMode : 0;
    if (event.ctrlKey || event.metaKey) {
      pending[6] += event.deltaY * (mode === 1 ? 100 / 3 : mode === 2 ? 800 : 1);
    } else {
      pending[mode * 2] += event.deltaX;
      pending[mode * 2 + 1] += event.deltaY;
    }
    event.preventDefault();
  }, { passive: false });
});
EM_JS(void, pe_take_wheel, (float* deltas), {
  const pending = Module.peWheel || [0, 0, 0, 0, 0, 0, 0];
  for (let i = 0; i < 7; i++) { HEAPF32[(deltas >> 2) + i] = pending[i]; pending[i] = 0; }
});

// Callbacks the page queued for the frame just drawn (explorer.saveImage reads the canvas here:
// WebGL clears the drawing buffer once the frame is shown).
EM_JS(void, pe_after_draw, (), {
  const queued = Module.peAfterDraw;
  if (!queued || !queued.length) return;
  Module.peAfterDraw = [];
  for (const f of queued) f();
});
// The page waits to read the canvas after this frame, so it must draw even if nothing changed.
// (globalThis.peDrawEveryFrame = true turns the skipping off, to measure what it saves.)
EM_JS(int, pe_draw_awaited, (), {
  return (Module.peAfterDraw && Module.peAfterDraw.length) || globalThis.peDrawEveryFrame ? 1 : 0;
});

void take_wheel(float page_height) {
  float d[7] = {0, 0, 0, 0, 0, 0, 0};
  pe_take_wheel(d);
  placement::ui::explorer_app().ui().canvas.pending_zoom_pixels += d[6];
  ImGuiIO& io = ImGui::GetIO();
  const float font = io.Fonts->Fonts.Size > 0 ? io.Fonts->Fonts[0]->FontSize * io.FontGlobalScale : 13.0f;  // ImGui's 5 x font per unit
  for (int mode = 0; mode < 3; ++mode) {
    const auto m = placement::ui::WheelMode(mode);
    io.MouseWheelH += placement::ui::imgui_wheel_units(d[mode * 2], m, font, page_height);
    io.MouseWheel += placement::ui::imgui_wheel_units(d[mode * 2 + 1], m, font, page_height);
  }
}

// ImGui 1.86 reads keys once per frame (io.KeysDown): a key pressed and released between two
// frames (a quick tap, a slow software-rendered frame, a test's keyboard.press) would never be
// seen. A release in the frame of a press (of any key: Shift+Z's Shift may come up before the
// frame that sees the Z) is held back until that frame has run.
// A chord's modifier held back that way (Ctrl+A pressed and released before the frame) would
// also hold for the text typed right after it, which ImGui ignores while Ctrl is down: once a
// modifier's release is held back, the events after it wait, in order, for the next frame.
std::vector<std::pair<int, int>> g_pressed_this_frame, g_deferred_releases;  // (key, mods)
struct LaterInput {
  int key, action, mods;
  unsigned int codepoint;  // a character when key < 0
};
std::vector<LaterInput> g_later;

bool is_modifier(int key) {
  return key == GLFW_KEY_LEFT_CONTROL || key == GLFW_KEY_RIGHT_CONTROL || key == GLFW_KEY_LEFT_SUPER || key == GLFW_KEY_RIGHT_SUPER ||
         key == GLFW_KEY_LEFT_ALT || key == GLFW_KEY_RIGHT_ALT;
}
bool modifier_held_back() {
  return std::any_of(g_deferred_releases.begin(), g_deferred_releases.end(), [](const auto& k) { return is_modifier(k.first); });
}

void key_callback(GLFWwindow* window, int key, int scancode, int action, int mods) {
  if (!g_later.empty() || modifier_held_back()) {
    g_later.push_back(LaterInput{key, action, mods, 0});
    return;
  }
  // macOS browsers send no keyup for a key pressed with Cmd held, so GLFW takes the next press of
  // it (Cmd+Z again) for a repeat; ImGui, told of the release (keyboard.cpp), must see a press.
  if (action == GLFW_REPEAT && key >= 0 && key < IM_ARRAYSIZE(ImGui::GetIO().KeysDown) && !ImGui::GetIO().KeysDown[key]) action = GLFW_PRESS;
  if (action == GLFW_PRESS) g_pressed_this_frame.emplace_back(key, mods);
  if (action == GLFW_RELEASE && !g_pressed_this_frame.empty()) {
    g_deferred_releases.emplace_back(key, mods);
    return;
  }
  ImGui_ImplGlfw_KeyCallback(window, key, scancode, action, mods);
}

void char_callback(GLFWwindow* window, unsigned int c) {
  if (!g_later.empty() || modifier_held_back()) {
    g_later.push_back(LaterInput{-1, 0, 0, c});
    return;
  }
  ImGui_ImplGlfw_CharCallback(window, c);
}

void release_deferred_keys() {
  g_pressed_this_frame.clear();
  for (const auto& [key, mods] : g_deferred_releases) ImGui_ImplGlfw_KeyCallback(g_window, key, 0, GLFW_RELEASE, mods);
  g_deferred_releases.clear();
  const std::vector<LaterInput> later = std::exchange(g_later, {});
  for (const LaterInput& e : later) {
    if (e.key < 0) char_callback(g_window, e.codepoint);
    else key_callback(g_window, e.key, 0, e.action, e.mods);
  }
}

// The UI font (DejaVu Sans, ui_font.h; ImGui's ProggyClean when the build had none) rasterised at
// its CSS size x ratio and drawn at 1/ratio: crisp at every zoom and on HiDPI screens.
void add_ui_font(ImGuiIO& io, float ratio) {
  ImFontConfig config;
  config.OversampleH = config.OversampleV = 1;  // rasterised at device pixels already
  config.PixelSnapH = true;
#if PE_UI_FONT
  config.FontDataOwnedByAtlas = false;  // static data compiled into the module
  io.Fonts->AddFontFromMemoryTTF(const_cast<unsigned char*>(placement::ui::kUiFontData), placement::ui::kUiFontSize,
                                 std::round(14.0f * ratio), &config, placement::ui::kUiFontRanges);
#else
  config.SizePixels = std::round(13.0f * ratio);
  io.Fonts->AddFontDefault(&config);
#endif
}

void ensure_font(float ratio) {
  if (std::fabs(ratio - g_font_ratio) < 0.01f) return;
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  add_ui_font(io, ratio);
  io.FontGlobalScale = 1.0f / ratio;
  if (g_font_ratio != 0) {
    ImGui_ImplOpenGL3_DestroyFontsTexture();
    ImGui_ImplOpenGL3_CreateFontsTexture();
  }
  g_font_ratio = ratio;
  g_font_changed = true;
}

void frame() {
  g_in_frame = true;
  float css_w = 0, css_h = 0, ratio = 1;
  pe_canvas_metrics(&css_w, &css_h, &ratio);
  ensure_font(ratio);
  glfwPollEvents();
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  ImGuiIO& io = ImGui::GetIO();
  // The GLFW backend reports the window size GLFW was created with and the cursor in backing-store
  // pixels; the canvas is what counts.
  io.DisplaySize = ImVec2(css_w, css_h);
  io.DisplayFramebufferScale = ImVec2(ratio, ratio);
  if (io.MousePos.x != -FLT_MAX) io.MousePos = ImVec2(io.MousePos.x / ratio, io.MousePos.y / ratio);
  take_wheel(css_h * 0.8f);
  ImGui::NewFrame();
  placement::ui::explorer_app().frame();
  ImGui::Render();
  release_deferred_keys();  // this frame saw them pressed; the next sees them released
  const int width = int(css_w * ratio), height = int(css_h * ratio);
  // An unchanged image is not drawn again (drawn_frame.h): the canvas keeps showing it.
  const bool unchanged = g_drawn.same_as_last(*ImGui::GetDrawData(), width, height);
  if (!unchanged || g_font_changed || pe_draw_awaited()) {
    glViewport(0, 0, width, height);
    glClearColor(0.09f, 0.10f, 0.12f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    g_font_changed = false;
  }
  g_in_frame = false;
  pe_after_draw();
}

// Input is answered where it arrives (issue 21): a key or click that can change the scenario
// runs the app's frame from its event handler, so the edit is applied, decided and drawn at once
// instead of after the wait for the next animation frame (up to a frame of SwiftShader, 30-40 ms).
// GLFW's own listeners (capture phase) have passed the event to ImGui by then. A printable key
// without Ctrl/Cmd runs nothing at its keydown: its character (keypress) follows and runs the frame.
// One frame per event; a frame already running (an event raised from inside it) runs no other.
EM_JS(void, pe_listen_input, (), {
  // (globalThis.peInputFrame, when a measurement sets it, is handed the frame to run and time.)
  const run = () => (globalThis.peInputFrame ? globalThis.peInputFrame(_pe_input_frame) : _pe_input_frame());
  const modifier = (key) => key === 'Control' || key === 'Shift' || key === 'Alt' || key === 'Meta';
  window.addEventListener('keydown', (event) => {
    if (modifier(event.key) || (event.key.length === 1 && !event.ctrlKey && !event.metaKey)) return;
    run();
  });
  // (GLFW takes no character below 0x20: Enter's keypress adds nothing to its keydown's frame.)
  window.addEventListener('keypress', (event) => { if (event.charCode >= 0x20 && !event.ctrlKey && !event.metaKey) run(); });
  Module['canvas'].addEventListener('mousedown', run);
  Module['canvas'].addEventListener('mouseup', run);
  Module['runFrameNow'] = run;  // the page's own handlers (a scenario file opened) answer at once too
});

}  // namespace

extern "C" EMSCRIPTEN_KEEPALIVE void pe_input_frame() {
  if (!g_window || g_in_frame) return;
  frame();
}

int main() {
  if (!glfwInit()) return 1;
  glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_ES_API);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
  float css_w = 1280, css_h = 800, ratio = 1;
  pe_canvas_metrics(&css_w, &css_h, &ratio);
  g_window = glfwCreateWindow(int(css_w), int(css_h), "Placement Explorer", nullptr, nullptr);
  if (!g_window) return 1;
  glfwMakeContextCurrent(g_window);

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // layout is fixed; nothing to remember
  ImGui::StyleColorsDark();
  placement::ui::test_hooks::install();
  ensure_font(ratio);
  ImGui_ImplGlfw_InitForOpenGL(g_window, true);
  glfwSetScrollCallback(g_window, nullptr);  // the wheel comes through pe_listen_wheel instead
  glfwSetKeyCallback(g_window, key_callback);
  glfwSetCharCallback(g_window, char_callback);
  pe_listen_wheel();
  pe_listen_input();
  placement::ui::keyboard::setup(io);
  ImGui_ImplOpenGL3_Init("#version 300 es");
  (void)placement::ui::explorer_app();
  emscripten_set_main_loop(frame, 0, false);
  return 0;
}
