// Existing load: the model instances the cluster already runs (of this model and others), edited
// or placed by hand; Deploy (toolbar) adds the winner as one more.
#include <cstdint>

#include "app/app.h"
#include "app/deploy.h"
#include "app/format.h"
#include "imgui.h"
#include "panels/edit_widgets.h"
#include "panels/flow_layout.h"
#include "panels/panels.h"
#include "panels/worker_picker.h"
#include "test_hooks.h"

namespace placement::ui {

namespace {

constexpr int kUnclippedRows = 200;

const std::vector<std::string> kInstanceStates = {"running", "pending", "scheduled", "initializing", "downloading",
                                                  "starting", "analyzing", "error", "unreachable"};

std::string claim_summary(const Json& claim) {
  if (!claim.is_object()) return "no claim";
  std::string out;
  const Json& vram = member(claim, "vram", json_null());
  if (vram.is_object())
    for (auto it = vram.begin(); it != vram.end(); ++it) out += (out.empty() ? "VRAM " : ", ") + it.key() + ": " + gib_text(number_or(it.value()));
  const Json& ram = member(claim, "ram", json_null());
  if (ram.is_number()) out += (out.empty() ? "" : "; ") + std::string("RAM ") + gib_text(ram.get<double>());
  return out.empty() ? "no claim" : out;
}

// A table cell's text, wrapped at the column's edge; tagged `id` with the text's rectangle.
void wrapped_cell(const std::string& text, const std::string& id) {
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(text.c_str());
  ImGui::PopTextWrapPos();
  test_hooks::tag(id, text);
}

// One row of the instances table; `before` is the generation the table started with (an edit
// replaces the scenario `instances` points into, so nothing is read after one).
void draw_instance_row(App& app, const Json& instances, int row, const Json& model_id, std::uint64_t before) {
  const std::size_t i = std::size_t(row);
  const Json& inst = instances[i];
  const std::string name = value_text("", member(inst, "name", json_null()));
  const Json& of = member(inst, "model_id", json_null());
  const std::string model_text = of == model_id ? std::string("this") : value_text("", of);
  const std::string worker = worker_name_of(app.scenario(), inst);
  const std::string claim = claim_summary(member(inst, "computed_resource_claim", json_null()));
  const std::string base = "/model_instances/" + std::to_string(i);
  ImGui::TableNextRow();
  ImGui::PushID(row);
  ImGui::TableNextColumn();
  wrapped_cell(name, "instance/" + std::to_string(i) + "/name");
  ImGui::TableNextColumn();
  wrapped_cell(model_text, "instance/" + std::to_string(i) + "/model");
  ImGui::TableNextColumn();
  ImGui::SetNextItemWidth(-1);
  edit_choice(app, "##state", ptr(base + "/state"), kInstanceStates);
  ImGui::TableNextColumn();
  wrapped_cell(worker, "instance/" + std::to_string(i) + "/worker");
  ImGui::TableNextColumn();
  wrapped_cell(claim, "instance/" + std::to_string(i) + "/claim");
  ImGui::TableNextColumn();
  if (app.generation() == before) {
    const bool remove = ImGui::SmallButton("remove");
    test_hooks::tag("instance/" + std::to_string(i) + "/remove", "remove " + name);
    if (remove) app.remove_instance(i);
  }
  ImGui::PopID();
}

// Hand placement: one instance on one worker, with a VRAM claim per chosen GPU.
void draw_manual_placement(App& app) {
  static int worker = 0;
  static double vram_gib = 8.0;
  static double ram_gib = 0.0;
  static bool other_model = false;
  static unsigned gpu_mask = 1;
  // The workers as the loader read them (the canvas's): a hand placement names a worker the
  // scheduler knows, with its GPUs' indexes.
  const std::vector<Worker>& workers = app.drawn_workers();
  if (workers.empty()) {
    ImGui::TextDisabled("add a worker first");
    return;
  }
  if (worker >= int(workers.size())) worker = 0;
  ImGui::TextUnformatted("worker");
  ImGui::SameLine();
  pick_worker("place", workers, worker);
  const Worker& w = workers[std::size_t(worker)];
  const std::vector<GpuDevice>& gpus = w.gpus;
  for (std::size_t g = 0; g < gpus.size() && g < 32; ++g) {
    bool on = (gpu_mask >> g) & 1u;
    ImGui::SameLine();
    const std::string label = "GPU " + std::to_string(gpus[g].index) + "##place" + std::to_string(g);
    wrap_if_past_edge(ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(label.c_str(), nullptr, true).x);
    if (ImGui::Checkbox(label.c_str(), &on)) gpu_mask = on ? gpu_mask | (1u << g) : gpu_mask & ~(1u << g);
  }
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
  ImGui::InputDouble("VRAM per GPU (GiB)", &vram_gib, 1, 8, "%.2f");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
  ImGui::InputDouble("RAM (GiB)", &ram_gib, 1, 8, "%.2f");
  ImGui::Checkbox("of another model", &other_model);
  ImGui::SameLine();
  if (ImGui::Button("Place instance")) {
    const Json model = member(app.scenario(), "model", json_object());
    Json candidate = Json::object();
    candidate["worker_id"] = w.id;
    candidate["worker_name"] = w.name;
    Json indexes = Json::array();
    Json vram = Json::object();
    for (std::size_t g = 0; g < gpus.size() && g < 32; ++g)
      if ((gpu_mask >> g) & 1u) {
        const int index = gpus[g].index;
        indexes.push_back(index);
        vram[std::to_string(index)] = static_cast<long long>(vram_gib * 1073741824.0);
      }
    candidate["gpu_indexes"] = indexes.empty() ? Json(nullptr) : indexes;
    candidate["computed_resource_claim"] = Json{{"ram", static_cast<long long>(ram_gib * 1073741824.0)}, {"vram", vram}};
    Json inst = instance_from_candidate(app.scenario(), candidate);
    if (other_model) {
      const long long other = model.contains("id") && model["id"].is_number_integer() ? model["id"].get<long long>() + 1000 : 1000;
      inst["model_id"] = other;
      inst["model_name"] = "other-model";
      inst["name"] = "other-model-" + inst["id"].dump();
    }
    app.append_instances({std::move(inst)});
  }
}

}  // namespace

void draw_instances_panel(App& app) {
  if (!ImGui::CollapsingHeader("Model instances (existing load)", ImGuiTreeNodeFlags_DefaultOpen)) return;
  // By reference (a cluster has thousands of instances): an edit replaces the scenario, so a row
  // reads everything it shows before its edit widgets and the table stops after the first edit.
  const std::uint64_t before = app.generation();
  const Json& instances = member(app.scenario(), "model_instances", json_array());
  const Json& model = member(app.scenario(), "model", json_object());
  const Json model_id = member(model, "id", json_null());
  const Json& replicas = member(model, "replicas", json_null());
  long long mine = 0;
  for (const auto& i : instances) mine += member(i, "model_id", json_null()) == model_id ? 1 : 0;
  ImGui::Text("%lld of %lld replicas of this model exist; %zu instances in all", mine,
              replicas.is_number_integer() ? replicas.get<long long>() : 1LL, instances.size());
  if (ImGui::BeginTable("instances", 6, ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) {
    // Names and claims wrap inside their columns rather than being cut at the column's edge.
    const float em = ImGui::GetFontSize();
    ImGui::TableSetupColumn("name", ImGuiTableColumnFlags_WidthStretch, 1.0f);
    ImGui::TableSetupColumn("model", ImGuiTableColumnFlags_WidthStretch, 0.5f);
    ImGui::TableSetupColumn("state", ImGuiTableColumnFlags_WidthFixed, em * 7);
    ImGui::TableSetupColumn("worker", ImGuiTableColumnFlags_WidthStretch, 1.0f);
    ImGui::TableSetupColumn("claim", ImGuiTableColumnFlags_WidthStretch, 1.6f);
    ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed);
    ImGui::TableHeadersRow();
    // Wrapped rows differ in height, which a clipper cannot know (it would leave empty space
    // below): up to kUnclippedRows rows are all built, a longer list goes through the clipper.
    const int count = int(instances.size());
    if (count <= kUnclippedRows) {
      for (int row = 0; row < count && app.generation() == before; ++row) draw_instance_row(app, instances, row, model_id, before);
    } else {
      ImGuiListClipper clipper;  // rows out of view are not built
      clipper.Begin(count);
      bool edited = false;
      while (!edited && clipper.Step())
        for (int row = clipper.DisplayStart; row < clipper.DisplayEnd && !edited; ++row) {
          draw_instance_row(app, instances, row, model_id, before);
          edited = app.generation() != before;
        }
      if (edited) clipper.End();
    }
    ImGui::EndTable();
  }
  if (app.generation() != before) return;
  const bool place_open = ImGui::TreeNode("Place an instance by hand");
  test_hooks::tag("tree/place-by-hand", "Place an instance by hand");
  if (place_open) {
    draw_manual_placement(app);
    ImGui::TreePop();
  }
}

}  // namespace placement::ui
