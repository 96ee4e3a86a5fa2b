// GPUStack's worker-filter messages (gpustack/policies/worker_filters/*.py), one slot's lines.
#include "explain/gpustack_messages.h"
#include "explain/python_text.h"

namespace placement::gpustack_text {

namespace {

using namespace pytext;

std::string matched_workers(const Json& v, const char* by) {
  const long long n = v.value("matched", 0LL);
  return "Matched " + std::to_string(n) + " " + plural(n, "worker", "workers") + " by " + by + ".";
}

std::string gpu_selector(const Json& v) {
  std::string msg = matched_workers(v, "gpu selector");
  const Json& absent = v.value("absent", Json::array());
  if (absent.empty()) return msg;
  // GPUStack joins a Python set here: its order follows string hashes, which vary per process.
  std::string names;
  for (std::size_t i = 0; i < absent.size(); ++i) names += (i ? ", " : "") + str(absent[i]);
  return msg + " Missing workers: " + names + ".";
}

std::string labels(const Json& v) {
  std::string msg = "Matched " + str(v["matched"]) + "/" + str(v["of"]) + " workers by label selector: " + dict(v["selector"]) + ".";
  const std::string note = v.value("note", Json()).is_string() ? v["note"].get<std::string>() : "";
  if (note == "vllm_linux_only") msg += " (Note: The vLLM backend supports Linux only.)";
  if (note == "mindie_linux_only") msg += " (Note: The Ascend MindIE backend supports Linux only.)";
  return msg;
}

std::string backend_reason(const Json& v, const Json& r) {
  const std::string why = r.value("why", std::string());
  if (why == "version_unsupported")
    return "Worker " + str(v["worker"]) + " does not support backend version " + str(v["backend_version"]) +
           " or the backend version not exists. ";
  if (why == "no_versions_cpu") return "No backend versions are available for CPU device";
  const Json& runtime = r.value("runtime", Json());
  return "No backend versions are available for GPU device (" + str(r["type"]) + " " + (runtime.is_null() ? "" : str(runtime)) + ")";
}

std::string backend_framework(const Json& v) {
  std::string reasons;
  const Json& rs = v.value("reasons", Json::array());
  for (std::size_t i = 0; i < rs.size(); ++i) reasons += (i ? "; " : "") + backend_reason(v, rs[i]);
  return "Worker " + str(v["worker"]) + " filtered out: " + reasons;
}

std::string local_path(const Json& v) {
  std::string names;
  const Json& shown = v.value("workers", Json::array());
  for (std::size_t i = 0; i < shown.size(); ++i) names += (i ? ", " : "") + str(shown[i]);
  const long long more = v.value("more", 0LL);
  if (more > 0) names += "... (+" + std::to_string(more) + " more)";
  return "The model file path '" + str(v["path"]) + "' does not exist on the following workers: " + names +
         ". Please ensure the model file is accessible on all workers.";
}

}  // namespace

std::vector<std::string> filter_lines(const Json& slot) {
  const std::string key = slot.value("key", std::string());
  const Json& v = slot.value("values", Json::object());
  if (key == "cluster") return {matched_workers(v, "cluster selector")};
  if (key == "gpu_selector") return {gpu_selector(v)};
  if (key == "labels") return {labels(v)};
  if (key == "status") return {"Matched " + str(v["matched"]) + "/" + str(v["of"]) + " workers by READY status."};
  if (key == "backend_framework") return {backend_framework(v)};
  if (key == "local_path") return {local_path(v)};
  return {};
}

}  // namespace placement::gpustack_text
