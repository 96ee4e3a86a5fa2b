#include "panels/drawn_frame.h"

#include <cstring>

#include "imgui.h"

namespace placement::ui {

namespace {

template <class T>
void append(std::vector<char>& out, const T* data, std::size_t count) {
  const std::size_t at = out.size();
  out.resize(at + count * sizeof(T));
  if (count) std::memcpy(out.data() + at, data, count * sizeof(T));
}

}  // namespace

bool DrawnFrame::same_as_last(const ImDrawData& data, int width, int height) {
  now_.clear();
  const int size[2] = {width, height};
  append(now_, size, 2);
  append(now_, &data.DisplayPos, 1);
  append(now_, &data.DisplaySize, 1);
  append(now_, &data.FramebufferScale, 1);
  for (int i = 0; i < data.CmdListsCount; ++i) {
    const ImDrawList& list = *data.CmdLists[i];
    append(now_, list.VtxBuffer.Data, std::size_t(list.VtxBuffer.Size));
    append(now_, list.IdxBuffer.Data, std::size_t(list.IdxBuffer.Size));
    // Field by field: ImDrawCmd has padding, whose bytes are not the drawing's.
    for (const ImDrawCmd& cmd : list.CmdBuffer) {
      append(now_, &cmd.ClipRect, 1);
      append(now_, &cmd.TextureId, 1);
      append(now_, &cmd.VtxOffset, 1);
      append(now_, &cmd.IdxOffset, 1);
      append(now_, &cmd.ElemCount, 1);
      append(now_, &cmd.UserCallback, 1);
      append(now_, &cmd.UserCallbackData, 1);
    }
    const int counts[3] = {list.VtxBuffer.Size, list.IdxBuffer.Size, list.CmdBuffer.Size};
    append(now_, counts, 3);
  }
  const bool same = now_ == last_;
  last_.swap(now_);
  return same;
}

}  // namespace placement::ui
