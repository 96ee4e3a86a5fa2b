// The UI font compiled into the explorer (ui/cmake/embed_font.cmake: a subset of DejaVu Sans and
// the code point ranges it holds, for ImGui's AddFontFromMemoryTTF). Only when PE_UI_FONT is 1.
#pragma once

#include "imgui.h"

namespace placement::ui {

extern const unsigned char kUiFontData[];
extern const int kUiFontSize;
extern const ImWchar kUiFontRanges[];  // pairs of first and last, 0-terminated

}  // namespace placement::ui
