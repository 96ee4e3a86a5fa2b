// Memory fraction: vLLM --gpu-memory-utilization, SGLang --mem-fraction-static, MindIE
// --npu-memory-fraction. The claim is total VRAM × fraction and a GPU qualifies only if that much
// is allocatable, so both a larger fraction (room for the weights) and a smaller one (room left
// by other instances) can make it fit: the smallest fitting value on a 0.01 grid is suggested.
#include <cmath>
#include <cstdio>

#include "whatif/advise/levers.h"
#include "whatif/json_patch.h"
#include "share/ascii_case.h"

namespace placement::whatif {

namespace {
const char* fraction_flag(const Model& m) {
  const std::string b = backend_key(m);
  if (b == "vllm") return "--gpu-memory-utilization";
  if (b == "sglang") return "--mem-fraction-static";
  if (b == "mindie") return "--npu-memory-fraction";
  return nullptr;
}

std::optional<Candidate> try_value(Search& s, const char* flag, int hundredths, Json& patch) {
  patch = set_backend_parameter_patch(s.document(), flag, fraction_text(hundredths / 100.0));
  return s.fits(patch);
}
}  // namespace

std::string backend_key(const Model& model) {
  return share::ascii_lower(effective_backend(model));
}

std::string fraction_text(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  return buf;
}

void lever_memory_fraction(Search& s) {
  const char* flag = fraction_flag(s.scenario().model);
  if (!flag) return;
  const auto now_text = backend_parameter_value(s.document(), flag);
  // Coarse pass (0.05 steps), then the four values below the first fit: 23 runs at most.
  int found = -1;
  Json patch;
  std::optional<Candidate> winner;
  for (int v = 5; v <= 100 && found < 0 && !s.exhausted(); v += 5)
    if ((winner = try_value(s, flag, v == 100 ? 99 : v, patch))) found = v == 100 ? 99 : v;
  if (found < 0) return;
  for (int v = std::max(1, found - 4); v < found && !s.exhausted(); ++v) {
    Json p;
    if (auto w = try_value(s, flag, v, p)) {
      found = v, patch = p, winner = w;
      break;
    }
  }
  const double now = now_text ? std::atof(now_text->c_str()) : 0;
  const std::string summary = std::string("set ") + flag + " to " + fraction_text(found / 100.0) +
                              (now_text ? " (now " + *now_text + ")" : " (now the backend's default)");
  s.suggest("memory_fraction", summary, patch, *winner, CostClass::parameter, now_text ? std::fabs(found / 100.0 - now) : 1.0);
}

}  // namespace placement::whatif
