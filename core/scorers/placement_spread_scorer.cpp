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

void write_count(JsonOut& out, const SpreadCount& c) {
  out.begin_object();
  out.member("current", c.current);
  out.member("others", c.others);
  out.end_object();
}

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
  position_.reserve(instances.size());
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

double PlacementSpreadScorer::worker_score(const SpreadCount& total, SpreadItem& item) const {
  const SpreadStats& s = stats_;
  const double inv_others = inverse_norm(total.others, s.min_others, s.max_others);
  double fraction = 0;
  if (s.any_zero_current) {
    if (total.current == 0) {
      item.branch = "some_zero_current_own_zero";
      fraction = kZeroCurrentBase + kZeroCurrentOthers * inv_others;
    } else {
      const double inv_current = inverse_norm(total.current, s.min_current, s.max_current);
      item.branch = "some_zero_current_own_positive";
      item.has_inv_current = true;
      item.inv_current = inv_current;
      fraction = kHasBothBase + kHasBothCurrent * inv_current + kHasBothOthers * inv_others;
    }
  } else {
    const double inv_current = inverse_norm(total.current, s.min_current, s.max_current);
    item.branch = "none_zero_current";
    item.has_inv_current = true;
    item.inv_current = inv_current;
    fraction = kAllHaveCurrentBase + kAllHaveCurrentCurrent * inv_current + kAllHaveCurrentOthers * inv_others;
  }
  item.inv_others = inv_others;
  item.worker_score = fraction * max_score_;
  return item.worker_score;
}

double PlacementSpreadScorer::score_item(const Worker* worker, const std::optional<std::vector<int>>& gpu_indexes,
                                         SpreadItem& item) const {
  if (!worker) {
    item.known_worker = false;
    item.score = 0.0;
    return 0;
  }
  item.known_worker = true;
  item.worker_id = worker->id;
  item.worker_name = worker->name;
  const WorkerSpreadCounts* counts = counts_of(worker->id);
  item.counts = counts ? counts->total : SpreadCount{};
  const double w = worker_score(item.counts, item);
  if (!gpu_indexes || gpu_indexes->empty()) {
    item.gpu = false;
    item.score = w;
    return w;
  }
  item.gpu = true;
  double sum = 0;
  for (int index : *gpu_indexes) {
    const SpreadCount* g = counts ? counts->gpu(index) : nullptr;
    const SpreadCount c = g ? *g : SpreadCount{};
    const double one = 1.0 / (static_cast<double>(1 + c.current) + static_cast<double>(c.others) * kOthersWeight);
    item.gpus.push_back(SpreadGpuTerm{index, c.current, c.others, one});
    sum += one;  // left to right, as the reference's sum() over a list
  }
  item.gpu_score = sum / static_cast<double>(gpu_indexes->size()) * max_score_;
  item.score = w * kWorkerWeight + item.gpu_score * kGpuWeight;
  return item.score;
}


void SpreadItem::write(JsonOut& out) const {
  if (!known_worker) {
    out.member("why", "unknown_worker");
    out.member("score", 0.0);
    return;
  }
  out.member("worker_id", worker_id);
  out.member("worker_name", worker_name);
  out.key("counts");
  write_count(out, counts);
  out.member("branch", branch);
  if (has_inv_current) out.member("inv_current", inv_current);
  out.member("inv_others", inv_others);
  out.member("W", worker_score);
  if (!gpu) {
    out.member("kind", "cpu");
    out.member("score", score);
    return;
  }
  out.member("kind", "gpu");
  out.key("gpus");
  write_object_array(out, gpus, [&](const SpreadGpuTerm& g) {
    out.member("index", g.index);
    out.member("current", g.current);
    out.member("others", g.others);
    out.member("score", g.score);
  });
  out.member("G", gpu_score);
  out.member("score", score);
}

std::vector<WorkerSpreadCounts> PlacementSpreadScorer::release_counts() {
  position_.clear();
  return std::move(counts_);
}

void write_spread_counts(JsonOut& out, const std::vector<WorkerSpreadCounts>& counts) {
  write_object_array(out, counts, [&](const WorkerSpreadCounts& w) {
    out.member("worker_id", w.worker_id);
    out.member("current", w.total.current);
    out.member("others", w.total.others);
    out.key("gpus");
    write_object_array(out, w.gpus, [&](const std::pair<int, SpreadCount>& g) {
      out.member("index", g.first);
      out.member("current", g.second.current);
      out.member("others", g.second.others);
    });
  });
}

void write_spread_stats(JsonOut& out, const SpreadStats& stats) {
  out.begin_object();
  out.member("workers", stats.workers);
  out.member("any_zero_current", stats.any_zero_current);
  out.member("min_current", stats.min_current);
  out.member("max_current", stats.max_current);
  out.member("min_others", stats.min_others);
  out.member("max_others", stats.max_others);
  out.end_object();
}

}  // namespace placement
