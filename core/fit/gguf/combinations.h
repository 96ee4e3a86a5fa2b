// GPU combinations as GPUStack enumerates them: itertools.combinations order (lexicographic in
// positions of an alloc-desc list), generated one at a time so nothing is materialised; and the
// single-worker combination plan shared by S2 and S4 (§3.2 S2 step 3): a user tensor split, the
// selected GPUs, or every n-subset of the GPUs that can hold one layer.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "fit/gguf/run.h"

namespace placement::gguf_fit {

// k-subsets of {0..n-1} in lexicographic order.
class Combinations {
 public:
  Combinations(std::size_t n, std::size_t k);
  bool valid() const { return valid_; }
  const std::vector<std::size_t>& current() const { return idx_; }
  void next();

 private:
  std::size_t n_, k_;
  std::vector<std::size_t> idx_;
  bool valid_;
};

struct GpuPick {
  int index = 0;  // GPU index on the worker (a split position for a user split)
  Bytes alloc = 0;  // allocatable VRAM, or the user's split number (Q25)
};

struct CombinationPlan {
  enum class Kind { none, fixed, subsets };
  Kind kind = Kind::none;
  std::vector<GpuPick> fixed;  // Kind::fixed: the one combination
  std::vector<GpuPick> pool;   // Kind::subsets: GPUs that hold one layer, alloc desc
  std::size_t n = 0;
  bool equal = false;        // every pool GPU has the worker's first allocatable value
  bool user_split = false;   // values are --tensor-split numbers (Q25)
  std::string none_reason;   // why no combination (for the trace)

  std::uint64_t count() const;  // how many combinations the plan yields
};

// `at_least` (S4): no subsets unless the n largest sum to at least it (only when non-zero).
// Throws ReferenceError when a user split is not a list of integers.
CombinationPlan plan_combinations(const Setup& s, const WorkerView& view, std::size_t n, std::optional<Bytes> at_least);

// Walks a plan's combinations in order, calling f(picks, position) until f returns false.
template <class F>
void for_each_combination(const CombinationPlan& plan, F&& f) {
  if (plan.kind == CombinationPlan::Kind::fixed) {
    f(plan.fixed, std::size_t{0});
    return;
  }
  if (plan.kind != CombinationPlan::Kind::subsets) return;
  std::vector<GpuPick> picks(plan.n);
  std::size_t position = 0;
  for (Combinations c(plan.pool.size(), plan.n); c.valid(); c.next(), ++position) {
    for (std::size_t i = 0; i < plan.n; ++i) picks[i] = plan.pool[c.current()[i]];
    if (!f(static_cast<const std::vector<GpuPick>&>(picks), position)) return;
  }
}

// Parses a --tensor-split value GPUStack's way ([int(x) for x in text.split(",")]).
std::vector<Bytes> parse_user_split(const UserSplit& split);

}  // namespace placement::gguf_fit
