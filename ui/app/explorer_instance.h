// The one App of the browser module, shared by the platform main loop (ui/platform/web_main.cpp)
// and the embind functions (wasm/ui_bindings.cpp). Created on first use, so the embind functions
// work even before main() has run.
#pragma once

#include "app/app.h"

namespace placement::ui {

App& explorer_app();

}  // namespace placement::ui
