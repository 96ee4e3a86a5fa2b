#include "fit/gguf/combinations.h"

#include <algorithm>

#include "fit/gguf/record.h"
#include "scenario/backend_parameters.h"
#include "scenario/errors.h"
#include "scenario/scenario_loader.h"

namespace placement::gguf_fit {

Combinations::Combinations(std::size_t n, std::size_t k) : n_(n), k_(k), valid_(k <= n) {
  idx_.resize(k);
  for (std::size_t i = 0; i < k; ++i) idx_[i] = i;
}

void Combinations::next() {
  if (!valid_) return;
  // Find the rightmost position that can still move right.
  std::size_t i = k_;
  while (i > 0) {
    --i;
    if (idx_[i] != i + n_ - k_) {
      ++idx_[i];
      for (std::size_t j = i + 1; j < k_; ++j) idx_[j] = idx_[j - 1] + 1;
      return;
    }
  }
  valid_ = false;
}

std::uint64_t CombinationPlan::count() const {
  switch (kind) {
    case Kind::none: return 0;
    case Kind::fixed: return 1;
    case Kind::subsets: return binomial(pool.size(), n);
  }
  return 0;
}

std::vector<Bytes> parse_user_split(const UserSplit& split) {
  std::vector<Bytes> out;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = split.text.find(',', start);
    const std::string part = split.text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    std::optional<long long> v = python_int(part);
    if (!v)
      throw ReferenceError("fit", "the --tensor-split value is not a list of integers",
                           DataFields{{"tensor_split", split.text}, {"part", part}});
    out.push_back(*v);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return out;
}

CombinationPlan plan_combinations(const Setup& s, const WorkerView& view, std::size_t n, std::optional<Bytes> at_least) {
  CombinationPlan plan;
  plan.n = n;
  if (s.tensor_split) {
    // The user's split is the one combination for every n, with positions as GPU indexes.
    const std::size_t gpus = !view.worker.gpus.empty() ? view.worker.gpus.size() : s.selection.sorted_ids.size();
    if (gpus < s.tensor_split->parts) {
      plan.none_reason = "the worker has fewer GPUs than the tensor split has parts";
      return plan;
    }
    std::vector<Bytes> values = parse_user_split(*s.tensor_split);
    for (std::size_t i = 0; i < values.size(); ++i) plan.fixed.push_back(GpuPick{static_cast<int>(i), values[i]});
    plan.kind = CombinationPlan::Kind::fixed;
    plan.user_split = true;
    return plan;
  }
  if (s.selection.active) {
    if (const std::vector<std::string>* ids = s.selection.ids_of(view.worker.name); ids && !ids->empty()) {
      if (s.selection.sorted_ids.size() != n) {
        plan.none_reason = "the selected GPU count differs from this GPU count";
        return plan;
      }
      for (const std::string& id : *ids) {
        std::optional<GpuId> g = parse_gpu_id(id);
        if (!g) continue;
        plan.fixed.push_back(GpuPick{g->index, view.alloc.gpu_or_zero(g->index)});
      }
      std::stable_sort(plan.fixed.begin(), plan.fixed.end(), [](const GpuPick& a, const GpuPick& b) { return a.alloc > b.alloc; });
      plan.kind = CombinationPlan::Kind::fixed;
      return plan;
    }
  }
  const Bytes layer = s.layer_vram.on(view.uma);
  plan.equal = true;
  const Bytes first = view.alloc.vram.empty() ? 0 : view.alloc.vram.front().second;
  for (const auto& [index, alloc] : view.alloc.vram) {
    if (alloc < layer) continue;
    plan.pool.push_back(GpuPick{index, alloc});
    if (alloc != first) plan.equal = false;
  }
  std::stable_sort(plan.pool.begin(), plan.pool.end(), [](const GpuPick& a, const GpuPick& b) { return a.alloc > b.alloc; });
  if (at_least && *at_least != 0) {
    Bytes top = 0;
    for (std::size_t i = 0; i < std::min(n, plan.pool.size()); ++i) top += plan.pool[i].alloc;
    if (top < *at_least) {
      plan.none_reason = "the largest GPUs of this count cannot hold the current best layer count";
      return plan;
    }
  }
  if (plan.pool.size() < n) {
    plan.none_reason = "fewer GPUs hold one layer than this count";
    plan.kind = CombinationPlan::Kind::subsets;  // yields nothing, as itertools would
    return plan;
  }
  plan.kind = CombinationPlan::Kind::subsets;
  return plan;
}

}  // namespace placement::gguf_fit
