// Drawing helpers shared by the canvas's cards and compact rows (canvas_parts.h).
#include "panels/canvas_parts.h"

#include <algorithm>

#include "app/app.h"
#include "app/format.h"
#include "app/results.h"
#include "scenario/errors.h"
#include "scenario/scenario_loader.h"
#include "imgui_internal.h"
#include "test_hooks.h"

namespace placement::ui {

const WorkerLoad& CanvasFrame::existing_of(const Worker& worker) const {
  static const WorkerLoad empty;
  auto it = existing->find(worker.id);
  return it == existing->end() ? empty : it->second;
}

const WorkerLoad* CanvasFrame::candidate_of(const std::string& name) const {
  auto it = candidate.find(name);
  return it == candidate.end() ? nullptr : &it->second;
}

std::string CanvasFrame::dropped_of(const std::string& name) const {
  if (!dropped) return "";
  auto it = dropped->find(name);
  return it == dropped->end() ? std::string() : it->second;
}

void draw_bar(ImDrawList* dl, ImVec2 min, ImVec2 max, double total, double reserved, const std::vector<ClaimSegment>& claims,
              const std::vector<ClaimSegment>& candidate, double used) {
  dl->AddRectFilled(min, max, canvas_colour::free_memory);
  const float width = max.x - min.x;
  double at = 0;
  auto put = [&](double bytes, ImU32 colour, bool outline) {
    if (total <= 0 || bytes <= 0) return;
    const float x0 = min.x + float(std::min(at, total) / total) * width;
    at += bytes;
    const float x1 = min.x + float(std::min(at, total) / total) * width;
    if (x1 > x0) dl->AddRectFilled(ImVec2(x0, min.y), ImVec2(x1, max.y), colour);
    if (outline && x1 > x0) dl->AddRect(ImVec2(x0, min.y), ImVec2(x1, max.y), canvas_colour::candidate_outline, 0, 0, 2.0f);
  };
  put(reserved, canvas_colour::reserved, false);
  for (const ClaimSegment& s : claims) put(s.bytes, s.colour, false);
  for (const ClaimSegment& s : candidate) put(s.bytes, s.colour, true);
  if (at > total && total > 0) dl->AddRectFilled(ImVec2(max.x - 4, min.y), max, canvas_colour::over_capacity);
  if (used >= 0 && total > 0) {
    const float x = min.x + float(std::min(used, total) / total) * width;
    dl->AddLine(ImVec2(min.x, max.y - 1), ImVec2(x, max.y - 1), canvas_colour::used_tick, 2.0f);
  }
}

std::string claims_tooltip(const std::vector<ClaimSegment>& claims, const std::vector<ClaimSegment>& candidate) {
  std::string out;
  for (const ClaimSegment& s : claims) out += s.who + ": " + gib_text(s.bytes) + "\n";
  for (const ClaimSegment& s : candidate) out += "inspected candidate: " + gib_text(s.bytes) + "\n";
  return out.empty() ? "no claims\n" : out;
}

std::string gpu_caption(const GpuDevice& gpu) {
  if (!gpu.name.empty()) return gpu.name;
  return gpu.type.empty() ? std::string("GPU") : gpu.type;
}

std::map<std::string, WorkerLoad> shown_candidate_loads(const Results& results, std::size_t i) {
  if (const Candidate* typed = results.typed_candidate(i)) return candidate_loads(*typed);
  // An answer that came as text (the page's worker): its candidate read as the loader reads one.
  try {
    return candidate_loads(load_candidate(results.candidate(i), "/candidates/" + std::to_string(i)));
  } catch (const InputError&) {
    return {};
  }
}

const std::vector<ClaimSegment>& claims_on(const WorkerLoad& load, int gpu) {
  static const std::vector<ClaimSegment> none;
  auto it = load.vram.find(gpu);
  return it == load.vram.end() ? none : it->second;
}

void highlight_match(ImDrawList* dl, ImVec2 pos, const std::string& name, const std::string& search) {
  const std::size_t at = search.empty() ? std::string::npos : find_ignoring_case(name, search);
  if (at != std::string::npos) {
    const float x0 = ImGui::CalcTextSize(name.c_str(), name.c_str() + at).x;
    const float x1 = ImGui::CalcTextSize(name.c_str(), name.c_str() + at + search.size()).x;
    dl->AddRectFilled(ImVec2(pos.x + x0, pos.y), ImVec2(pos.x + x1, pos.y + ImGui::GetTextLineHeight()), canvas_colour::search_match, 2.0f);
  }
}

bool draw_clipped_text(ImDrawList* dl, ImVec2 pos, float width, ImU32 colour, const std::string& text) {
  if (ImGui::CalcTextSize(text.c_str()).x <= width) {
    dl->AddText(pos, colour, text.c_str());
    return false;
  }
  const float dots = ImGui::CalcTextSize("...").x;
  std::size_t n = text.size();
  while (n > 0 && ImGui::CalcTextSize(text.c_str(), text.c_str() + n).x + dots > width) --n;
  dl->AddText(pos, colour, (text.substr(0, n) + "...").c_str());
  return true;
}

std::string without_vendor_words(const std::string& name) {
  static const char* const kVendorWords[] = {"NVIDIA", "GeForce", "Tesla", "AMD", "Radeon", "Instinct", "Intel", "Apple", "Huawei", "Ascend"};
  std::string rest = name;
  for (bool dropped = true; dropped;) {
    dropped = false;
    for (const char* w : kVendorWords) {
      const std::string word = std::string(w) + " ";
      if (rest.size() > word.size() && rest.compare(0, word.size(), word) == 0) {
        rest.erase(0, word.size());
        dropped = true;
      }
    }
  }
  return rest;
}

bool draw_gpu_label(ImDrawList* dl, ImVec2 pos, float width, ImU32 colour, const std::string& head, const std::string& size) {
  const float size_w = ImGui::CalcTextSize(size.c_str()).x;
  const float gap = ImGui::CalcTextSize(" ").x;
  if (size_w + gap >= width) return draw_clipped_text(dl, pos, width, colour, size);  // too narrow even for the size
  dl->AddText(ImVec2(pos.x + width - size_w, pos.y), colour, size.c_str());
  const float room = width - size_w - gap;
  if (ImGui::CalcTextSize(head.c_str()).x <= room) {
    dl->AddText(pos, colour, head.c_str());
    return false;
  }
  // "<index> <name>": keep the index, shorten the name.
  const std::size_t space = head.find(' ');
  const std::string index = space == std::string::npos ? std::string() : head.substr(0, space + 1);
  const std::string shorter = index + without_vendor_words(space == std::string::npos ? head : head.substr(space + 1));
  draw_clipped_text(dl, pos, room, colour, shorter);
  return true;
}

void draw_group_header(App& app, const WorkerGroup& group, float width, float height) {
  std::set<std::string>& collapsed = app.ui().canvas.collapsed;
  const bool open = !collapsed.count(group.title);
  const float h = height;
  const ImVec2 p = ImGui::GetCursorScreenPos();
  if (ImGui::InvisibleButton(("##group/" + group.title).c_str(), ImVec2(std::max(width, 1.0f), h))) {
    if (open) collapsed.insert(group.title);
    else collapsed.erase(group.title);
  }
  ImGui::RenderNavHighlight(ImRect(ImGui::GetItemRectMin(), ImGui::GetItemRectMax()), ImGui::GetItemID());
  test_hooks::tag("group/" + group.title, group.title);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(p, ImVec2(p.x + width, p.y + h - 1), ImGui::IsItemHovered() ? IM_COL32(60, 66, 80, 255) : IM_COL32(42, 46, 56, 255), 3.0f);
  ImGui::RenderArrow(dl, ImVec2(p.x + 4, p.y + (h - ImGui::GetFontSize()) / 2), IM_COL32(220, 220, 230, 255), open ? ImGuiDir_Down : ImGuiDir_Right, 0.8f);
  std::string text = group.title + "  (" + std::to_string(group.workers.size());
  text += group.workers.size() == group.total ? ")" : " of " + std::to_string(group.total) + ")";
  dl->AddText(ImVec2(p.x + ImGui::GetFontSize() + 8, p.y + (h - ImGui::GetFontSize()) / 2), IM_COL32(230, 230, 235, 255), text.c_str());
}

}  // namespace placement::ui
