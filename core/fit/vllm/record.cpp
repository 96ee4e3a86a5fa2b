#include "fit/vllm/record.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace placement {

StrategyRecorder::StrategyRecorder(std::string selector, std::string strategy)
    : selector_(std::move(selector)), strategy_(std::move(strategy)) {}

void StrategyRecorder::skip(const std::string& code, DataFields data) {
  status_ = "skipped";
  skip_ = StrategySkip{code, std::move(data)};
}

void StrategyRecorder::not_reached() { status_ = "not_reached"; }

Rejection& StrategyRecorder::reject(const Worker& worker, GpuIndexList gpu_indexes, const char* code, const char* unit, DataFields data) {
  auto same = [](const char* a, const char* b) { return a == b || std::strcmp(a, b) == 0; };
  auto counted = std::find_if(rejection_units_.begin(), rejection_units_.end(),
                              [&](const UnitCount& u) { return same(u.code, code) && same(u.unit, unit); });
  if (counted == rejection_units_.end()) rejection_units_.push_back(UnitCount{code, unit, 1});
  else ++counted->count;
  return add_rejection(*rejections_, worker, std::move(gpu_indexes), code, {}, std::move(data));
}

void StrategyRecorder::not_examined(const Worker& worker, const char* rule, DataFields data) {
  NotExamined& n = not_examined_->list.emplace_back();
  n.worker_id = worker.id;
  n.worker_name = worker.name;
  n.rule = rule;
  n.fields = std::move(data);
}

void StrategyRecorder::quirk(Trace& trace, const std::string& id, const std::string& where, const std::string& effect) {
  trace.quirk(id, where, effect);
  for (const StrategyQuirk& q : quirks_)
    if (q.id == id && q.where == where) return;
  quirks_.push_back(StrategyQuirk{id, where, effect});
}

void StrategyRecorder::cap(Trace& trace, const std::string& id, long long limit, long long actual, const std::string& effect) {
  trace.cap(id, limit, actual, effect);
  caps_.push_back(Trace::Cap{id, limit, actual, effect});
}

long long StrategyRecorder::rejections_with(const std::string& code) const {
  return std::count_if(rejections_->list.begin(), rejections_->list.end(), [&](const Rejection& r) { return code == r.code; });
}

void StrategyRecorder::commit(Trace& trace, std::size_t candidates_found) {
  StrategyRecord record(selector_, strategy_, status_);
  if (skip_) record.skip(skip_->code, std::move(skip_->fields));
  record.set_candidates_found(candidates_found);
  record.set_examined(StrategyExamined{static_cast<std::uint64_t>(workers_), static_cast<std::uint64_t>(gpus_),
                                       static_cast<std::uint64_t>(combinations_), 0});
  // commit() is the recorder's last act: its parts move into the record instead of being copied.
  record.set_rejections(std::move(rejections_));
  record.set_not_examined(std::move(not_examined_));
  record.set_caps(std::move(caps_));
  record.set_quirks(std::move(quirks_));
  for (const DataField& f : extras_.fields()) record.extra(f.name, f.value);
  commit_strategy(trace, std::move(record));

  // One summary line per (code, unit), in first-rejection order; the trace sorts them at the end.
  for (const UnitCount& u : rejection_units_) {
    const std::string code = u.code, unit = u.unit;
    const long long count = u.count;
    const bool resource = code == "vram" || code == "ram" || code == "vram_ratio" || code == "vram_total";
    const long long of = unit == "gpus" ? gpus_ : unit == "combinations" ? combinations_ : workers_;
    trace.summary(resource ? code + "_short" : code, count, std::max(of, count), unit,
                  DataFields{{"selector", selector_}, {"strategy", strategy_}});
  }
}

Bytes least_alloc_passing_ratio(Bytes total, double u, bool strict) {
  if (total <= 0) return 0;
  auto passes = [&](Bytes a) {
    const double r = static_cast<double>(a) / static_cast<double>(total);
    return strict ? r > u : r >= u;
  };
  const double guess = std::ceil(static_cast<double>(total) * u);
  // Above the total no allocatable can pass; report the ratio's own figure.
  if (!std::isfinite(guess) || guess > static_cast<double>(total)) return total + 1;
  Bytes a = std::max<Bytes>(0, static_cast<Bytes>(guess));
  // The guess is within an ulp or two of the answer; settle it with the real comparison.
  while (a > 0 && passes(a - 1)) --a;
  while (a <= total && !passes(a)) ++a;
  return a;
}

Bytes gpu_capacity(const Worker& worker, const GpuDevice& gpu) {
  return std::max<Bytes>(gpu.memory_total - worker.reserved_vram, 0);
}

Bytes ram_capacity(const Worker& worker) {
  Bytes r = std::max<Bytes>(worker.memory_total - worker.reserved_ram, 0);
  if (worker.is_unified_memory) r = std::max<Bytes>(r - worker.reserved_vram, 0);
  return r;
}

}  // namespace placement
