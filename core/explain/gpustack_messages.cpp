// Framing of GPUStack's message list (gpustack/scheduler/scheduler.py find_candidate and each
// selector's _set_messages / get_messages); the per-slot wording is in gpustack_*_lines.cpp.
#include "explain/gpustack_messages.h"

#include <string_view>

namespace placement {

using namespace gpustack_text;

namespace {

std::string source_of(const Json& slot) { return slot.value("source", std::string()); }
bool starts_with(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }
bool is_filter(const Json& slot) { return source_of(slot) == "filters"; }

std::vector<std::string> lines_of(const Json& slot) {
  const std::string source = source_of(slot);
  if (source == "mindie") return mindie_lines(slot);
  return vllm_lines(slot);
}

// vLLM / SGLang / Custom: the default event (requirement), "\n", then the one path event.
std::string default_then_event(const std::vector<const Json*>& slots) {
  std::string out = bullet_list(lines_of(*slots.front())) + "\n";
  for (std::size_t i = 1; i < slots.size(); ++i) out += bullet_list(lines_of(*slots[i]));
  return out;
}

// MindIE: validation failures and "No available workers found." are bare items; everything else
// goes into one bullet list, appended last (empty when nothing was written).
std::string mindie_block(const std::vector<const Json*>& slots) {
  std::string bare;
  std::vector<std::string> listed;
  for (const Json* s : slots) {
    const std::string key = s->value("key", std::string());
    std::vector<std::string> lines = lines_of(*s);
    if (key == "parallel_validation" || key == "no_available_workers") {
      for (const auto& l : lines) bare += l;
    } else {
      listed.insert(listed.end(), lines.begin(), lines.end());
    }
  }
  return bare + bullet_list(listed);
}

// GGUF: errors replace everything, otherwise one info event then warnings (the trace keeps only
// those); each event is its own item.
std::string gguf_block(const std::vector<const Json*>& slots) {
  std::string out;
  for (const Json* s : slots) out += gguf_text(*s);
  return out;
}

// "Failed to initialize {model.backend} candidates selector: {e}" for the errors whose text we
// know (the selected GPU count against the parallel world size).
std::string selector_init_text(const Json& v) {
  if (!v.contains("world_size") || !v.contains("model")) return {};
  const Json& backend = v.value("backend", Json());
  return "Failed to initialize " + (backend.is_string() ? backend.get<std::string>() : std::string("None")) +
         " candidates selector: Model " + v["model"].get<std::string>() + " has " + v["labels"].get<std::string>() +
         " set, but the selected gpu count (" + v["gpu_count"].dump() + ") does not match the world size (" + v["world_size"].dump() +
         "). Adjust the selected GPUs or the parallelism backend parameters so they match. If the mismatch is intentional, add "
         "GPUSTACK_SKIP_GPU_COUNT_CHECK=1 to the model's environment variables to bypass this check and keep the selected gpu count.";
}

}  // namespace

namespace gpustack_text {

std::string bullet_list(const std::vector<std::string>& lines) {
  std::string out;
  for (std::size_t i = 0; i < lines.size(); ++i) out += (i ? "\n- " : "- ") + lines[i];
  return out;
}

}  // namespace gpustack_text

std::string gpustack_filter_block(const Json& trace_messages) {
  std::vector<std::string> lines;
  for (const Json& slot : trace_messages)
    if (is_filter(slot))
      for (auto& l : filter_lines(slot)) lines.push_back(std::move(l));
  return lines.empty() ? std::string() : bullet_list(lines) + "\n";
}

std::string gpustack_selector_block(const Json& trace_messages) {
  std::vector<const Json*> slots;
  for (const Json& slot : trace_messages)
    if (!is_filter(slot) && source_of(slot) != "no_workers") slots.push_back(&slot);
  if (slots.empty()) return {};
  const std::string first = source_of(*slots.front());
  // The one-distributed-instance notice replaces the whole explanation (Q22).
  if (slots.front()->value("key", std::string()) == "distributed_limit") return bullet_list(lines_of(*slots.front()));
  if (first == "mindie") return mindie_block(slots);
  if (starts_with(first, "gguf.")) return gguf_block(slots);
  return default_then_event(slots);
}

std::string gpustack_details(const Json& trace_messages) {
  return gpustack_filter_block(trace_messages) + gpustack_selector_block(trace_messages);
}

std::string gpustack_no_candidate_message(const Json& trace) {
  const Json messages = trace.value("messages", Json::array());
  // A selector constructor that raised: find_candidate returns only that line, no filter block.
  const Json& error = trace.value("error", Json());
  if (error.is_object() && error.value("stage", std::string()) == "selector_init") {
    const std::string init = selector_init_text(error.value("values", Json::object()));
    if (!init.empty()) return "No suitable workers.\nDetails:\n" + init;
  }
  for (const Json& slot : messages)
    if (source_of(slot) == "no_workers") return "No available workers";
  std::string selector = gpustack_selector_block(messages);
  const Json& filters = trace.value("filters", Json::array());
  bool workers_left = true;
  for (const Json& f : filters)
    if (f.value("status", std::string()) != "not_run" && f.value("kept", 0LL) == 0) workers_left = false;
  if (selector.empty() && workers_left) selector = "No workers meet the resource requirements.";
  return "No suitable workers.\nDetails:\n" + gpustack_filter_block(messages) + selector;
}

}  // namespace placement
