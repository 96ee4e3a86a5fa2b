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

GivenParallelSizes given_parallel_sizes(const Json& document) {
  GivenParallelSizes out;
  const Json& model = document.at("model");
  if (!model.contains("backend_parameters") || !model.at("backend_parameters").is_array()) return out;
  const Json& params = model.at("backend_parameters");
  for (std::size_t i = 0; i < params.size(); ++i) {
    if (!params[i].is_string()) continue;
    const std::string e = params[i].get<std::string>();
    const std::string name = flag_name(e);
    if (std::find(std::begin(kParallelNames), std::end(kParallelNames), name) == std::end(kParallelNames)) continue;
    out.positions.push_back(i);
    if (!out.text.empty()) out.text += ' ';
    out.text += e;
    const bool separate_value = e.find_first_of("= ") == std::string::npos && i + 1 < params.size() && params[i + 1].is_string();
    if (separate_value) {
      out.positions.push_back(++i);
      out.text += ' ';
      out.text += params[i].get<std::string>();
    }
  }
  return out;
}

Json remove_given_parallel_sizes(const GivenParallelSizes& given) {
  Json patch = Json::array();
  for (auto it = given.positions.rbegin(); it != given.positions.rend(); ++it)
    patch.push_back(Json{{"op", "remove"}, {"path", "/model/backend_parameters/" + std::to_string(*it)}});
  return patch;
}

void lever_parallel_size(Search& s) {
  const GivenParallelSizes given = given_parallel_sizes(s.document());
  if (given.positions.empty()) return;
  const Json patch = remove_given_parallel_sizes(given);
  if (auto w = s.fits(patch))
    s.suggest("parallel_size", "drop " + given.text + " and let the scheduler choose the GPU count", patch, *w, CostClass::parameter,
              static_cast<double>(given.positions.size()));
}

}  // namespace placement::whatif
