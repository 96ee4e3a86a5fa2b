// GPUStack's vLLM, SGLang and Custom selector messages and the shared manual-selection notes
// (gpustack/policies/candidate_selectors/{vllm,sglang,custom_backend}_resource_fit_selector.py,
// base_candidate_selector.py), one slot's lines.
#include <string_view>

#include "explain/gpustack_messages.h"
#include "explain/python_text.h"
#include "fit/sglang/python_numbers.h"

namespace placement::gpustack_text {

namespace {

using namespace pytext;

// event_msg.rstrip(".") + tail: GPUStack's way of extending a sentence.
std::string extend(std::string msg, const std::string& tail) {
  while (!msg.empty() && msg.back() == '.') msg.pop_back();
  return msg + tail;
}

std::string number(const Json& v) { return v.is_number_float() ? python_repr(v.get<double>()) : str(v); }
std::string float_text(const Json& v) { return python_repr(v.get<double>()); }

// _check_tp_size_divisibility's sentence.
std::string tp_reason(const Json& r) {
  const std::string q = r.value("quantity", std::string());
  const std::string tail = " must be divisible by tensor parallel size (" + str(r["n"]) + ").";
  if (q == "attention_heads") return "Total number of attention heads (" + str(r["value"]) + ")" + tail;
  if (q == "vision_heads") return "Total number of vision attention heads (" + str(r["value"]) + ")" + tail;
  return "Vocabulary size (" + str(r["value"]) + ")" + tail;
}

std::string requires_vram(const Json& v) {
  std::string msg = "The model requires approximately " + gib(v["vram"]) + " GiB of VRAM";
  if (v.value("ram", 0LL) > 0) msg += " and " + gib(v["ram"]) + " GiB of RAM";
  return msg + ".";
}

std::string all_gpus_need(const std::string& flag, const std::string& u, const Json& over, const Json& percent) {
  return "With --" + flag + "=" + u + ", all GPUs combined need to provide at least " + gib(over) +
         " GiB of total VRAM and each GPU needs " + str(percent) + "% of allocatable VRAM.";
}

// "['a', 'b', 'c'...(more 2)]" from the first three names and the size.
std::string combination(const Json& names, long long size) {
  Json shown = Json::array();
  for (std::size_t i = 0; i < names.size() && i < 3; ++i) shown.push_back(names[i]);
  std::string text = list(shown);
  if (size > 3) text = text.substr(0, text.size() - 1) + "...(more " + std::to_string(size - 3) + ")]";
  return text;
}

std::string optimal(const Json& names, long long size, const Json& vram, long long left_out, long long devices, const char* unit,
                    const char* units) {
  std::string msg = "The optimal combination " + combination(names, size) + " provides " + gib(vram) + " GiB of allocatable VRAM.";
  if (left_out > 0)
    msg += " There are " + std::to_string(left_out) + " " + (left_out > 1 ? "workers" : "worker") + " that can provide " +
           std::to_string(devices) + " " + (devices > 1 ? units : unit) + ", as the workers in the combination, but some " + units +
           " among them fail to meet requirements.";
  return msg;
}

const char* const kDistributedAdvice =
    "Cannot find a suitable worker combination to run the model in distributed mode. If you are confident that the resources are "
    "sufficient, you may manually schedule the model by selecting the workers and GPUs.";

std::vector<std::string> vllm(const std::string& key, const Json& v) {
  if (key == "requirement") {
    std::vector<std::string> out{requires_vram(v)};
    if (v.contains("gmu") && v["gmu"].get<double>() != 0)
      out.push_back(all_gpus_need(v.value("gmu_parameter", std::string("gpu-memory-utilization")), float_text(v["gmu"]), v["vram_over_gmu"],
                                  v["gmu_percent"]));
    return out;
  }
  const bool gmu = v.contains("gmu") && v["gmu"].get<double>() != 0;
  if (key == "single_gpu") {
    std::string msg = "The current available GPU only has " + gib(v["largest_alloc"]) + " GiB allocatable VRAM.";
    if (gmu) msg = extend(msg, " (" + fixed(v["largest_alloc_percent"].get<double>(), 2) + "%).");
    return {msg};
  }
  if (key == "single_worker_multi_gpu") {
    std::vector<std::string> out;
    if (v.contains("tp_reason")) out.push_back(tp_reason(v["tp_reason"]));
    std::string msg = "The largest available worker has " + gib(v["largest_alloc"]) + " GiB allocatable VRAM.";
    if (gmu)
      msg = extend(msg, ", " + str(v["satisfied"]) + "/" + str(v["total"]) + " of GPUs meet the VRAM utilization ratio, providing " +
                            fixed(v["effective_gib"].get<double>(), 2) + " GiB of allocatable VRAM.");
    out.push_back(msg);
    return out;
  }
  if (key == "multi_worker") {
    std::vector<std::string> out;
    for (const Json& r : v.value("topology_reasons", Json::array())) out.push_back(str(r));
    const Json& names = v.value("combination", Json::array());
    if (v.value("gmu_zero", false))
      out.push_back("The largest available worker has " + gib(v["largest_vram"]) + " GiB of VRAM.");
    else if (!names.empty())
      out.push_back(optimal(names, static_cast<long long>(names.size()), v["largest_vram"], v.value("left_out", 0LL),
                            v.value("devices_per_worker", 0LL), "GPU", "GPUs"));
    out.push_back(kDistributedAdvice);
    return out;
  }
  return {};
}

std::vector<std::string> sglang(const std::string& key, const Json& v) {
  if (key == "requirement") {
    std::vector<std::string> out{requires_vram(v)};
    if (v.contains("u")) out.push_back(all_gpus_need("mem-fraction-static", v["u_text"].get<std::string>(), v["vram_over_u"], v["u_percent"]));
    return out;
  }
  if (key == "single_gpu") {
    std::string msg = "The current available GPU only has " + gib(v["largest_alloc"]) + " GiB allocatable VRAM.";
    if (v.contains("percent_text")) msg = extend(msg, " (" + v["percent_text"].get<std::string>() + "%).");
    return {msg};
  }
  if (key == "single_worker_multi_gpu") {
    if (v.contains("tp_reason")) return {tp_reason(v["tp_reason"])};
    if (v.contains("diffusion_per_gpu_vram"))
      return {"SGLang Diffusion requires each GPU to provide " + gib(v["diffusion_per_gpu_vram"]) +
              " GiB of allocatable VRAM when running in parallel."};
    std::string msg = "The largest available worker has " + v["largest_sum_text"].get<std::string>() + " GiB allocatable VRAM.";
    if (v.contains("satisfied"))
      msg = extend(msg, ", " + str(v["satisfied"]) + "/" + str(v["total"]) + " of GPUs meet the VRAM utilization ratio, providing " +
                            number(v["effective_vram_gib"]) + " GiB of allocatable VRAM.");
    return {msg};
  }
  if (key == "multi_worker") {
    std::vector<std::string> out;
    if (v.contains("combination"))
      out.push_back(optimal(v["combination"], v["combination_size"].get<long long>(), v["sum"], v.value("left_out", 0LL),
                            v.value("gpus_per_worker", 0LL), "GPU", "GPUs"));
    out.push_back(kDistributedAdvice);
    return out;
  }
  return {};
}

std::vector<std::string> custom(const std::string& key, const Json& v) {
  if (key == "requirement") return {"The model requires approximately " + gib(v["vram"]) + " GiB of VRAM and " + gib(v["ram"]) + " GiB of RAM."};
  if (key == "single_gpu") return {"The current available GPU only has " + gib(v["largest_vram"]) + " GiB allocatable VRAM."};
  if (key == "single_worker_multi_gpu")
    return {"The largest available worker has " + gib(v["largest_vram"]) + " GiB allocatable VRAM across " + str(v["gpu_count"]) + " GPUs."};
  if (key == "cpu_only") return {"CPU-only inference is supported. Requires at least " + gib(v["ram"]) + " GiB RAM."};
  if (key == "manual_multi_worker") return {"Manual GPU selection across multiple workers is not supported for custom backends."};
  if (key == "no_candidate") {
    const auto gib1 = [](const Json& b) { return fixed(byte_to_gib(b), 1); };
    return {"No suitable workers found. Required VRAM " + gib1(v["vram"]) + " GiB, RAM " + gib1(v["ram"]) + " GiB."};
  }
  return {};
}

std::string mindie_validation(const Json& v) {
  const std::string rule = v.value("rule", std::string());
  const std::string heads = "Model's attention heads (" + str(v["value"]) + ") must be divisible by ";
  if (rule == "heads_tp") return heads + "the --tensor-parallel-size (" + str(v["tp"]) + ").";
  if (rule == "heads_world") {
    const std::string via = v.value("via", Json()).is_string() ? v["via"].get<std::string>() : "";
    const std::string world = heads + "the world size (" + str(v["world"]) + "), multiplied by ";
    if (via == "data_parallel")
      return world + "--data-parallel-size (" + str(v["dp"]) + ") and --tensor-parallel-size (" + str(v["tp"]) + ").";
    if (via == "context_parallel")
      return world + "--context-parallel-size (" + str(v["cp"]) + ") and --tensor-parallel-size (" + str(v["tp"]) + ").";
    if (via == "moe_expert_parallel")
      return world + "--moe-expert-parallel-size (" + str(v["moe_ep"]) + ") and --moe-tensor-parallel-size (" + str(v["moe_tp"]) + ").";
    return heads + "the --tensor-parallel-size (" + str(v["tp"]) + ").";
  }
  if (rule == "experts_moe_ep")
    return "Model's MoE experts (" + str(v["value"]) + ") must be divisible by the --moe-expert-parallel-size (" + str(v["moe_ep"]) + ").";
  if (rule == "moe_intermediate_moe_tp")
    return "Model's MoE intermediate size (" + str(v["value"]) + ") must be divisible by the --moe-tensor-parallel-size (" + str(v["moe_tp"]) +
           ").";
  return "Model's vocabulary size (" + str(v["value"]) + ") must be divisible by the --tensor-parallel-size (" + str(v["tp"]) + ").";
}

const char* const kDistributedAdviceDevices =
    "Cannot find a suitable worker combination to run the model in distributed mode. If you are confident that the resources are "
    "sufficient, you may manually schedule the model by selecting the workers and devices.";

std::vector<std::string> mindie(const std::string& key, const Json& v) {
  if (key == "requirement") return {"The model requires approximately " + gib(v["vram"]) + " GiB VRAM and " + gib(v["ram"]) + " GiB RAM."};
  if (key == "fraction")
    return {"With --npu-memory-fraction=" + float_text(v["fraction"]) + ", all GPUs combined need to provide at least " +
            fixed(v["total_vram_gib"].get<double>(), 2) + " GiB of total VRAM and each GPU needs " + str(v["percent"]) +
            "% of allocatable VRAM."};
  if (key == "single_worker_largest")
    return {"The largest available worker has " + gib(v["vram"]) + " GiB allocatable VRAM, " + str(v["satisfied_gpus"]) + "/" +
            str(v["total_gpus"]) + " of GPUs meet the VRAM utilization ratio, providing " + fixed(v["effective_vram_gib"].get<double>(), 2) +
            " GiB of allocatable VRAM."};
  if (key == "multi_worker_best")
    return {optimal(v["workers"], v.value("count", 0LL), v["vram"], v.value("left_out", 0LL), v.value("devices_per_worker", 0LL), "device",
                    "devices")};
  if (key == "multi_worker_advice") return {kDistributedAdviceDevices};
  if (key == "no_available_workers") return {"No available workers found."};
  if (key == "parallel_validation") return {mindie_validation(v)};
  return {};
}

// abbreviate_worker_gpu_indexes(name, indexes, other workers, other GPUs, max_show).
std::string used_devices(const Json& d) {
  const Json& indexes = d.value("gpu_indexes", Json::array());
  const std::size_t max_show = d.value("max_show", 8ULL);
  std::string shown;
  if (indexes.size() <= max_show) {
    shown = list(indexes);
  } else {
    shown = "[";
    for (std::size_t i = 0; i < max_show; ++i) shown += (i ? "," : "") + str(indexes[i]);
    shown += "...(more " + std::to_string(indexes.size() - max_show) + ")]";
  }
  std::string msg = "worker " + str(d["worker"]) + " GPU indexes " + shown;
  const long long gpus = d.value("other_gpus", 0LL), workers = d.value("other_workers", 0LL);
  if (gpus > 0 && workers > 0)
    msg += " and " + std::to_string(gpus) + " " + (gpus > 1 ? "GPUs" : "GPU") + " from other " + std::to_string(workers) + " " +
           (workers > 1 ? "workers" : "worker");
  return msg;
}

std::vector<std::string> overcommit(const Json& v) {
  std::vector<std::string> out{"Manual GPU selection resulted in resource overcommit."};
  const bool partial = v.value("partial", false);
  const std::string using_line = "Using " + used_devices(v["used_devices"]) + " out of " + str(v["selected_count"]) + " selected devices.";
  if (v.value("u_zero", false)) {
    if (partial) return {out[0], using_line, "Used GPUs provide " + gib(v["used_alloc"]) + " GiB allocatable VRAM."};
    return {out[0], "Selected GPUs have " + gib(v["selected_alloc"]) + " GiB of VRAM."};
  }
  const std::string ratio = " of GPUs meet the VRAM utilization ratio, providing " + gib2(v["effective_vram"]) + " GiB of allocatable VRAM.";
  if (partial)
    return {out[0], using_line,
            "Used GPUs provide " + gib2(v["used_alloc"]) + " GiB allocatable VRAM, " + str(v["used_satisfied"]) + "/" + str(v["used_count"]) + ratio};
  return {out[0], "Selected GPUs have " + gib2(v["selected_alloc"]) + " GiB allocatable VRAM, " + str(v["selected_satisfied"]) + "/" +
                      str(v["selected_count"]) + ratio};
}

std::vector<std::string> manual(const std::string& key, const Json& v) {
  if (key == "heterogeneous")
    return {"Deployment with heterogeneous GPU types is not supported, please select GPUs of the same type or update GPUs per replica."};
  if (key == "multi_replica_overcommit")
    return {"Found " + str(v["count"]) +
            " candidate, manual scheduling for multi-replica model instances does not allow overcommit or heterogeneous deployment topologies."};
  if (key == "distributed_limit")
    return {"Each worker can run only one distributed vLLM instance. Worker '" + str(v["worker"]) + "' already has '" + str(v["instance"]) + "'."};
  if (key == "overcommit") return overcommit(v);
  return {};
}

}  // namespace

std::vector<std::string> mindie_lines(const Json& slot) {
  const std::string key = slot.value("key", std::string());
  const Json& v = slot.value("values", Json::object());
  return slot.value("source", std::string()) == "manual" ? manual(key, v) : mindie(key, v);
}

std::vector<std::string> vllm_lines(const Json& slot) {
  const std::string source = slot.value("source", std::string());
  const std::string key = slot.value("key", std::string());
  const Json& v = slot.value("values", Json::object());
  if (source == "vllm") return vllm(key, v);
  if (source == "sglang") return sglang(key, v);
  if (source == "custom") return custom(key, v);
  if (source == "manual") return manual(key, v);
  return {};
}

}  // namespace placement::gpustack_text
