// What a stage had reached when it failed stays in the trace, as GPUStack's notes and records
// do: a selector's messages and a strategy's record are committed after the run, also when it
// throws.
#pragma once

#include <utility>

namespace placement {

// Returns `run()`, calling `commit()` after it whether it returned or threw (then rethrows).
template <class Run, class Commit>
auto run_then_commit(Run&& run, Commit&& commit) {
  try {
    auto result = std::forward<Run>(run)();
    commit();
    return result;
  } catch (...) {
    commit();
    throw;
  }
}

}  // namespace placement
