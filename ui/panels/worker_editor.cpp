// Workers: add, duplicate, remove, "N x template"; each worker's name, cluster, labels, state,
// RAM, reservations, unified memory, and its GPUs (presets, custom sizes, CPU-only).
#include <cstdint>

#include "app/app.h"
#include "app/format.h"
#include "app/gpu_presets.h"
#include "app/worker_edits.h"
#include "imgui.h"
#include "panels/edit_widgets.h"
#include "panels/flow_layout.h"
#include "panels/panels.h"
#include "panels/worker_picker.h"
#include "test_hooks.h"

namespace placement::ui {

namespace {

const std::vector<std::string> kStates = {"ready", "not_ready", "unreachable", "maintenance"};
const std::vector<std::string> kGpuTypes = {"cuda", "rocm", "cann", "mps", "musa", "corex", "dcu"};

// The pointer of the reservations as spelled in the document ({ram, vram} or the older
// {memory, gpu_memory}; scenario.md).
std::string reserved_key(const Json& worker, const char* modern, const char* older) {
  const Json& r = member(worker, "system_reserved", json_object());
  if (r.is_object() && !r.contains(modern) && r.contains(older)) return older;
  return modern;
}

std::string worker_pointer(std::size_t w) { return "/workers/" + std::to_string(w); }

// `worker` is a copy: a GPU added or removed sets the worker it was drawn from.
void draw_gpus(App& app, std::size_t w, const Json& worker) {
  const std::string base = worker_pointer(w) + "/status/gpu_devices/";
  const Json gpus = worker.contains("status") && worker["status"].is_object() ? worker["status"].value("gpu_devices", Json::array()) : Json::array();
  if (ImGui::BeginTable("gpus", 5, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingStretchProp)) {
    ImGui::TableSetupColumn("index", ImGuiTableColumnFlags_WidthFixed);
    // Explicit weights: the fields fill their columns (width -1), so weights taken from their
    // contents fed back into the widths and the columns swung between two layouts every frame
    // once the panel had been scrolled (a redraw per frame, keys answered a frame late).
    ImGui::TableSetupColumn("name", ImGuiTableColumnFlags_WidthStretch, 1.6f);
    ImGui::TableSetupColumn("type", ImGuiTableColumnFlags_WidthStretch, 1.0f);
    ImGui::TableSetupColumn("memory", ImGuiTableColumnFlags_WidthStretch, 2.0f);
    ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed);
    ImGui::TableHeadersRow();
    for (std::size_t g = 0; g < gpus.size(); ++g) {
      ImGui::PushID(int(g));
      const std::string p = base + std::to_string(g);
      ImGui::TableNextColumn();
      ImGui::SetNextItemWidth(ImGui::GetFontSize() * 3);
      edit_int(app, "##index", ptr(p + "/index"));
      ImGui::TableNextColumn();
      ImGui::SetNextItemWidth(-1);
      edit_text(app, "##name", ptr(p + "/name"));
      ImGui::TableNextColumn();
      ImGui::SetNextItemWidth(-1);
      edit_choice(app, "##type", ptr(p + "/type"), kGpuTypes);
      ImGui::TableNextColumn();
      ImGui::SetNextItemWidth(-1);
      edit_gib(app, "##mem", ptr(p + "/memory/total"));
      test_hooks::tag("gpu-memory/" + worker.value("name", std::string()) + "/" + std::to_string(g), "GPU memory");
      ImGui::TableNextColumn();
      if (ImGui::SmallButton("remove")) set_value(app, ptr(worker_pointer(w)), without_gpu(worker, g), false);
      ImGui::PopID();
    }
    ImGui::EndTable();
  }
  if (ImGui::BeginCombo("##add-gpu", "Add GPU...")) {
    for (const GpuPreset& preset : gpu_presets())
      if (ImGui::Selectable(preset.label)) set_value(app, ptr(worker_pointer(w)), with_gpu(worker, preset), false);
    ImGui::EndCombo();
  }
  ImGui::SameLine();
  static double custom_gib = 32.0;
  static int custom_type = 0;
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
  ImGui::InputDouble("GiB##custom", &custom_gib, 0, 0, "%.1f");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 5);
  if (ImGui::BeginCombo("##custom-type", kGpuTypes[std::size_t(custom_type)].c_str())) {
    for (std::size_t i = 0; i < kGpuTypes.size(); ++i)
      if (ImGui::Selectable(kGpuTypes[i].c_str(), int(i) == custom_type)) custom_type = int(i);
    ImGui::EndCombo();
  }
  ImGui::SameLine();
  if (ImGui::SmallButton("Add custom") && custom_gib > 0)
    set_value(app, ptr(worker_pointer(w)), with_custom_gpu(worker, kGpuTypes[std::size_t(custom_type)], static_cast<std::int64_t>(custom_gib * 1073741824.0)), false);
  ImGui::SameLine();
  if (ImGui::SmallButton("CPU-only")) set_value(app, ptr(worker_pointer(w)), without_gpus(worker), false);
}

void draw_worker(App& app, std::size_t w, const Json& worker) {
  const std::string base = "/workers/" + std::to_string(w);
  edit_text(app, "name", ptr(base + "/name"));
  edit_choice(app, "state", ptr(base + "/state"), kStates);
  edit_optional_int(app, "cluster_id", ptr(base + "/cluster_id"));
  edit_gib(app, "RAM total", ptr(base + "/status/memory/total"));
  edit_bool(app, "unified memory (RAM is VRAM)", ptr(base + "/status/memory/is_unified_memory"));
  edit_gib(app, "reserved RAM", ptr(base + "/system_reserved/" + reserved_key(worker, "ram", "memory")));
  edit_gib(app, "reserved VRAM per GPU", ptr(base + "/system_reserved/" + reserved_key(worker, "vram", "gpu_memory")));
  ImGui::TextDisabled("labels");
  edit_string_map(app, "labels", ptr(base + "/labels"));
  ImGui::TextDisabled("GPUs");
  draw_gpus(app, w, worker);
  if (ImGui::Button("Duplicate")) app.append_workers(copies_of(app.scenario(), w, 1));
  ImGui::SameLine();
  if (ImGui::Button("Remove worker")) app.remove_worker(w);
}

// `workers` is the scenario's own list: nothing reads it after an edit.
void draw_add_row(App& app, const Json& workers) {
  const bool add = ImGui::Button("Add worker");
  test_hooks::tag("button/add-worker", "Add worker");
  if (add) {
    app.append_workers({new_worker(app.scenario())});
    return;
  }
  if (workers.empty()) return;
  ImGui::SameLine();
  static int count = 4;
  static int tmpl = 0;
  if (tmpl >= int(workers.size())) tmpl = 0;
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 5);
  ImGui::InputInt("x##copies", &count);
  if (count < 1) count = 1;
  if (count > 256) count = 256;
  ImGui::SameLine();
  pick_worker("add-template", workers, tmpl);
  ImGui::SameLine();
  wrap_if_past_edge(button_width("Add N x template"));
  if (ImGui::Button("Add N x template")) app.append_workers(copies_of(app.scenario(), std::size_t(tmpl), count));
}

}  // namespace

void draw_worker_editor(App& app) {
  if (!ImGui::CollapsingHeader("Workers", ImGuiTreeNodeFlags_DefaultOpen)) return;
  // The list by reference (copying a thousand workers every frame cost more than drawing them):
  // an edit replaces the scenario, so the walk stops at the first one and an open worker's editor
  // works on its own copy.
  const std::uint64_t before = app.generation();
  draw_add_row(app, member(app.scenario(), "workers", json_array()));
  if (app.generation() != before) return;
  const Json& workers = member(app.scenario(), "workers", json_array());
  // Selecting a worker on the canvas opens its editor once; the user may close it again.
  static std::string opened_for;
  const bool selection_changed = opened_for != app.ui().selection.worker;
  opened_for = app.ui().selection.worker;
  for (std::size_t w = 0; w < workers.size(); ++w) {
    const Json& worker = workers[w];
    ImGui::PushID(int(w));
    const std::string name = worker.value("name", std::string("?"));
    if (selection_changed && app.ui().selection.worker == name) ImGui::SetNextItemOpen(true, ImGuiCond_Always);
    const std::string title = name + "  (" + worker.value("state", std::string("?")) + ")###worker";
    if (ImGui::TreeNode(title.c_str())) {
      const Json open_worker = worker;
      draw_worker(app, w, open_worker);
      ImGui::TreePop();
    }
    ImGui::PopID();
    if (app.generation() != before) return;
  }
}

}  // namespace placement::ui
