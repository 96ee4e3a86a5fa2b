// The state one GGUF fit works on (scheduler-rules.md §3.2 "Setup"): workers with their GPU lists
// reduced to the selection, allocatable memory, the GPU and worker walks by allocatable VRAM,
// the requirement figures read from the base and RPC-probe estimates, and the parameters that
// steer the strategies. Built once (setup.cpp), read by every strategy.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "fit/fit_context.h"
#include "fit/gguf/events.h"
#include "fit/gguf/query_log.h"
#include "gguf/estimate_items.h"

namespace placement::gguf_fit {

// gguf-parser reports every figure twice; UMA workers read `uma`, the others `nonuma`.
struct MemoryFigure {
  Bytes uma = 0;
  Bytes nonuma = 0;
  Bytes on(bool unified) const { return unified ? uma : nonuma; }
};
inline MemoryFigure figure(const gguf::DeviceEstimate& d) { return {d.uma, d.nonuma}; }

struct WorkerView {
  const Worker* source = nullptr;
  Worker worker;  // copy whose GPU list is reduced to the selected GPUs when ids are given
  // With ids, that reduced copy shared with the candidates: GPUStack reduces the worker objects in
  // place, so its scorers read the reduced lists too.
  std::shared_ptr<const Worker> reduced;
  Allocatable alloc;
  Bytes vram_sum = 0;  // Σ alloc.vram
  bool uma = false;
};

struct GpuEntry {  // one row of gpus_alloc
  std::size_t worker = 0;  // position in Setup::workers
  int index = 0;
  Bytes alloc = 0;
};

struct WorkerEntry {  // one row of workers_alloc
  std::size_t worker = 0;
  Bytes vram = 0;
};

// gpu_selector.gpu_ids as GPUStack's GGUF selector holds them. `active` is false without ids and
// also when a tensor split is given (the split makes GPUStack ignore the selection, except that
// the GPU lists stay reduced to it).
struct Selection {
  bool active = false;
  std::vector<std::string> sorted_ids;                                       // sorted(gpu_ids)
  std::vector<std::pair<std::string, std::vector<std::string>>> by_worker;  // first-seen workers, ids sorted
  const std::vector<std::string>* ids_of(const std::string& worker_name) const;
};

struct UserSplit {
  std::string text;       // the --tensor-split value as given
  std::size_t parts = 0;  // comma-separated parts (GPUStack counts before parsing)
};

struct Setup {
  std::vector<WorkerView> workers;  // filter survivors, scenario order
  std::vector<std::size_t> by_vram;  // worker positions by Σalloc desc (stable)
  std::vector<GpuEntry> gpus_alloc;  // alloc > 0, by alloc desc (stable)
  std::vector<WorkerEntry> workers_alloc;  // Σalloc > 0, by Σ desc (stable)
  std::size_t gpu_count = 0;  // GPUs left on the workers after the selection

  const gguf::Estimate* base = nullptr;   // (partial, –, –)
  const gguf::Estimate* probe = nullptr;  // (partial, [1,1], ["host:80"])
  int total_layers = 0;                   // Q10: includes the output layer
  MemoryFigure layer_vram, rpc_layer_vram, full_vram, full_ram, cpu_ram;
  int approx_gpus = 1;

  std::optional<long long> ngl;  // clamped to total_layers
  std::optional<long long> ngl_given;
  std::optional<UserSplit> tensor_split;
  Selection selection;
  std::size_t max_rpc = 8;

  // Worker position by name (unique in a scenario): strategies look up the worker of every
  // candidate they drop.
  std::map<std::string, std::size_t, std::less<>> position_by_name;
  std::optional<std::size_t> worker_named(const std::string& name) const;
};

// Everything a strategy needs.
struct GgufRun {
  FitContext& ctx;
  Setup& setup;
  QueryLog& queries;
  EventLog& events;
};

constexpr std::size_t kMaxRpcCandidateGpus = 16;
constexpr std::size_t kMaxRpcServers = 8;

// Strategy ids (§6.3), in GPUStack's order.
enum class Strategy { single_gpu, multi_gpu, rpc, partial, cpu };
const char* strategy_id(Strategy s);

// (vram, ram) of the base estimate's item with offloadLayers == layers; (0, 0) when none.
std::pair<Bytes, Bytes> claim_at_layers(const Setup& s, long long layers, bool unified);

// vrams[k] of an item, as bad input when the estimate is shorter than the query implies.
const gguf::DeviceEstimate& vram_at(const gguf::EstimateItem& item, std::size_t k, const gguf::Query* query);

// A GGUF claim/candidate on `view` (total_layers and is_unified_memory always set).
Candidate make_candidate(const Setup& s, const WorkerView& view, long long offload_layers, Bytes ram,
                         std::optional<VramMap> vram, std::optional<std::vector<int>> gpu_indexes,
                         std::optional<std::vector<Bytes>> tensor_split = std::nullopt);
// Insert or overwrite (a Python dict assignment).
void put_vram(VramMap& map, int index, Bytes value);

// Python's list[start:stop] on an index range [0, size): the positions it selects.
std::vector<std::size_t> python_slice(std::size_t size, long long start, long long stop);

}  // namespace placement::gguf_fit
