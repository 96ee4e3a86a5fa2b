#include "fit/gguf/run.h"

#include <algorithm>

#include "scenario/errors.h"

namespace placement::gguf_fit {

const std::vector<std::string>* Selection::ids_of(const std::string& worker_name) const {
  for (const auto& [name, ids] : by_worker)
    if (name == worker_name) return &ids;
  return nullptr;
}

std::optional<std::size_t> Setup::worker_named(const std::string& name) const {
  auto it = position_by_name.find(name);
  if (it == position_by_name.end()) return std::nullopt;
  return it->second;
}

const char* strategy_id(Strategy s) {
  switch (s) {
    case Strategy::single_gpu: return "single_worker_single_gpu";
    case Strategy::multi_gpu: return "single_worker_multi_gpu";
    case Strategy::rpc: return "multi_worker_rpc";
    case Strategy::partial: return "partial_offload";
    case Strategy::cpu: return "cpu_only";
  }
  return "";
}

std::pair<Bytes, Bytes> claim_at_layers(const Setup& s, long long layers, bool unified) {
  for (const auto& item : s.base->items) {
    if (item.offload_layers != layers) continue;
    const Bytes vram = item.vrams.empty() ? 0 : figure(item.vrams[0]).on(unified);
    return {vram, figure(item.ram).on(unified)};
  }
  return {0, 0};
}

const gguf::DeviceEstimate& vram_at(const gguf::EstimateItem& item, std::size_t k, const gguf::Query* query) {
  if (k < item.vrams.size()) return item.vrams[k];
  throw InputError("/estimates", "the estimate for " + (query ? describe_gguf_query(*query) : std::string("the base query")) +
                                     " has " + std::to_string(item.vrams.size()) + " devices at offloadLayers " +
                                     std::to_string(item.offload_layers) + "; device " + std::to_string(k) + " was needed");
}

Candidate make_candidate(const Setup& s, const WorkerView& view, long long offload_layers, Bytes ram,
                         std::optional<VramMap> vram, std::optional<std::vector<int>> gpu_indexes,
                         std::optional<std::vector<Bytes>> tensor_split) {
  Candidate c;
  c.worker_id = view.worker.id;
  c.worker_name = view.worker.name;
  c.scored_worker = view.reduced;
  c.gpu_indexes = std::move(gpu_indexes);
  c.claim.ram = ram;
  c.claim.vram_present = vram.has_value();
  if (vram) c.claim.vram = std::move(*vram);
  c.claim.offload_layers = static_cast<int>(offload_layers);
  c.claim.total_layers = s.total_layers;
  c.claim.tensor_split = std::move(tensor_split);
  c.claim.is_unified_memory = view.uma;
  return c;
}

void put_vram(VramMap& map, int index, Bytes value) {
  for (auto& [k, v] : map)
    if (k == index) {
      v = value;
      return;
    }
  map.emplace_back(index, value);
}

std::vector<std::size_t> python_slice(std::size_t size, long long start, long long stop) {
  const long long n = static_cast<long long>(size);
  auto clamp = [n](long long v) {
    if (v < 0) v += n;
    return std::clamp<long long>(v, 0, n);
  };
  std::vector<std::size_t> out;
  for (long long i = clamp(start); i < clamp(stop); ++i) out.push_back(static_cast<std::size_t>(i));
  return out;
}

}  // namespace placement::gguf_fit
