// GGUF's requirement record (§6.1 requirement, §3.2 Setup): every gguf-parser query the fit asked,
// the figures the setup read from the answers (Q10: total_layers counts the output layer), the
// parameters and selection that steer the strategies, and the GPU walk by allocatable VRAM.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "fit/gguf/run.h"
#include "trace/trace.h"

namespace placement::gguf_fit {

class GgufRequirement final : public TraceRecord {
 public:
  // requirement.queries, one per distinct query, and the built-in estimator's runs so far: the
  // query log fills them as it asks (a search at a thousand workers asks a few thousand times).
  std::vector<QueryRecord> queries;
  long long estimator_calls = 0;

  // Keeps what the trace shows of a built setup; a setup that failed leaves the queries alone.
  void record_setup(const Setup& s);
  // The record's members (the trace opens the object).
  void write(JsonOut& out) const override;

 private:
  struct SetupFigures {
    int total_layers = 0;
    MemoryFigure full_vram, full_ram, cpu_ram, layer_vram, rpc_layer_vram;
    int approx_gpus = 1;
    std::optional<long long> ngl;
    std::optional<long long> ngl_given;  // only when the clamp changed it
    std::optional<std::string> tensor_split;
    std::optional<std::vector<std::string>> selected_gpu_ids;
    std::size_t max_rpc = 0;
    std::vector<std::string> worker_names;  // by worker position, for the GPU walk
    std::vector<GpuEntry> allocatable_gpus;
  };
  void write_setup(JsonOut& out, const SetupFigures& f) const;

  std::optional<SetupFigures> setup_;
};

// One query as the trace shows it: offload, tensor split as passed and normalised (MiB), rpc.
void write_query_members(JsonOut& out, const gguf::Query& query);

}  // namespace placement::gguf_fit
