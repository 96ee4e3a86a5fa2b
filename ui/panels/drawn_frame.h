// Whether a frame draws exactly what the frame before drew. The browser's main loop skips the
// WebGL drawing of such a frame: the canvas keeps showing the last image, and under software
// WebGL (SwiftShader, 30-40 ms a frame) the GPU is then idle when the next input comes, so the
// frame that answers it starts and shows sooner. ImGui still runs every frame (it needs the
// frames to see input); only the drawing of an unchanged image is skipped.
#pragma once

#include <vector>

struct ImDrawData;

namespace placement::ui {

class DrawnFrame {
 public:
  // True when `data` (and the target's size in device pixels) is what the last call saw; keeps
  // this frame's for the next call either way.
  bool same_as_last(const ImDrawData& data, int width, int height);

 private:
  std::vector<char> last_, now_;  // every byte the draw calls read
};

}  // namespace placement::ui
