// The model: backend, source, backend parameters, placement strategy, CPU offloading,
// distributed inference, label selector, GPU selection, replicas, speculative draft model; and
// where its size comes from: a GGUF profile, or a Hugging Face config.json plus weight size.
#include "app/app.h"
#include "app/field_labels.h"
#include "app/format.h"
#include "app/repo_facts.h"
#include "imgui.h"
#include "imgui_stdlib.h"
#include "panels/edit_widgets.h"
#include "panels/panels.h"

namespace placement::ui {

namespace {

const std::vector<std::string> kBackends = {"vLLM", "SGLang", "MindIE", "VoxBox", "Custom", "llama-box"};
const std::vector<std::string> kSources = {"huggingface", "model_scope", "local_path"};
const std::vector<std::string> kStrategies = {"spread", "binpack"};

// A dimmed caption naming the API field in a tooltip.
void caption(const char* key, const char* extra = "") {
  ImGui::TextDisabled("%s%s", field_label(key).c_str(), extra);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("API field: %s", key);
}

// A repo id field: the size estimates follow the repo (app/repo_facts.h).
void edit_repo(App& app, const char* label, const Json::json_pointer& p) {
  const Json& v = value_at(app.scenario(), p);
  std::string text = v.is_string() ? v.get<std::string>() : std::string();
  if (!ImGui::InputText(label, &text)) return;
  // The repo and the estimates that follow it, not the cluster beside them.
  Json part = Json::object();
  for (const char* key : {"model", "estimates"})
    if (app.scenario().contains(key)) part[key] = app.scenario()[key];
  app.set_sections(with_repo(std::move(part), p, text), {"model", "estimates"}, p.to_string());
}

void draw_source(App& app, const Json& model) {
  edit_choice(app, "source", ptr("/model/source"), kSources);
  const std::string source = model.value("source", std::string("huggingface"));
  if (source == "model_scope") {
    edit_repo(app, "model_scope_model_id", ptr("/model/model_scope_model_id"));
    edit_text(app, "model_scope_file_path", ptr("/model/model_scope_file_path"), true);
  } else if (source == "local_path") {
    edit_text(app, "local_path", ptr("/model/local_path"), true);
  } else {
    edit_repo(app, "huggingface_repo_id", ptr("/model/huggingface_repo_id"));
    edit_text(app, "huggingface_filename", ptr("/model/huggingface_filename"), true);
  }
}

void draw_gpu_selection(App& app, const Json& model) {
  ImGui::Checkbox("Select GPUs by clicking them on the canvas", &app.ui().manual_gpu_mode);
  const Json& sel = member(model, "gpu_selector", json_null());
  const Json ids = sel.is_object() ? sel.value("gpu_ids", Json::array()) : Json::array();
  if (ids.is_array() && !ids.empty()) {
    caption("gpu_ids");
    edit_string_list(app, "gpu_ids", ptr("/model/gpu_selector/gpu_ids"));
    edit_optional_int(app, "gpus_per_replica", ptr("/model/gpu_selector/gpus_per_replica"));
    if (ImGui::SmallButton("Clear GPU selection")) set_value(app, ptr("/model/gpu_selector"), nullptr, false);
  } else {
    ImGui::TextDisabled("no gpu_selector: the scheduler chooses the GPUs");
  }
}

void draw_speculative(App& app, const Json& model) {
  const Json& spec = member(model, "speculative_config", json_null());
  bool on = spec.is_object();
  if (ImGui::Checkbox("Speculative decoding (draft model)", &on))
    set_value(app, ptr("/model/speculative_config"), on ? Json{{"enabled", true}, {"draft_model", ""}} : Json(nullptr), false);
  if (!spec.is_object()) return;
  ImGui::Indent();
  edit_bool(app, "enabled", ptr("/model/speculative_config/enabled"), true);
  edit_text(app, "draft_model", ptr("/model/speculative_config/draft_model"), true);
  ImGui::Unindent();
}

// Hugging Face config.json pasted as text; applied only when it parses to an object.
void draw_config_paste(App& app) {
  static std::string text;
  ImGui::TextDisabled("Paste a Hugging Face config.json:");
  ImGui::InputTextMultiline("##config", &text, ImVec2(-1, ImGui::GetTextLineHeight() * 5));
  if (ImGui::Button("Use this config.json")) {
    Json config = Json::parse(text, nullptr, false);
    if (config.is_discarded() || !config.is_object()) {
      app.show_error("config.json: not a JSON object; the model's estimates are unchanged");
    } else {
      set_value(app, ptr("/estimates/config"), std::move(config), false);
      text.clear();
    }
  }
}

void draw_estimates(App& app) {
  const Json est = member(app.scenario(), "estimates", json_object());
  if (est.contains("gguf_profile") && est["gguf_profile"].is_object()) {
    const Json& p = est["gguf_profile"];
    ImGui::Text("GGUF profile: %s, %s", value_text("", p.value("architecture", Json(nullptr))).c_str(),
                value_text("", p.value("name", Json(nullptr))).c_str());
    if (ImGui::SmallButton("Remove GGUF profile")) app.patch({{ptr("/estimates/gguf_profile"), std::nullopt, std::nullopt}});
  }
  if (est.contains("gguf_parser") && est["gguf_parser"].is_array())
    ImGui::Text("%zu recorded gguf-parser estimates", est["gguf_parser"].size());
  if (ImGui::Button("Load a .gguf file (header only)...")) app.open_gguf_picker();
  edit_gib(app, "weights size", ptr("/estimates/weights_bytes"));
  if (est.contains("config") && est["config"].is_object()) {
    const Json& c = est["config"];
    const Json& arch = member(c, "architectures", json_null());
    ImGui::Text("config.json: %s, %s layers, hidden %s", arch.is_array() && !arch.empty() ? value_text("", arch[0]).c_str() : "-",
                value_text("", c.value("num_hidden_layers", Json(nullptr))).c_str(), value_text("", c.value("hidden_size", Json(nullptr))).c_str());
  }
  draw_config_paste(app);
}

}  // namespace

void draw_model_panel(App& app) {
  if (!ImGui::CollapsingHeader("Model", ImGuiTreeNodeFlags_DefaultOpen)) return;
  const Json model = member(app.scenario(), "model", json_object());
  ImGui::PushID("model");
  edit_text(app, "name", ptr("/model/name"));
  edit_choice(app, "backend", ptr("/model/backend"), kBackends, true);
  edit_text(app, "backend_version", ptr("/model/backend_version"), true);
  draw_source(app, model);
  caption("backend_parameters");
  const Json& backend = member(model, "backend", json_null());
  edit_string_list(app, "params", ptr("/model/backend_parameters"), parameter_chips(backend.is_string() ? backend.get<std::string>() : ""));
  edit_choice(app, "placement_strategy", ptr("/model/placement_strategy"), kStrategies);
  edit_int(app, "replicas", ptr("/model/replicas"), 1);
  edit_bool(app, "cpu_offloading", ptr("/model/cpu_offloading"));
  edit_bool(app, "distributed_inference_across_workers", ptr("/model/distributed_inference_across_workers"));
  caption("worker_selector", " (labels a worker must have)");
  edit_string_map(app, "selector", ptr("/model/worker_selector"));
  draw_gpu_selection(app, model);
  draw_speculative(app, model);
  if (ImGui::TreeNode("Size estimates")) {
    draw_estimates(app);
    ImGui::TreePop();
  }
  ImGui::PopID();
}

}  // namespace placement::ui
