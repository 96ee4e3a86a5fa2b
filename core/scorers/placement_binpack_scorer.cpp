#include "scorers/placement_binpack_scorer.h"

#include "scenario/errors.h"

namespace placement {

namespace {

// GPUStack's ResourceWeight and InferenceServerTypeWeight.
constexpr double kRamWeight = 1.0;
constexpr double kVramWeight = 2.0;
constexpr double kServerWeight = 5.0;
constexpr double kSubordinateWeight = 1.0;

double as_double(Bytes b) { return static_cast<double>(b); }  // exact: byte values stay below 2^53

Json alloc_json(const Allocatable& a) {
  Json vram = Json::object();
  for (const auto& [index, bytes] : a.vram) vram[std::to_string(index)] = bytes;
  return Json{{"ram", a.ram}, {"vram", vram}};
}

Json worker_values(const Worker& w) { return Json{{"worker_id", w.id}, {"worker_name", w.name}}; }

}  // namespace

PlacementBinpackScorer::PlacementBinpackScorer(const WorkerLookup& workers, const AllocationIndex& allocation, ScaleType scale,
                                               double max_score, Trace* trace)
    : workers_(workers), allocation_(allocation), scale_(scale), max_score_(max_score), trace_(trace) {}

double PlacementBinpackScorer::score_item(const Worker& worker, const std::optional<std::vector<int>>& gpu_indexes,
                                          const ResourceClaim* claim, Json& rec) const {
  const bool up = scale_ == ScaleType::up;
  const Allocatable a = allocation_.compute(worker);
  rec["worker_id"] = worker.id;
  rec["worker_name"] = worker.name;
  rec["alloc"] = alloc_json(a);
  // GPUStack's allocatable routine indexes vram[0] on unified-memory workers (§7.2).
  if (a.uma_missing_index0)
    throw ReferenceError("scoring", "binpack: unified-memory worker has GPUs but no GPU index 0", worker_values(worker));
  if (!claim) throw ReferenceError("scoring", "binpack: the computed resource claim is null", worker_values(worker));

  const std::size_t gpu_count = gpu_indexes ? gpu_indexes->size() : 0;
  if (gpu_count == 0) {
    rec["kind"] = "cpu";
    rec["claim_ram"] = claim->ram ? Json(*claim->ram) : Json(nullptr);
    if (!claim->ram) throw ReferenceError("scoring", "binpack: CPU item with a null RAM claim", worker_values(worker));
    const Bytes denominator = up ? a.ram : a.ram + *claim->ram;
    rec["denominator"] = denominator;
    if (denominator == 0) {
      Json values = worker_values(worker);
      values["denominator"] = denominator;
      throw ReferenceError("scoring", "binpack: CPU item divides by an allocatable RAM of 0", values);
    }
    const double score = as_double(*claim->ram) / as_double(denominator) * max_score_;
    rec["score"] = score;
    return score;
  }

  rec["kind"] = "gpu";
  rec["claim_ram"] = claim->ram ? Json(*claim->ram) : Json(nullptr);
  Json gpus = Json::array();
  double score = 0;
  Json chosen = nullptr;
  for (int index : *gpu_indexes) {
    Json g{{"index", index}};
    // RAM term: 0 when the claim or its denominator is null/0.
    double ram_term = 0;
    double r = 0;
    if (claim->ram) {
      const Bytes denominator = up ? a.ram : a.ram + *claim->ram;
      g["ram_denominator"] = denominator;
      if (denominator != 0) {
        r = as_double(*claim->ram) / as_double(denominator) * max_score_;
        ram_term = r * kRamWeight;
      }
    }
    // VRAM term: likewise for this GPU's claim and allocatable.
    const Bytes* claim_vram = find_vram(claim->vram, index);
    const Bytes* alloc_vram = a.gpu(index);
    g["claim"] = claim_vram ? Json(*claim_vram) : Json(nullptr);
    g["alloc"] = alloc_vram ? Json(*alloc_vram) : Json(nullptr);
    double vram_term = 0;
    double v = 0;
    if (claim_vram && alloc_vram) {
      const Bytes denominator = up ? *alloc_vram : *alloc_vram + *claim_vram;
      g["vram_denominator"] = denominator;
      if (denominator != 0) {
        v = as_double(*claim_vram) / as_double(denominator) * max_score_;
        vram_term = v * kVramWeight;
      }
    }
    const double s = (ram_term + vram_term) / (kRamWeight + kVramWeight);
    g["r"] = r;
    g["v"] = v;
    g["s"] = s;
    gpus.push_back(std::move(g));
    // One GPU: its score as is. Several: GPUStack keeps the first strictly greater one from 0.
    if (gpu_count == 1 || s > score) {
      score = s;
      chosen = index;
    }
  }
  rec["gpus"] = std::move(gpus);
  rec["chosen"] = chosen;
  rec["score"] = score;
  return score;
}

double PlacementBinpackScorer::combine_with_subordinates(double main_score, double subordinate_sum, std::size_t count) {
  const double n = static_cast<double>(count);
  return (main_score * kServerWeight + subordinate_sum * n * kSubordinateWeight) / (kServerWeight + kSubordinateWeight * n);
}

double PlacementBinpackScorer::score_subordinates(const std::vector<SubordinateWorker>& subordinates, Json& rec) const {
  Json items = Json::array();
  double sum = 0;
  for (const SubordinateWorker& sub : subordinates) {
    const Worker* w = workers_.find(sub.worker_id);
    Json item{{"worker_id", sub.worker_id ? Json(*sub.worker_id) : Json(nullptr)}, {"worker_name", sub.worker_name}};
    if (!w) {
      rec["subordinates"] = items;
      throw ReferenceError("scoring", "binpack: a subordinate worker is unknown",
                           Json{{"worker_id", item["worker_id"]}, {"worker_name", sub.worker_name}});
    }
    sum += score_item(*w, sub.gpu_indexes, sub.claim ? &*sub.claim : nullptr, item);
    items.push_back(std::move(item));
  }
  rec["subordinates"] = std::move(items);
  rec["subordinate_sum"] = sum;
  return sum;
}

double PlacementBinpackScorer::score_with_subordinates(const Worker& worker, const std::optional<std::vector<int>>& gpu_indexes,
                                                       const ResourceClaim* claim,
                                                       const std::vector<SubordinateWorker>& subordinates, Json& rec) const {
  Json main = Json::object();
  const double main_score = score_item(worker, gpu_indexes, claim, main);
  rec["main"] = std::move(main);
  if (subordinates.empty()) {
    rec["score"] = main_score;
    return main_score;
  }
  const double sum = score_subordinates(subordinates, rec);
  const double score = combine_with_subordinates(main_score, sum, subordinates.size());
  rec["weights"] = Json{{"main", kServerWeight}, {"subordinate", kSubordinateWeight}, {"count", subordinates.size()}};
  if (subordinates.size() >= 2) {
    rec["quirks"] = Json::array({"Q5"});
    if (trace_)
      trace_->quirk("Q5", std::string("binpack ") + scale_type_name(scale_),
                    "the sum of the subordinate scores was multiplied by their count");
  }
  rec["score"] = score;
  return score;
}

double PlacementBinpackScorer::score_candidate(const Candidate& c, Json& rec) const {
  const Worker* w = workers_.find(c.worker_id);
  if (!w)
    throw ReferenceError("scoring", "binpack: the candidate's worker is unknown",
                         Json{{"worker_id", c.worker_id}, {"worker_name", c.worker_name}});
  return score_with_subordinates(*w, c.gpu_indexes, &c.claim, c.subordinate_workers, rec);
}

double PlacementBinpackScorer::score_instance(const ModelInstance& inst, Json& rec) const {
  if (!inst.worker_id) {
    rec["why"] = "no_worker";
    rec["score"] = 0.0;
    return 0;
  }
  const Worker* w = workers_.find(*inst.worker_id);
  if (!w) {
    rec["why"] = "unknown_worker";
    rec["score"] = 0.0;
    return 0;
  }
  try {
    return score_with_subordinates(*w, inst.gpu_indexes, inst.claim ? &*inst.claim : nullptr, inst.subordinate_workers, rec);
  } catch (const ReferenceError& e) {
    // Name the instance whose scoring failed, keeping GPUStack's cause.
    Json values = e.values();
    values["instance_id"] = inst.id;
    values["instance_name"] = inst.name;
    throw ReferenceError(e.stage(), e.reason(), values);
  }
}

}  // namespace placement
