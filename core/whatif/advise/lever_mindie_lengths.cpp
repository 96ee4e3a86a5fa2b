// MindIE's memory levers besides --npu-memory-fraction: its VRAM claim (scheduler-rules.md §3.5.3)
// grows with --max-seq-len (the KV cache term) and --max-batch-size (the computation term), so a
// smaller value can fit where the default does not. For each, the largest value that fits: halve
// from the current value until one fits, then bisect between it and the last that did not
// (--max-seq-len on a 128-token grid, the default cache block).
#include <algorithm>
#include <cstdlib>

#include "fit/common/hf_config.h"
#include "whatif/advise/levers.h"
#include "whatif/json_patch.h"

namespace placement::whatif {

namespace {
struct Length {
  const char* flag;
  long long now;
  bool given;
  long long grid;
};

long long given_or(const Json& doc, const char* flag, long long fallback, bool& given) {
  const auto text = backend_parameter_value(doc, flag);
  given = false;
  if (!text) return fallback;
  char* end = nullptr;
  const long long v = std::strtoll(text->c_str(), &end, 10);
  if (end == text->c_str() || *end != '\0' || v <= 0) return 0;  // not a value to shrink
  given = true;
  return v;
}

// GPUStack presets max_seq_len to min(the model's max length, 8192).
long long default_seq_len(const Scenario& sc) {
  constexpr long long kCap = 8192;
  if (!sc.estimates.config) return kCap;
  return std::min(read_hf_config(sc.estimates.config).max_length, kCap);
}

std::optional<Candidate> try_length(Search& s, const Length& l, long long v, Json& patch) {
  patch = set_backend_parameter_patch(s.document(), l.flag, std::to_string(v));
  return s.fits(patch);
}

void largest_fitting(Search& s, const Length& l) {
  if (l.now <= 1) return;
  long long fit = 0, miss = l.now;
  Json patch;
  std::optional<Candidate> winner;
  for (long long v = l.now / 2; v >= 1 && !s.exhausted(); v /= 2) {
    if ((winner = try_length(s, l, v, patch))) {
      fit = v;
      break;
    }
    miss = v;
  }
  if (!fit) return;
  while (miss - fit > l.grid && !s.exhausted()) {
    const long long mid = std::max(fit + l.grid, (fit + miss) / 2 / l.grid * l.grid);
    if (mid >= miss) break;
    Json p;
    if (auto w = try_length(s, l, mid, p)) {
      fit = mid, patch = p, winner = w;
    } else {
      miss = mid;
    }
  }
  const std::string now = std::to_string(l.now) + (l.given ? "" : ", the default");
  s.suggest("mindie_lengths", std::string("set ") + l.flag + " to " + std::to_string(fit) + " (now " + now + ")", patch, *winner,
            CostClass::parameter, 1.0 - static_cast<double>(fit) / static_cast<double>(l.now));
}
}  // namespace

void lever_mindie_lengths(Search& s) {
  if (backend_key(s.scenario().model) != "mindie") return;
  // GPUSTACK_MODEL_VRAM_CLAIM > 0 replaces the estimate: the lengths change nothing then.
  if (const std::string* claim = find_value(s.scenario().model.env, "GPUSTACK_MODEL_VRAM_CLAIM"); claim && std::atoll(claim->c_str()) > 0) return;
  bool given = false;
  const long long seq = given_or(s.document(), "--max-seq-len", default_seq_len(s.scenario()), given);
  largest_fitting(s, Length{"--max-seq-len", seq, given, 128});
  const long long batch = given_or(s.document(), "--max-batch-size", 200, given);
  largest_fitting(s, Length{"--max-batch-size", batch, given, 1});
}

}  // namespace placement::whatif
