// GPUStack's GGUF selector events (gpustack/policies/candidate_selectors/gguf_resource_fit_selector.py),
// one slot's text: most events are ListMessageBuilder lists, some pre-check errors bare sentences.
#include "explain/gpustack_messages.h"
#include "explain/python_text.h"

namespace placement::gpustack_text {

namespace {

using namespace pytext;

std::string requires_vram_ram(const Json& v, const std::string& tail = "") {
  return "The model requires approximately " + gib(v["vram"]) + " GiB VRAM and " + gib(v["ram"]) + " GiB RAM" + tail + ".";
}

std::string worker_provides(const Json& v) {
  return "The largest available worker provides " + gib(v["worker_vram"]) + " GiB VRAM and " + gib(v["worker_ram"]) + " GiB RAM";
}

std::string pre_check(const std::string& key, const Json& v) {
  if (key == "insufficient")
    return bullet_list({requires_vram_ram(v), v.value("selected", false) ? "Selected GPUs do not meet the requirements to run the model."
                                                                         : "Cannot find a suitable worker combination to run the model."});
  if (key == "ngl_requires_cpu_offloading")
    return "The parameter --gpu-layers " + str(v["ngl"]) + " requires CPU offloading. Please allow CPU offloading in the model configuration.";
  if (key == "no_allocatable_workers") return "Insufficient resources for the model. Please check the available VRAM and RAM for the workers.";
  if (key == "selected_gpus_need_layer_vram") return "Selected GPUs need at least " + gib(v["layer_vram"]) + " GiB of available VRAM.";
  if (key == "no_allocatable_vram") return "No available resources for workers. Please check workers's available VRAM.";
  if (key == "selected_worker_missing") return "Selected GPUs's worker " + str(v["worker_name"]) + " not found in the workers list.";
  if (key == "selected_gpu_too_small")
    return "Selected GPU " + str(v["gpu_id"]) + " lacks enough VRAM. At least " + gib(v["need"]) + " GiB is required.";
  return {};
}

std::string strategy_event(const std::string& key, const Json& v) {
  if (key == "single_gpu_insufficient")
    return bullet_list({requires_vram_ram(v), "The available GPU has " + gib(v["gpu_vram"]) + " GiB VRAM and " + gib(v["worker_ram"]) + " GiB RAM."});
  if (key == "multi_gpu_insufficient" && v.contains("vram")) {
    std::vector<std::string> lines{requires_vram_ram(v), worker_provides(v) + "."};
    if (v.value("totals_fit_no_split", false))
      lines.push_back("Unable to find a combination of GPUs that satisfies the requirements when splitting by layers.");
    return bullet_list(lines);
  }
  if (key == "partial_ngl_insufficient" && v.contains("vram")) {
    const std::string offload = " to offload " + str(v["ngl"]) + " layers";
    if (v.value("totals_fit", false))
      return bullet_list({requires_vram_ram(v, offload),
                          worker_provides(v) + " but unable to find a combination of GPUs that satisfies the requirements when splitting by "
                                               "layers. Try offloading fewer layers to lower resource required."});
    return bullet_list({requires_vram_ram(v, offload), worker_provides(v) + ". Try offloading fewer layers to lower resource required."});
  }
  if (key == "cpu_insufficient")
    return bullet_list({"The model requires approximately " + gib(v["ram"]) + " GiB RAM.",
                        "The largest available worker provides " + gib(v["worker_ram"]) + " GiB RAM."});
  if (key == "rpc_main_missing")
    return bullet_list({"The model requires approximately " + gib(v["layer_vram"]) + " GiB VRAM.",
                        "No suitable main server found, current GPUs lack enough VRAM to offload a single layer."});
  if (key == "rpc_pool_empty")
    return bullet_list({"The model requires approximately " + gib(v["rpc_layer_vram"]) + " GiB VRAM.",
                        "Current GPUs lacks enough VRAM to serve as an RPC server."});
  if (key == "rpc_candidate_cap")
    return bullet_list({"Too many candidate RPC servers (max " + str(v["limit"]) +
                        " supported), skipping distributed deployment. Use manual scheduling to select GPUs if needed."});
  if (key == "rpc_selected_main_missing")
    return bullet_list({"Selected GPUs need at least " + gib(v["layer_vram"]) + " GiB of VRAM.", "No suitable GPU found for the main server."});
  if (key == "rpc_selected_gpu_too_small")
    return bullet_list({"The model in RPC requires approximately " + gib(v["rpc_layer_vram"]) + " GiB VRAM.",
                        "Selected GPU " + str(v["gpu"]) + " lacks enough VRAM to serve as an RPC server."});
  return {};
}

}  // namespace

std::string gguf_text(const Json& slot) {
  const std::string key = slot.value("key", std::string());
  const Json& v = slot.value("values", Json::object());
  if (slot.value("source", std::string()) == "gguf.pre_check") return pre_check(key, v);
  return strategy_event(key, v);
}

}  // namespace placement::gpustack_text
