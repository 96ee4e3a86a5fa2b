#include "panels/edit_widgets.h"

#include <cmath>

#include "app/app.h"
#include "app/field_labels.h"
#include "imgui.h"
#include "imgui_stdlib.h"

namespace placement::ui {

namespace {
constexpr double kGiB = 1073741824.0;

// "huggingface_repo_id" is shown as "Hugging Face repo" (same ImGui id); labels with their own
// "##" id or no table entry stay as they are.
std::string shown(const char* label) {
  const std::string key = label;
  if (key.find("##") != std::string::npos) return key;
  const std::string human = field_label(key);
  return human == key ? key : human + "##" + key;
}

// Hovering a field names the API field it edits.
void api_tooltip(const Json::json_pointer& p) {
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("API field: %s", p.to_string().c_str());
}
}  // namespace

Json::json_pointer ptr(const std::string& text) { return Json::json_pointer(text); }

const Json& value_at(const Json& doc, const Json::json_pointer& p) {
  static const Json null_value;
  try {
    if (doc.contains(p)) return doc.at(p);
  } catch (const std::exception&) {
  }
  return null_value;
}

void set_value(App& app, const Json::json_pointer& p, Json value, bool coalesce) {
  try {
    app.set(p, std::move(value), coalesce ? p.to_string() : std::string());
  } catch (const std::exception& e) {
    app.show_error(std::string("that field cannot be set here: ") + e.what());
  }
}

bool edit_text(App& app, const char* label, const Json::json_pointer& p, bool null_when_empty) {
  const Json& v = value_at(app.scenario(), p);
  std::string text = v.is_string() ? v.get<std::string>() : v.is_null() ? std::string() : v.dump();
  const bool edited = ImGui::InputText(shown(label).c_str(), &text);
  api_tooltip(p);
  if (!edited) return false;
  set_value(app, p, null_when_empty && text.empty() ? Json(nullptr) : Json(text));
  return true;
}

bool edit_int(App& app, const char* label, const Json::json_pointer& p, long long fallback) {
  const Json& v = value_at(app.scenario(), p);
  long long n = v.is_number_integer() ? v.get<long long>() : fallback;
  const bool edited = ImGui::InputScalar(shown(label).c_str(), ImGuiDataType_S64, &n);
  api_tooltip(p);
  if (!edited) return false;
  set_value(app, p, n);
  return true;
}

bool edit_optional_int(App& app, const char* label, const Json::json_pointer& p, long long when_set) {
  const Json& v = value_at(app.scenario(), p);
  bool set = v.is_number_integer();
  ImGui::PushID(label);
  bool changed = false;
  if (ImGui::Checkbox("##set", &set)) {
    set_value(app, p, set ? Json(when_set) : Json(nullptr), false);
    changed = true;
  }
  ImGui::SameLine();
  if (set && !changed) changed = edit_int(app, label, p, when_set);
  else if (!set) ImGui::TextDisabled("%s: unset", field_label(label).c_str());
  api_tooltip(p);
  ImGui::PopID();
  return changed;
}

bool edit_float(App& app, const char* label, const Json::json_pointer& p, double fallback, double step) {
  const Json& v = value_at(app.scenario(), p);
  double x = v.is_number() ? v.get<double>() : fallback;
  const bool edited = ImGui::InputDouble(shown(label).c_str(), &x, step, step * 10, "%.4g");
  api_tooltip(p);
  if (!edited) return false;
  set_value(app, p, x);
  return true;
}

bool edit_gib(App& app, const char* label, const Json::json_pointer& p) {
  const Json& v = value_at(app.scenario(), p);
  double gib = v.is_number() ? v.get<double>() / kGiB : 0.0;
  const bool edited = ImGui::InputDouble(shown(label).c_str(), &gib, 1.0, 8.0, "%.2f GiB");
  api_tooltip(p);
  if (!edited) return false;
  if (!(gib >= 0)) gib = 0;
  set_value(app, p, static_cast<long long>(std::llround(gib * kGiB)));
  return true;
}

bool edit_bool(App& app, const char* label, const Json::json_pointer& p, bool fallback) {
  const Json& v = value_at(app.scenario(), p);
  bool b = v.is_boolean() ? v.get<bool>() : fallback;
  const bool edited = ImGui::Checkbox(shown(label).c_str(), &b);
  api_tooltip(p);
  if (!edited) return false;
  set_value(app, p, b, false);
  return true;
}

bool edit_choice(App& app, const char* label, const Json::json_pointer& p, const std::vector<std::string>& options, bool allow_null) {
  const Json& v = value_at(app.scenario(), p);
  const std::string current = v.is_string() ? v.get<std::string>() : v.is_null() ? std::string("(default)") : v.dump();
  bool changed = false;
  const bool open = ImGui::BeginCombo(shown(label).c_str(), current.c_str());
  api_tooltip(p);
  if (open) {
    if (allow_null && ImGui::Selectable("(default)", v.is_null())) {
      set_value(app, p, nullptr, false);
      changed = true;
    }
    for (const std::string& o : options)
      if (ImGui::Selectable(o.c_str(), o == current)) {
        set_value(app, p, o, false);
        changed = true;
      }
    ImGui::EndCombo();
  }
  return changed;
}

bool edit_string_map(App& app, const char* id, const Json::json_pointer& p) {
  const Json& v = value_at(app.scenario(), p);
  const Json map = v.is_object() ? v : Json::object();
  bool changed = false;
  ImGui::PushID(id);
  int row = 0;
  for (auto it = map.begin(); it != map.end(); ++it, ++row) {
    ImGui::PushID(row);
    std::string key = it.key();
    std::string value = it.value().is_string() ? it.value().get<std::string>() : it.value().dump();
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7);
    if (ImGui::InputText("##key", &key, ImGuiInputTextFlags_EnterReturnsTrue) && !key.empty() && !map.contains(key)) {
      Json next = Json::object();
      for (auto jt = map.begin(); jt != map.end(); ++jt) next[jt == it ? key : jt.key()] = jt.value();
      set_value(app, p, next, false);
      changed = true;
    }
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 9);
    if (ImGui::InputText("##value", &value)) {
      Json next = map;
      next[it.key()] = value;
      set_value(app, p, next);
      changed = true;
    }
    ImGui::SameLine();
    if (ImGui::SmallButton("-")) {
      Json next = map;
      next.erase(it.key());
      set_value(app, p, next, false);
      changed = true;
    }
    ImGui::PopID();
    if (changed) break;
  }
  if (!changed && ImGui::SmallButton("+ key")) {
    Json next = map;
    std::string key = "key";
    for (int k = 2; next.contains(key); ++k) key = "key" + std::to_string(k);
    next[key] = "";
    set_value(app, p, next, false);
    changed = true;
  }
  ImGui::PopID();
  return changed;
}

namespace {

// Suggestions as dimmed "+ --flag" chips (never mistaken for values that are set); a chip whose
// flag is in the list already is not offered. Wraps instead of running past the pane's edge.
bool add_suggestion(App& app, const Json::json_pointer& p, const Json& list, const std::vector<std::string>& suggestions) {
  std::vector<std::string> current;
  for (const auto& v : list)
    if (v.is_string()) current.push_back(v.get<std::string>());
  const std::vector<std::string> offered = unused_chips(suggestions, current);
  if (offered.empty()) return false;
  ImGui::SameLine();
  ImGui::TextDisabled("suggestions:");
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0, 0, 0, 0));
  bool added = false;
  for (const std::string& s : offered) {
    const std::string chip = "+ " + s;
    ImGui::SameLine();
    if (ImGui::GetContentRegionAvail().x < ImGui::CalcTextSize(chip.c_str()).x + ImGui::GetStyle().FramePadding.x * 2) ImGui::NewLine();
    if (ImGui::SmallButton(chip.c_str()) && !added) {
      Json next = list;
      next.push_back(s);
      set_value(app, p, next, false);
      added = true;
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Suggestion, not set: click to add %s", s.c_str());
  }
  ImGui::PopStyleColor(2);
  return added;
}

}  // namespace

bool edit_string_list(App& app, const char* id, const Json::json_pointer& p, const std::vector<std::string>& suggestions) {
  const Json& v = value_at(app.scenario(), p);
  const Json list = v.is_array() ? v : Json::array();
  bool changed = false;
  ImGui::PushID(id);
  for (std::size_t i = 0; i < list.size() && !changed; ++i) {
    ImGui::PushID(int(i));
    std::string text = list[i].is_string() ? list[i].get<std::string>() : list[i].dump();
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 16);
    if (ImGui::InputText("##item", &text)) {
      Json next = list;
      next[i] = text;
      set_value(app, p, next);
      changed = true;
    }
    ImGui::SameLine();
    if (!changed && ImGui::SmallButton("-")) {
      Json next = list;
      next.erase(i);
      set_value(app, p, next, false);
      changed = true;
    }
    ImGui::PopID();
  }
  if (!changed && ImGui::SmallButton("+ add")) {
    Json next = list;
    next.push_back("");
    set_value(app, p, next, false);
    changed = true;
  }
  changed = !changed && add_suggestion(app, p, list, suggestions);
  ImGui::PopID();
  return changed;
}

}  // namespace placement::ui
