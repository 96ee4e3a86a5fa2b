// Mouse-wheel deltas from the browser into ImGui's wheel units. The DOM's wheel event says
// "scroll the content down by deltaY" in pixels, lines or pages; ImGui 1.86 scrolls a window by
// 5 x its font size per wheel unit, positive = up. Emscripten 3.1.6's GLFW passed the raw pixels
// with the opposite sign (a notch of 100 px became 100 units: backwards, ~24 rows), so the
// platform layer converts here instead: a notch scrolls what the platform scrolls (about 100 px,
// 3 lines of a browser's text) in the platform's direction.
#pragma once

namespace placement::ui {

// DOM WheelEvent.deltaMode values.
enum class WheelMode { pixel = 0, line = 1, page = 2 };

inline constexpr float kPixelsPerWheelLine = 100.0f / 3.0f;  // browsers: a notch = 3 lines = 100 px

// One axis of a wheel event (deltaX or deltaY) as ImGui wheel units for io.MouseWheel /
// io.MouseWheelH. `font_size`: ImGui's font size (one unit scrolls 5 of it); `page`: the height
// a page-mode delta stands for.
float imgui_wheel_units(double dom_delta, WheelMode mode, float font_size, float page);

}  // namespace placement::ui
