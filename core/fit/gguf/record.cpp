#include "fit/gguf/record.h"

#include <algorithm>
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

namespace {

// Room for every member before the first: a growing object copies its members (see finish()),
// and subjects and rejections are built for every GPU and combination a search rejects.
Json object_with_room(std::size_t members) {
  Json o = Json::object();
  o.get_ref<Json::object_t&>().reserve(members);
  return o;
}

// The §6.4 subject, for subject() and for typed rejections read later.
Json subject_json(std::int64_t worker_id, const std::string& worker_name, Json gpu_indexes, const std::vector<std::string>& rpc) {
  Json s = object_with_room(4);
  s["worker_id"] = worker_id;
  s["worker_name"] = worker_name;
  s["gpu_indexes"] = std::move(gpu_indexes);
  if (!rpc.empty()) s["rpc"] = rpc;
  return s;
}

}  // namespace

Json subject(const WorkerView& view, const std::vector<int>& gpu_indexes, const std::vector<std::string>& rpc) {
  return subject_json(view.worker.id, view.worker.name, Json(gpu_indexes), rpc);
}

Json rejection(Json subject, const std::string& code, Json shortfalls, Json data) {
  Json r = object_with_room(4);
  r["subject"] = std::move(subject);
  r["code"] = code;
  r["shortfalls"] = std::move(shortfalls);
  if (!data.empty()) r["data"] = std::move(data);
  return r;
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
    out.begin_array();
    for (const std::string& server : rpc) out.string(server);
    out.end_array();
  }
  out.end_object();
  out.member("code", code);
  out.key("shortfalls");
  out.begin_array();
  for (const Shortfall& sf : shortfalls) sf.write(out);
  out.end_array();
  if (!data.empty()) out.member("data", data);
  out.end_object();
}

void GgufRejectionList::write(JsonOut& out) const {
  out.begin_array();
  for (const GgufRejection& r : list) r.write(out);
  out.end_array();
}

namespace {

Bytes short_sum(const Json& rejection) {
  Bytes sum = 0;
  for (const Json& s : rejection["shortfalls"])
    if (s.contains("short") && s["dim"] != "layers") sum += s["short"].get<Bytes>();
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

void CombinationRejections::add(const Json& rej, std::size_t size) {
  add_count(rej["code"].get<std::string>(), size, 1);
  const Bytes sum = short_sum(rej);
  const std::uint64_t order = order_++;
  if (would_keep(sum)) keep(sum, order, rej);
}

// Keep the three least-short; an equal sum keeps the earlier one (enumeration order).
bool CombinationRejections::would_keep(Bytes sum) const { return closest_.size() < 3 || sum < closest_.back().short_sum; }

void CombinationRejections::keep(Bytes sum, std::uint64_t order, Json rej) {
  auto pos = std::upper_bound(closest_.begin(), closest_.end(), sum, [](Bytes s, const Kept& k) { return s < k.short_sum; });
  closest_.insert(pos, Kept{sum, order, std::move(rej)});
  if (closest_.size() > 3) closest_.pop_back();
}

void CombinationRejections::add_count(const std::string& code, std::size_t size, std::uint64_t count) {
  if (count == 0) return;
  bump(by_code_, code, count);
  bump(by_size_, size, count);
  total_ += count;
}

Json CombinationRejections::to_json() const {
  Json codes = Json::object();
  for (const auto& [k, v] : by_code_) codes[k] = v;
  Json sizes = Json::object();
  for (const auto& [k, v] : by_size_) sizes[std::to_string(k)] = v;
  Json closest = Json::array();
  for (const Kept& k : closest_) closest.push_back(k.rejection);
  return Json{{"count", total_}, {"by_code", codes}, {"by_size", sizes}, {"closest", closest}};
}

StrategyRecorder::StrategyRecorder(Trace& trace, Strategy strategy) : trace_(trace), strategy_(strategy) {}

void StrategyRecorder::reject(const WorkerView& view, GpuIndexList gpu_indexes, const char* code, ShortfallList shortfalls,
                            Json data, std::vector<std::string> rpc) {
  rejections_->list.push_back(GgufRejection{view.worker.id, view.worker.name, std::move(gpu_indexes), std::move(rpc), code,
                                            std::move(shortfalls), std::move(data)});
}

void StrategyRecorder::skip(const std::string& code, Json data) { skip_ = StrategySkip{code, std::move(data)}; }

void StrategyRecorder::not_examined(const std::string& rule, Json what) {
  what["rule"] = rule;
  not_examined_.push_back(std::move(what));
}

void StrategyRecorder::cap(const std::string& id, long long limit, long long actual, const std::string& effect) {
  for (const StrategyCap& c : caps_)
    if (c.id == id) return;
  caps_.push_back(StrategyCap{id, limit, actual, effect});
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
  if (skip_) record.skip(skip_->code, std::move(skip_->data));
  // Json objects keep their members in a vector of pair<const string, Json>: the const key makes
  // the pair's move throwing, so growing the vector COPIES every member. Room for all first.
  record.extras().get_ref<Json::object_t&>().reserve(8);
  record.set_candidates_found(candidates_found);
  record.set_examined(StrategyExamined{workers_, gpus_, combinations_, queries_});
  // finish() is the record's last act: its parts move into the trace instead of being copied.
  if (rejections_->list.empty()) record.place(StrategyField::rejections);
  else record.set_rejections(rejections_);
  if (combination_rejections_.total() > 0) record.extras()["combination_rejections"] = combination_rejections_.to_json();
  record.set_not_examined(std::move(not_examined_));
  record.set_caps(caps_);
  record.set_quirks(quirks_);
  if (!notes_.empty()) record.extras()["notes"] = notes_;
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
