#include "fit/gguf/record.h"

#include "trace/json_out_values.h"

#include <algorithm>
#include <cstring>
#include <limits>

namespace placement::gguf_fit {

Shortfall count_short(const char* dim, long long need, long long have) {
  return Shortfall{dim, std::nullopt, need, have, need > have ? need - have : 0, false};
}

Bytes gpu_capacity(const WorkerView& view, int index) {
  Bytes total = 0;
  for (const GpuDevice& g : view.worker.gpus)
    if (g.index == index) total = g.memory_total;  // a repeated index keeps the later device, as §1.5 does
  return std::max<Bytes>(total - view.worker.reserved_vram, 0);
}

Bytes ram_capacity(const WorkerView& view) {
  Bytes cap = view.worker.memory_total - view.worker.reserved_ram;
  if (view.uma) cap -= view.worker.reserved_vram;
  return std::max<Bytes>(cap, 0);
}

DataFields subject(const WorkerView& view, const std::vector<int>& gpu_indexes) {
  return DataFields{{"worker_id", view.worker.id},
                    {"worker_name", view.worker.name},
                    {"gpu_indexes", std::vector<std::int64_t>(gpu_indexes.begin(), gpu_indexes.end())}};
}

GgufRejection rejection(const WorkerView& view, const std::vector<int>& gpu_indexes, const char* code, ShortfallList shortfalls,
                        DataFields data) {
  return GgufRejection{view.worker.id, view.worker.name, GpuIndexList(gpu_indexes), {}, code, std::move(shortfalls),
                       std::move(data), {}};
}

void GgufRejection::write(JsonOut& out) const {
  out.begin_object();
  out.key("subject");
  out.begin_object();
  out.member("worker_id", worker_id);
  out.member("worker_name", worker_name);
  out.key("gpu_indexes");
  out.begin_array();
  for (int index : gpu_indexes) out.number(index);
  out.end_array();
  if (!rpc.empty()) {
    out.key("rpc");
    write_strings(out, rpc);
  }
  out.end_object();
  out.member("code", code);
  out.key("shortfalls");
  out.begin_array();
  std::size_t i = 0;
  for (const Shortfall& sf : shortfalls) {
    out.begin_object();
    sf.write_members(out);
    if (i < shortfall_workers.size() && !shortfall_workers[i].empty()) out.member("worker_name", shortfall_workers[i]);
    out.end_object();
    ++i;
  }
  out.end_array();
  if (!data.empty()) {
    out.key("data");
    data.write(out);
  }
  out.end_object();
}

void GgufRejectionList::write(JsonOut& out) const {
  out.begin_array();
  for (const GgufRejection& r : list) r.write(out);
  out.end_array();
}

namespace {

// What the closest rejections are ordered by: Σ short over byte dimensions (a layer count is no
// amount of memory).
Bytes short_sum(const GgufRejection& rejection) {
  Bytes sum = 0;
  for (const Shortfall& s : rejection.shortfalls)
    if (std::strcmp(s.dim, "layers") != 0) sum += s.short_by;
  return sum;
}

template <class K>
void bump(std::vector<std::pair<K, std::uint64_t>>& counts, const K& key, std::uint64_t n) {
  for (auto& [k, v] : counts)
    if (k == key) {
      v += n;
      return;
    }
  counts.emplace_back(key, n);
}

}  // namespace

void CombinationRejections::add(GgufRejection rej, std::size_t size) {
  add_count(rej.code, size, 1);
  const Bytes sum = short_sum(rej);
  const std::uint64_t order = order_++;
  if (would_keep(sum)) keep(sum, order, std::move(rej));
}

// Keep the three least-short; an equal sum keeps the earlier one (enumeration order).
bool CombinationRejections::would_keep(Bytes sum) const { return closest_.size() < 3 || sum < closest_.back().short_sum; }

void CombinationRejections::keep(Bytes sum, std::uint64_t order, GgufRejection rej) {
  auto pos = std::upper_bound(closest_.begin(), closest_.end(), sum, [](Bytes s, const Kept& k) { return s < k.short_sum; });
  closest_.insert(pos, Kept{sum, order, std::move(rej)});
  if (closest_.size() > 3) closest_.pop_back();
}

void CombinationRejections::add_count(const char* code, std::size_t size, std::uint64_t count) {
  if (count == 0) return;
  bump(by_code_, std::string(code), count);
  bump(by_size_, size, count);
  total_ += count;
}

void CombinationRejections::write(JsonOut& out) const {
  out.begin_object();
  out.member("count", total_);
  out.key("by_code");
  out.begin_object();
  for (const auto& [code, n] : by_code_) out.member(code, n);
  out.end_object();
  out.key("by_size");
  out.begin_object();
  for (const auto& [size, n] : by_size_) out.member(std::to_string(size), n);
  out.end_object();
  out.key("closest");
  out.begin_array();
  for (const Kept& k : closest_) k.rejection.write(out);
  out.end_array();
  out.end_object();
}

StrategyRecorder::StrategyRecorder(Trace& trace, Strategy strategy) : trace_(trace), strategy_(strategy) {}

void StrategyRecorder::reject(const WorkerView& view, GpuIndexList gpu_indexes, const char* code, ShortfallList shortfalls,
                              DataFields data, std::vector<std::string> rpc) {
  rejections_->list.push_back(GgufRejection{view.worker.id, view.worker.name, std::move(gpu_indexes), std::move(rpc), code,
                                            std::move(shortfalls), std::move(data), {}});
}

void StrategyRecorder::skip(const std::string& code, DataFields data) { skip_ = StrategySkip{code, std::move(data)}; }

void StrategyRecorder::not_examined(const std::string& rule, DataFields what) {
  what.set(DataField{"rule", rule});
  not_examined_->list.push_back(std::move(what));
}

void StrategyRecorder::cap(const std::string& id, long long limit, long long actual, const std::string& effect) {
  for (const Trace::Cap& c : caps_)
    if (c.id == id) return;
  caps_.push_back(Trace::Cap{id, limit, actual, effect});
  trace_.cap(id, limit, actual, effect);
}

void StrategyRecorder::quirk(const std::string& id, const std::string& effect) {
  for (const StrategyQuirk& q : quirks_)
    if (q.id == id) return;
  quirks_.push_back(StrategyQuirk{id, std::nullopt, effect});
  trace_.quirk(id, std::string("gguf.") + this->id(), effect);
}

void StrategyRecorder::finish(const std::string& status, std::size_t candidates_found) {
  StrategyRecord record("gguf", id(), status, StrategyRecord::SkipField::only_when_skipped);
  if (skip_) record.skip(skip_->code, std::move(skip_->fields));
  record.set_candidates_found(candidates_found);
  record.set_examined(StrategyExamined{workers_, gpus_, combinations_, queries_});
  // finish() is the record's last act: its parts move into the trace instead of being copied.
  if (rejections_->list.empty()) record.place(StrategyField::rejections);
  else record.set_rejections(rejections_);
  if (combination_rejections_->total() > 0) record.list("combination_rejections", combination_rejections_);
  record.set_not_examined(not_examined_);
  record.set_caps(caps_);
  record.set_quirks(quirks_);
  if (!notes_.empty()) record.extra("notes", std::move(notes_));
  commit_strategy(trace_, std::move(record));
}

std::uint64_t binomial(std::uint64_t n, std::uint64_t k) {
  if (k > n) return 0;
  k = std::min(k, n - k);
  constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();
  std::uint64_t r = 1;
  for (std::uint64_t i = 1; i <= k; ++i) {
    const std::uint64_t num = n - k + i;
    // r * num / i is exact at every step (it is C(n-k+i, i)); saturate instead of overflowing.
    if (r > kMax / num) return kMax;
    r = r * num / i;
  }
  return r;
}

}  // namespace placement::gguf_fit
