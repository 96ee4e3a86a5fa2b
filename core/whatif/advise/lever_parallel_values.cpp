// Tensor / pipeline parallel sizes set by hand (vLLM, SGLang, MindIE all read
// --tensor-parallel-size and --pipeline-parallel-size): a size the scheduler would not choose on
// its own (it only tries whole single-worker GPU sets, or its own multi-worker split) can fit
// where the automatic choice does not — e.g. pipeline stages across workers. Sizes are powers of
// two whose product is at most the GPUs one worker has (all ready workers' GPUs with distributed
// inference on); the smallest world size that fits is suggested, tensor parallel before pipeline.
#include <algorithm>

#include "whatif/advise/levers.h"

namespace placement::whatif {

namespace {
constexpr int kMaxPairsTried = 16;
constexpr long long kMaxWorld = 64;

long long gpu_bound(const Scenario& sc) {
  long long most = 0, all = 0;
  for (const Worker& w : sc.workers) {
    if (w.state != "ready") continue;
    most = std::max(most, static_cast<long long>(w.gpus.size()));
    all += static_cast<long long>(w.gpus.size());
  }
  return std::min(kMaxWorld, distributed_enabled(sc.model) ? all : most);
}

struct Sizes {
  long long tp, pp;
};

// World sizes ascending; within one, tensor parallel first (pp = 1), then more pipeline stages.
std::vector<Sizes> candidate_sizes(long long bound) {
  std::vector<Sizes> out;
  for (long long world = 1; world <= bound; world *= 2)
    for (long long tp = world; tp >= 1; tp /= 2) out.push_back({tp, world / tp});
  return out;
}

std::string sizes_text(const Sizes& z) {
  std::string t = "--tensor-parallel-size=" + std::to_string(z.tp);
  if (z.pp > 1) t += " --pipeline-parallel-size=" + std::to_string(z.pp);
  return t;
}

Json sizes_patch(const Json& document, const GivenParallelSizes& given, const Sizes& z) {
  Json patch = remove_given_parallel_sizes(given);
  const Json& model = document.at("model");
  std::vector<std::string> add = {"--tensor-parallel-size=" + std::to_string(z.tp)};
  if (z.pp > 1) add.push_back("--pipeline-parallel-size=" + std::to_string(z.pp));
  if (!model.contains("backend_parameters") || !model.at("backend_parameters").is_array()) {
    patch.push_back(Json{{"op", "add"}, {"path", "/model/backend_parameters"}, {"value", add}});
    return patch;
  }
  for (const std::string& a : add) patch.push_back(Json{{"op", "add"}, {"path", "/model/backend_parameters/-"}, {"value", a}});
  return patch;
}
}  // namespace

void lever_parallel_values(Search& s) {
  const std::string b = backend_key(s.scenario().model);
  if (b != "vllm" && b != "sglang" && b != "mindie") return;
  const GivenParallelSizes given = given_parallel_sizes(s.document());
  const std::vector<Sizes> sizes = candidate_sizes(gpu_bound(s.scenario()));
  int tried = 0;
  for (const Sizes& z : sizes) {
    if (s.exhausted()) return;
    if (++tried > kMaxPairsTried) {
      s.cap("parallel_values", kMaxPairsTried, "larger tensor / pipeline parallel sizes were not tried");
      return;
    }
    const Json patch = sizes_patch(s.document(), given, z);
    if (auto w = s.fits(patch)) {
      const std::string now = given.positions.empty() ? " (now none: the scheduler chooses)" : " (now " + given.text + ")";
      s.suggest("parallel_values", "set " + sizes_text(z) + now, patch, *w, CostClass::parameter, z.pp > 1 ? 2 : 1);
      return;
    }
  }
}

}  // namespace placement::whatif
