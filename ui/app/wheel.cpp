#include "app/wheel.h"

namespace placement::ui {

float imgui_wheel_units(double dom_delta, WheelMode mode, float font_size, float page) {
  double pixels = dom_delta;
  if (mode == WheelMode::line) pixels *= kPixelsPerWheelLine;
  if (mode == WheelMode::page) pixels *= page;
  const double per_unit = 5.0 * (font_size > 0 ? font_size : 13.0f);
  return float(-pixels / per_unit);
}

}  // namespace placement::ui
