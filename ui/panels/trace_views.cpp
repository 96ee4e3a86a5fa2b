#include "panels/trace_views.h"

#include <cstdarg>
#include <cstdio>

#include <algorithm>
#include <map>
#include <utility>

#include "app/app.h"
#include "app/format.h"
#include "explain/text_renderer.h"
#include "imgui.h"
#include "test_hooks.h"

namespace placement::ui {

std::string candidate_label(const Json& c) {
  if (!c.is_object()) return value_text("", c);
  std::string out = c.value("worker_name", std::string("?"));
  const Json& gpus = member(c, "gpu_indexes", json_null());
  if (gpus.is_array() && !gpus.empty()) out += " GPUs " + gpus.dump();
  else if (c.contains("computed_resource_claim")) out += " (CPU)";
  const Json& rpc = member(c, "rpc", json_null());
  if (rpc.is_array() && !rpc.empty()) out += " + RPC " + rpc.dump();
  const Json& subs = member(c, "subordinate_workers", json_null());
  if (subs.is_array())
    for (std::size_t i = 0; i < subs.size(); ++i) out += (i ? ", " : " + ") + subs[i].value("worker_name", std::string("?"));
  return out;
}

// Formatted at any length: a fixed buffer silently cut long lists.
void bullet_wrapped(const char* fmt, ...) {
  va_list args;
  va_start(args, fmt);
  va_list again;
  va_copy(again, args);
  const int n = std::vsnprintf(nullptr, 0, fmt, args);
  va_end(args);
  std::string text(n > 0 ? std::size_t(n) : 0, '\0');
  if (n > 0) std::vsnprintf(text.data(), text.size() + 1, fmt, again);
  va_end(again);
  ImGui::Bullet();
  ImGui::SameLine();
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(text.c_str(), text.c_str() + text.size());
  ImGui::PopTextWrapPos();
}

void section(const char* title) {
  ImGui::Spacing();
  ImGui::TextDisabled("%s", title);
  ImGui::Separator();
}

void draw_rejection(const Json& r, int id) {
  ImGui::PushID(id);
  bullet_wrapped("%s: %s", candidate_label(r.value("subject", Json(nullptr))).c_str(), reason_text(r).c_str());
  const Json& sfs = member(r, "shortfalls", json_null());
  if (sfs.is_array() && !sfs.empty() &&
      ImGui::BeginTable("shortfalls", 6, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit)) {
    for (const char* h : {"dimension", "GPU", "needs", "has", "short", "freeing claims closes it?"}) ImGui::TableSetupColumn(h);
    ImGui::TableHeadersRow();
    for (const auto& sf : sfs) {
      const std::string dim = sf.value("dim", std::string("?"));
      // Counts (layers) and the ratio dimension's integer bytes are shown as they are.
      const std::string key = dim == "layers" || dim == "one_layer_count" ? "" : "need";
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(dim.c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(value_text("", sf.value("gpu_index", Json(nullptr))).c_str());
      for (const char* k : {"need", "have", "short"}) {
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(value_text(key.empty() ? "" : k, sf.value(k, Json(nullptr))).c_str());
      }
      ImGui::TableNextColumn();
      const Json& f = member(sf, "freeable", json_null());
      ImGui::TextUnformatted(f.is_boolean() ? (f.get<bool>() ? "yes: fits now if freed" : "no: too small even empty") : "-");
    }
    ImGui::EndTable();
  }
  ImGui::PopID();
}

void draw_rejections(const Json& rejections) {
  // A rejection's height depends only on its number of shortfall rows (and the font): the height
  // measured the last time such a rejection was drawn stands in for those out of view, so the
  // list scrolls as if every one were built.
  static std::map<std::pair<float, std::size_t>, float> measured;
  const float width = std::max(1.0f, ImGui::GetContentRegionAvail().x);
  const float spacing = ImGui::GetStyle().ItemSpacing.y;
  int id = 0;
  for (const auto& r : rejections) {
    const Json& sfs = member(r, "shortfalls", json_null());
    const auto key = std::make_pair(ImGui::GetFontSize(), sfs.is_array() ? sfs.size() : std::size_t(0));
    const auto known = measured.find(key);
    if (known != measured.end() && !ImGui::IsRectVisible(ImVec2(width, known->second))) {
      ImGui::Dummy(ImVec2(width, std::max(0.0f, known->second - spacing)));
      ++id;
      continue;
    }
    const float top = ImGui::GetCursorPosY();
    draw_rejection(r, id++);
    measured[key] = ImGui::GetCursorPosY() - top;
  }
}

bool subject_matches(const Json& s, const std::string& worker, int gpu) {
  if (!s.is_object()) return false;
  bool named = s.value("worker_name", std::string()) == worker;
  if (!named) {
    const Json& subs = member(s, "subordinate_workers", json_null());
    if (subs.is_array())
      for (const auto& sub : subs) named = named || sub.value("worker_name", std::string()) == worker;
  }
  if (!named) return false;
  const Json& gpus = member(s, "gpu_indexes", json_null());
  return subject_uses_gpu(gpus.is_array() ? &gpus : nullptr, gpu);
}

std::string all_dropped_text(const Json& f) {
  const Json& note = member(f, "all_dropped", json_null());
  if (!note.is_object()) return "";
  const std::string out = "Every worker dropped: " + value_text("", note.value("why", Json(nullptr))) + ".";
  const std::string values = all_dropped_values_text(note);
  if (values.empty()) return out;
  return out + " " + value_text("", note.value("field", Json(nullptr))) + " values that would keep workers: " + values + ".";
}

void draw_all_dropped(const Json& f) {
  const std::string text = all_dropped_text(f);
  if (text.empty()) return;
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 0.75f, 0.35f, 1));
  ImGui::TextWrapped("%s", text.c_str());
  ImGui::PopStyleColor();
  test_hooks::tag("note/all-dropped", text);
}

const Json& backend_filter_record(const Json& filters) {
  if (!filters.is_array()) return json_null();
  for (const auto& f : filters)
    if (f.value("filter", std::string()) == "backend_framework") return f;
  return json_null();
}

const Json& trace_part(const App& app, const char* name, const Json& fallback) {
  const Json& part = app.results().trace_section(name);
  if (part.is_null() || (fallback.is_object() && !part.is_object()) || (fallback.is_array() && !part.is_array())) return fallback;
  return part;
}

bool draw_input_error(const std::string& error, const char* consequence) {
  if (error.empty()) return false;
  ImGui::TextWrapped("The scenario has an error%s: %s", consequence, error.c_str());
  return true;
}

}  // namespace placement::ui
