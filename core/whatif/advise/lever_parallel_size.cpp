// Parallel sizes given by hand (tensor / pipeline parallel): an explicit size that no worker can
// honour (more GPUs than one has, a size the attention heads do not divide) blocks every
// placement. The lever drops them all and lets the scheduler choose the GPU count.
#include <algorithm>

#include "whatif/advise/levers.h"

namespace placement::whatif {

namespace {
// Names as GPUStack's vLLM, SGLang and MindIE readers accept them (dashes stripped).
const char* const kParallelNames[] = {"tensor-parallel-size", "tp", "tp-size", "pipeline-parallel-size", "pp", "pp-size"};

std::string flag_name(const std::string& element) {
  const std::size_t end = element.find_first_of("= ");
  std::string name = element.substr(0, end);
  const std::size_t start = name.find_first_not_of('-');
  return start == std::string::npos || start == 0 ? std::string() : name.substr(start);
}
}  // namespace

void lever_parallel_size(Search& s) {
  const Json& doc = s.document();
  const Json& model = doc.at("model");
  if (!model.contains("backend_parameters") || !model.at("backend_parameters").is_array()) return;
  const Json& params = model.at("backend_parameters");
  std::vector<std::size_t> drop;
  std::string dropped;
  for (std::size_t i = 0; i < params.size(); ++i) {
    if (!params[i].is_string()) continue;
    const std::string e = params[i].get<std::string>();
    const std::string name = flag_name(e);
    if (std::find(std::begin(kParallelNames), std::end(kParallelNames), name) == std::end(kParallelNames)) continue;
    drop.push_back(i);
    if (!dropped.empty()) dropped += ' ';
    dropped += e;
    const bool separate_value = e.find_first_of("= ") == std::string::npos && i + 1 < params.size() && params[i + 1].is_string();
    if (separate_value) {
      drop.push_back(++i);
      dropped += ' ';
      dropped += params[i].get<std::string>();
    }
  }
  if (drop.empty()) return;
  Json patch = Json::array();
  for (auto it = drop.rbegin(); it != drop.rend(); ++it)
    patch.push_back(Json{{"op", "remove"}, {"path", "/model/backend_parameters/" + std::to_string(*it)}});
  if (auto w = s.fits(patch))
    s.suggest("parallel_size", "drop " + dropped + " and let the scheduler choose the GPU count", patch, *w, CostClass::parameter,
              static_cast<double>(drop.size()));
}

}  // namespace placement::whatif
