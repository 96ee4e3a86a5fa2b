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

void write_alloc(JsonOut& out, Bytes ram, const VramMap* vram_map) {
  out.begin_object();
  out.member("ram", ram);
  out.key("vram");
  out.begin_object();
  if (vram_map)
    for (const auto& [index, bytes] : *vram_map) out.member(std::to_string(index), bytes);
  out.end_object();
  out.end_object();
}

void write_bytes_or_null(JsonOut& out, std::string_view key, const std::optional<Bytes>& b) {
  if (b) out.member(key, *b);
  else out.member(key, Json(nullptr));
}

DataFields worker_values(const Worker& w) { return DataFields{{"worker_id", w.id}, {"worker_name", w.name}}; }

}  // namespace

PlacementBinpackScorer::PlacementBinpackScorer(const WorkerLookup& workers, const AllocationIndex& allocation, ScaleType scale,
                                               double max_score, Trace* trace)
    : workers_(workers), allocation_(allocation), scale_(scale), max_score_(max_score), trace_(trace) {}

const std::shared_ptr<const Allocatable>& PlacementBinpackScorer::allocatable_of(const Worker& worker) const {
  auto it = allocatable_cache_.find(&worker);
  if (it == allocatable_cache_.end())
    it = allocatable_cache_.emplace(&worker, std::make_shared<const Allocatable>(allocation_.compute(worker))).first;
  return it->second;
}

double PlacementBinpackScorer::score_item(const Worker& worker, const std::optional<std::vector<int>>& gpu_indexes,
                                          const ResourceClaim* claim, BinpackItem& item) const {
  const bool up = scale_ == ScaleType::up;
  const std::shared_ptr<const Allocatable>& shared = allocatable_of(worker);
  const Allocatable& a = *shared;
  item.reached = BinpackItem::Reached::allocatable;
  item.worker_id = worker.id;
  item.worker_name = worker.name;
  item.alloc_ram = a.ram;
  item.alloc_vram = std::shared_ptr<const VramMap>(shared, &a.vram);
  // GPUStack's allocatable routine indexes vram[0] on unified-memory workers (§7.2).
  if (a.uma_missing_index0)
    throw ReferenceError("scoring", "binpack: unified-memory worker has GPUs but no GPU index 0", worker_values(worker));
  if (!claim) throw ReferenceError("scoring", "binpack: the computed resource claim is null", worker_values(worker));

  const std::size_t gpu_count = gpu_indexes ? gpu_indexes->size() : 0;
  item.claim_ram = claim->ram;
  item.reached = BinpackItem::Reached::kind;
  if (gpu_count == 0) {
    item.gpu = false;
    if (!claim->ram) throw ReferenceError("scoring", "binpack: CPU item with a null RAM claim", worker_values(worker));
    const Bytes denominator = up ? a.ram : a.ram + *claim->ram;
    item.denominator = denominator;
    item.reached = BinpackItem::Reached::denominator;
    if (denominator == 0) {
      DataFields values = worker_values(worker);
      values.set({"denominator", denominator});
      throw ReferenceError("scoring", "binpack: CPU item divides by an allocatable RAM of 0", values);
    }
    item.score = as_double(*claim->ram) / as_double(denominator) * max_score_;
    item.reached = BinpackItem::Reached::score;
    return item.score;
  }

  item.gpu = true;
  double score = 0;
  for (int index : *gpu_indexes) {
    BinpackGpuTerm g;
    g.index = index;
    // RAM term: 0 when the claim or its denominator is null/0.
    double ram_term = 0;
    if (claim->ram) {
      const Bytes denominator = up ? a.ram : a.ram + *claim->ram;
      g.ram_denominator = denominator;
      if (denominator != 0) {
        g.r = as_double(*claim->ram) / as_double(denominator) * max_score_;
        ram_term = g.r * kRamWeight;
      }
    }
    // VRAM term: likewise for this GPU's claim and allocatable.
    const Bytes* claim_vram = find_vram(claim->vram, index);
    const Bytes* alloc_vram = find_vram(a.vram, index);
    if (claim_vram) g.claim = *claim_vram;
    if (alloc_vram) g.alloc = *alloc_vram;
    double vram_term = 0;
    if (claim_vram && alloc_vram) {
      const Bytes denominator = up ? *alloc_vram : *alloc_vram + *claim_vram;
      g.vram_denominator = denominator;
      if (denominator != 0) {
        g.v = as_double(*claim_vram) / as_double(denominator) * max_score_;
        vram_term = g.v * kVramWeight;
      }
    }
    g.s = (ram_term + vram_term) / (kRamWeight + kVramWeight);
    // One GPU: its score as is. Several: GPUStack keeps the first strictly greater one from 0.
    if (gpu_count == 1 || g.s > score) {
      score = g.s;
      item.chosen = index;
    }
    item.gpus.push_back(g);
  }
  item.score = score;
  item.reached = BinpackItem::Reached::score;
  return score;
}

void BinpackItem::write(JsonOut& out) const {
  out.member("worker_id", worker_id);
  out.member("worker_name", worker_name);
  out.key("alloc");
  write_alloc(out, alloc_ram, alloc_vram.get());
  if (reached == Reached::allocatable) return;
  out.member("kind", gpu ? "gpu" : "cpu");
  write_bytes_or_null(out, "claim_ram", claim_ram);
  if (!gpu) {
    if (reached == Reached::kind) return;
    out.member("denominator", denominator);
    if (reached == Reached::denominator) return;
    out.member("score", score);
    return;
  }
  out.key("gpus");
  write_object_array(out, gpus, [&](const BinpackGpuTerm& t) {
    out.member("index", t.index);
    if (t.ram_denominator) out.member("ram_denominator", *t.ram_denominator);
    write_bytes_or_null(out, "claim", t.claim);
    write_bytes_or_null(out, "alloc", t.alloc);
    if (t.vram_denominator) out.member("vram_denominator", *t.vram_denominator);
    out.member("r", t.r);
    out.member("v", t.v);
    out.member("s", t.s);
  });
  out.key("chosen");
  if (chosen) out.number(*chosen);
  else out.null();
  out.member("score", score);
}

void BinpackRecord::write(JsonOut& out) const {
  if (!main_done) return;
  out.key("main");
  out.begin_object();
  main.write(out);
  out.end_object();
  if (subordinates.empty() && scored && !subordinates_done) {
    out.member("score", score);
    return;
  }
  if (!subordinates_done) return;
  out.key("subordinates");
  // Each item opens with the id and name of the worker it scored.
  write_object_array(out, subordinates, [&](const BinpackSubordinateItem& sub) { sub.item.write(out); });
  if (!scored) return;  // an unknown subordinate stopped it
  out.member("subordinate_sum", subordinate_sum);
  out.key("weights");
  out.begin_object();
  out.member("main", kServerWeight);
  out.member("subordinate", kSubordinateWeight);
  out.member("count", subordinates.size());
  out.end_object();
  if (q5) out.member("quirks", Json::array({"Q5"}));
  out.member("score", score);
}

double PlacementBinpackScorer::combine_with_subordinates(double main_score, double subordinate_sum, std::size_t count) {
  const double n = static_cast<double>(count);
  return (main_score * kServerWeight + subordinate_sum * n * kSubordinateWeight) / (kServerWeight + kSubordinateWeight * n);
}

double PlacementBinpackScorer::score_subordinates(const std::vector<SubordinateWorker>& subordinates,
                                                  BinpackRecord& rec) const {
  double sum = 0;
  for (const SubordinateWorker& sub : subordinates) {
    const Worker* w = workers_.find(sub.worker_id);
    if (!w) {
      rec.subordinates_done = true;  // the record lists the ones scored before it
      throw ReferenceError("scoring", "binpack: a subordinate worker is unknown",
                           DataFields{{"worker_id", sub.worker_id ? DataValue(*sub.worker_id) : DataValue()}, {"worker_name", sub.worker_name}});
    }
    BinpackSubordinateItem item{sub.worker_id, sub.worker_name, {}};
    sum += score_item(*w, sub.gpu_indexes, sub.claim ? &*sub.claim : nullptr, item.item);
    rec.subordinates.push_back(std::move(item));
  }
  rec.subordinates_done = true;
  rec.subordinate_sum = sum;
  return sum;
}

double PlacementBinpackScorer::score_with_subordinates(const Worker& worker, const std::optional<std::vector<int>>& gpu_indexes,
                                                       const ResourceClaim* claim,
                                                       const std::vector<SubordinateWorker>& subordinates,
                                                       BinpackRecord& rec) const {
  const double main_score = score_item(worker, gpu_indexes, claim, rec.main);
  rec.main_done = true;
  if (subordinates.empty()) {
    rec.scored = true;
    rec.score = main_score;
    return main_score;
  }
  const double sum = score_subordinates(subordinates, rec);
  const double score = combine_with_subordinates(main_score, sum, subordinates.size());
  if (subordinates.size() >= 2) {
    rec.q5 = true;
    if (trace_)
      trace_->quirk("Q5", scale_ == ScaleType::up ? "binpack scale_up" : "binpack scale_down",
                    "the sum of the subordinate scores was multiplied by their count");
  }
  rec.scored = true;
  rec.score = score;
  return score;
}

double PlacementBinpackScorer::score_candidate(const Candidate& c, BinpackRecord& rec) const {
  // GPUStack reads the main worker from the candidate object, with the GPU list its selector left
  // there; subordinates come from a fresh database read (their full lists).
  const Worker* w = c.scored_worker ? c.scored_worker.get() : workers_.find(c.worker_id);
  if (!w)
    throw ReferenceError("scoring", "binpack: the candidate's worker is unknown",
                         DataFields{{"worker_id", c.worker_id}, {"worker_name", c.worker_name}});
  return score_with_subordinates(*w, c.gpu_indexes, &c.claim, c.subordinate_workers, rec);
}

double PlacementBinpackScorer::score_instance(const ModelInstance& inst, ScaleDownRow<BinpackRecord>& row) const {
  const Worker* w = workers_.find(inst.worker_id);
  if (!w) {
    row.why = inst.worker_id ? scale_down_why::kUnknownWorker : scale_down_why::kNoWorker;
    return 0;
  }
  try {
    return score_with_subordinates(*w, inst.gpu_indexes, inst.claim ? &*inst.claim : nullptr, inst.subordinate_workers,
                                   row.item);
  } catch (const ReferenceError& e) {
    // Name the instance whose scoring failed, keeping GPUStack's cause.
    TraceValues values = e.trace_values();
    values.set({"instance_id", inst.id});
    values.set({"instance_name", inst.name});
    throw ReferenceError(e.stage(), e.reason(), values);
  }
}

}  // namespace placement
