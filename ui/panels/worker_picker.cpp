#include "panels/worker_picker.h"

#include <algorithm>
#include <string>

#include "imgui.h"
#include "panels/flow_layout.h"
#include "test_hooks.h"

namespace placement::ui {

namespace {

std::string name_of(const Json& worker) { return worker.is_object() ? worker.value("name", std::string("?")) : std::string("?"); }
const std::string& name_of(const Worker& worker) { return worker.name; }

// The widest name, measured on at most the first 512 workers (a frame cannot afford thousands).
template <class List>
float widest_name(const List& workers) {
  float widest = 0;
  const std::size_t n = std::min<std::size_t>(workers.size(), 512);
  for (std::size_t i = 0; i < n; ++i) widest = std::max(widest, ImGui::CalcTextSize(std::string(name_of(workers[i])).c_str()).x);
  return widest;
}

template <class List>
bool pick_from(const char* id, const List& workers, int& index) {
  if (index < 0 || index >= int(workers.size())) index = 0;
  const std::string current = name_of(workers[std::size_t(index)]);
  const ImGuiStyle& style = ImGui::GetStyle();
  const float wanted = widest_name(workers) + style.FramePadding.x * 2 + ImGui::GetFrameHeight();
  wrap_if_past_edge(std::min(wanted, ImGui::GetContentRegionMax().x - ImGui::GetCursorStartPos().x));
  const float width = std::max(ImGui::GetFrameHeight() * 3, std::min(wanted, ImGui::GetContentRegionAvail().x));
  ImGui::SetNextItemWidth(width);
  bool picked = false;
  const std::string label = std::string("##") + id;
  if (ImGui::BeginCombo(label.c_str(), current.c_str())) {
    for (std::size_t i = 0; i < workers.size(); ++i)
      if (ImGui::Selectable(std::string(name_of(workers[i])).c_str(), int(i) == index) && int(i) != index) {
        index = int(i);
        picked = true;
      }
    ImGui::EndCombo();
  }
  test_hooks::tag(std::string("picker/") + id, current);
  if (ImGui::IsItemHovered() && width < wanted) ImGui::SetTooltip("%s", current.c_str());
  return picked;
}

}  // namespace

bool pick_worker(const char* id, const Json& workers, int& index) { return pick_from(id, workers, index); }
bool pick_worker(const char* id, const std::vector<Worker>& workers, int& index) { return pick_from(id, workers, index); }

}  // namespace placement::ui
