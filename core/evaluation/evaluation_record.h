// The evaluation record of the trace (scheduler-rules.md §6.1 `evaluation`): what the evaluation
// side effects changed on the model, or that the scenario skips them.
#pragma once

#include <string>
#include <vector>

#include "trace/trace.h"

namespace placement::evaluation {

// Side-effect ids (§0 step 1).
inline constexpr const char* kE1 = "E1";
inline constexpr const char* kE2 = "E2";
// The model fields they change.
inline constexpr const char* kFieldGpusPerReplica = "gpu_selector.gpus_per_replica";
inline constexpr const char* kFieldDistributable = "distributable";
inline constexpr const char* kFieldDistributed = "distributed_inference_across_workers";

struct Change {
  const char* id;     // kE1, kE2
  const char* field;  // kField...
  Json value;         // the value set: a count, true, or null when nothing was set
  std::string why;
};

class EvaluationRecord final : public TraceRecord {
 public:
  // Evaluation did not run (skip_evaluation); `why` says so.
  void skipped(std::string why);
  // Evaluation ran; changes follow.
  void applied();
  void change(Change c) { changes_.push_back(std::move(c)); }

  void write(JsonOut& out) const override;

 private:
  enum class Status { unset, skipped, applied };
  Status status_ = Status::unset;
  std::string why_;
  std::vector<Change> changes_;
};

}  // namespace placement::evaluation
