#include "scorers/placement_spread_scorer.h"

#include <algorithm>

namespace placement {

namespace {

// GPUStack's ModelWeight.others and SpreadScoreWeights.
constexpr double kOthersWeight = 0.2;
constexpr double kWorkerWeight = 0.85;
constexpr double kGpuWeight = 0.15;
constexpr double kZeroCurrentBase = 0.85;
constexpr double kZeroCurrentOthers = 0.15;
constexpr double kHasBothBase = 0.45;
constexpr double kHasBothCurrent = 0.35;
constexpr double kHasBothOthers = 0.20;
constexpr double kAllHaveCurrentBase = 0.50;
constexpr double kAllHaveCurrentCurrent = 0.25;
constexpr double kAllHaveCurrentOthers = 0.15;

Json count_json(const SpreadCount& c) { return Json{{"current", c.current}, {"others", c.others}}; }

}  // namespace

const SpreadCount* WorkerSpreadCounts::gpu(int index) const {
  for (const auto& [i, c] : gpus)
    if (i == index) return &c;
  return nullptr;
}

double inverse_norm(long long value, long long min_value, long long max_value) {
  if (max_value <= min_value) return 1.0;
  return 1.0 - static_cast<double>(value - min_value) / static_cast<double>(max_value - min_value);
}

PlacementSpreadScorer::PlacementSpreadScorer(const Model& model, const std::vector<const ModelInstance*>& instances,
                                             double max_score, Trace* trace)
    : max_score_(max_score) {
  // Without a model id GPUStack sees no instances at all (§7.4).
  if (!model.id) return;
  for (const ModelInstance* inst : instances) {
    if (!inst->worker_id) continue;
    const bool current = inst->model_id && *inst->model_id == *model.id;
    bool multi_gpu = false;
    if (inst->gpu_indexes && !inst->gpu_indexes->empty()) {
      for (int index : *inst->gpu_indexes) add(*inst->worker_id, index, current);
      multi_gpu = inst->gpu_indexes->size() > 1;
    } else {
      add(*inst->worker_id, std::nullopt, current);
    }
    for (const SubordinateWorker& sub : inst->subordinate_workers) {
      if (!sub.gpu_indexes || !sub.worker_id) continue;  // an empty list adds nothing
      for (int index : *sub.gpu_indexes) add(*sub.worker_id, index, current);
      multi_gpu = multi_gpu || sub.gpu_indexes->size() > 1;
    }
    if (multi_gpu && trace)
      trace->quirk("Q4", "spread counts", "an instance spanning several GPUs counted once per GPU in its worker's total");
  }
}

WorkerSpreadCounts& PlacementSpreadScorer::counts_for(std::int64_t worker_id) {
  auto it = position_.find(worker_id);
  if (it != position_.end()) return counts_[it->second];
  position_.emplace(worker_id, counts_.size());
  counts_.push_back(WorkerSpreadCounts{worker_id, {}, {}});
  return counts_.back();
}

const WorkerSpreadCounts* PlacementSpreadScorer::counts_of(std::int64_t worker_id) const {
  auto it = position_.find(worker_id);
  return it == position_.end() ? nullptr : &counts_[it->second];
}

void PlacementSpreadScorer::add(std::int64_t worker_id, std::optional<int> gpu_index, bool current) {
  WorkerSpreadCounts& w = counts_for(worker_id);
  if (gpu_index) {
    SpreadCount* g = nullptr;
    for (auto& [i, c] : w.gpus)
      if (i == *gpu_index) g = &c;
    if (!g) {
      w.gpus.emplace_back(*gpu_index, SpreadCount{});
      g = &w.gpus.back().second;
    }
    (current ? g->current : g->others) += 1;
  }
  (current ? w.total.current : w.total.others) += 1;
}

void PlacementSpreadScorer::build_stats(const std::vector<const Worker*>& workers) {
  stats_ = SpreadStats{};
  bool first = true;
  for (const Worker* w : workers) {
    if (!w) continue;
    const WorkerSpreadCounts* c = counts_of(w->id);
    const SpreadCount total = c ? c->total : SpreadCount{};
    ++stats_.workers;
    if (first) {
      stats_.any_zero_current = false;
      stats_.min_current = stats_.max_current = total.current;
      stats_.min_others = stats_.max_others = total.others;
      first = false;
    }
    stats_.any_zero_current = stats_.any_zero_current || total.current == 0;
    stats_.min_current = std::min(stats_.min_current, total.current);
    stats_.max_current = std::max(stats_.max_current, total.current);
    stats_.min_others = std::min(stats_.min_others, total.others);
    stats_.max_others = std::max(stats_.max_others, total.others);
  }
}

double PlacementSpreadScorer::worker_score(const SpreadCount& total, Json& rec) const {
  const SpreadStats& s = stats_;
  const double inv_others = inverse_norm(total.others, s.min_others, s.max_others);
  double fraction = 0;
  if (s.any_zero_current) {
    if (total.current == 0) {
      rec["branch"] = "some_zero_current_own_zero";
      fraction = kZeroCurrentBase + kZeroCurrentOthers * inv_others;
    } else {
      const double inv_current = inverse_norm(total.current, s.min_current, s.max_current);
      rec["branch"] = "some_zero_current_own_positive";
      rec["inv_current"] = inv_current;
      fraction = kHasBothBase + kHasBothCurrent * inv_current + kHasBothOthers * inv_others;
    }
  } else {
    const double inv_current = inverse_norm(total.current, s.min_current, s.max_current);
    rec["branch"] = "none_zero_current";
    rec["inv_current"] = inv_current;
    fraction = kAllHaveCurrentBase + kAllHaveCurrentCurrent * inv_current + kAllHaveCurrentOthers * inv_others;
  }
  rec["inv_others"] = inv_others;
  const double w = fraction * max_score_;
  rec["W"] = w;
  return w;
}

double PlacementSpreadScorer::score_item(const Worker* worker, const std::optional<std::vector<int>>& gpu_indexes,
                                         Json& rec) const {
  if (!worker) {
    rec["why"] = "unknown_worker";
    rec["score"] = 0.0;
    return 0;
  }
  rec["worker_id"] = worker->id;
  rec["worker_name"] = worker->name;
  const WorkerSpreadCounts* counts = counts_of(worker->id);
  const SpreadCount total = counts ? counts->total : SpreadCount{};
  rec["counts"] = count_json(total);
  const double w = worker_score(total, rec);
  if (!gpu_indexes || gpu_indexes->empty()) {
    rec["kind"] = "cpu";
    rec["score"] = w;
    return w;
  }
  rec["kind"] = "gpu";
  Json per_gpu = Json::array();
  double sum = 0;
  for (int index : *gpu_indexes) {
    const SpreadCount* g = counts ? counts->gpu(index) : nullptr;
    const SpreadCount c = g ? *g : SpreadCount{};
    const double one = 1.0 / (static_cast<double>(1 + c.current) + static_cast<double>(c.others) * kOthersWeight);
    per_gpu.push_back(Json{{"index", index}, {"current", c.current}, {"others", c.others}, {"score", one}});
    sum += one;  // left to right, as the reference's sum() over a list
  }
  const double g_score = sum / static_cast<double>(gpu_indexes->size()) * max_score_;
  rec["gpus"] = std::move(per_gpu);
  rec["G"] = g_score;
  const double score = w * kWorkerWeight + g_score * kGpuWeight;
  rec["score"] = score;
  return score;
}

Json PlacementSpreadScorer::counts_json() const {
  Json out = Json::array();
  for (const WorkerSpreadCounts& w : counts_) {
    Json gpus = Json::array();
    for (const auto& [i, c] : w.gpus) gpus.push_back(Json{{"index", i}, {"current", c.current}, {"others", c.others}});
    out.push_back(Json{{"worker_id", w.worker_id}, {"current", w.total.current}, {"others", w.total.others}, {"gpus", gpus}});
  }
  return out;
}

Json PlacementSpreadScorer::stats_json() const {
  return Json{{"workers", stats_.workers},           {"any_zero_current", stats_.any_zero_current},
              {"min_current", stats_.min_current},   {"max_current", stats_.max_current},
              {"min_others", stats_.min_others},     {"max_others", stats_.max_others}};
}

}  // namespace placement
