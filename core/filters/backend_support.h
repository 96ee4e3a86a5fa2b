// The question the backend framework filter (scheduler-rules.md §2 F5) asks per device condition,
// answered as GPUStack's `_has_supported_runners` answers it: first the version configs of the
// inference-backend rows, then — always — the runner catalogue. Also the levers an explanation
// offers when a backend name is unknown: which backend values would keep workers.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "scenario/types.h"

namespace placement::filters {

// Which source supported a condition (the filter record names it per passing worker).
inline constexpr const char* kSourceScenarioRow = "scenario_row";
inline constexpr const char* kSourceCommunityRow = "community_row";
inline constexpr const char* kSourceRunnerTable = "runner_table";

// One device condition GPUStack queries: (GPU type, runtime version, Ascend CANN variant).
struct Condition {
  std::string type;
  std::optional<std::string> runtime;
  std::optional<std::string> variant;
  bool operator==(const Condition&) const = default;
};

struct Support {
  const char* source = nullptr;  // null: unsupported
  std::string version;           // the row version or runner version that supports it
  explicit operator bool() const { return source != nullptr; }
};

// Everything fixed for one backend name during a decision.
class BackendLookup {
 public:
  // `rows`: the scenario's `inference_backends`, or the default install's rows (`scenario_rows`
  // says which). `pinned`: the model's backend_version when non-empty (an empty pin pins nothing).
  BackendLookup(const std::vector<InferenceBackend>& rows, bool scenario_rows, const Model& model, std::string backend,
                std::optional<std::string> pinned);

  Support support(const Condition& c) const { return support(c, pinned_); }
  // The same question with another pin (nullopt: unpinned).
  Support support(const Condition& c, const std::optional<std::string>& pinned) const;
  // B's versions a pin could name: its rows' versions, then its runners' versions, each once.
  std::vector<std::string> versions() const;
  // GPUStack has heard of the backend: a visible row named like it, or a runner service.
  bool known() const { return row_found_ || runner_service_; }
  const std::string& backend() const { return backend_; }

 private:
  std::string backend_;
  std::string service_;
  std::optional<std::string> pinned_;
  std::vector<std::pair<std::string, VersionConfig>> versions_;  // platform row, owner's versions replacing
  const char* row_source_;
  bool row_found_ = false;
  bool runner_service_ = false;
};

// A value of one model field that would keep workers: {value (null: no pin), why}.
struct PassingValue {
  std::optional<std::string> value;
  std::string why;
};

// Backend values other than `lookup.backend()` that would keep at least one worker of `conditions`
// (one list per worker): known names within two edits of it (case-insensitive), after "Custom",
// which always does (only the literal Custom skips the filter).
std::vector<PassingValue> backends_that_pass(const std::vector<InferenceBackend>& rows, bool scenario_rows, const Model& model,
                        const std::optional<std::string>& pinned, const BackendLookup& lookup,
                        const std::vector<std::vector<Condition>>& conditions);

// backend_version values that would keep at least one worker of `conditions`: no pin (null)
// first when it does, then the versions of `lookup` in its order.
std::vector<PassingValue> versions_that_pass(const BackendLookup& lookup, const std::vector<std::vector<Condition>>& conditions);

}  // namespace placement::filters
