// The §6.3 strategy record a GGUF strategy fills while it runs, and the §6.4 rejection shapes.
// Rejections of single workers and GPUs are listed one by one; rejections of combinations are
// kept as counts per code and per size plus the 3 closest (least Σ short, then enumeration
// order) with full shortfalls (§6.7), so a search over thousands of combinations stays small.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "fit/common/data_fields.h"
#include "fit/common/rejections.h"
#include "fit/common/shortfall.h"
#include "fit/common/strategy_record.h"
#include "fit/gguf/run.h"

namespace placement::gguf_fit {

Shortfall count_short(const char* dim, long long need, long long have);  // layer counts, not bytes; never freeable

// Capacities for `freeable`.
Bytes gpu_capacity(const WorkerView& view, int index);
Bytes ram_capacity(const WorkerView& view);

// The §6.4 subject {worker_id, worker_name, gpu_indexes} as not-examined entries name it.
DataFields subject(const WorkerView& view, const std::vector<int>& gpu_indexes);

// One §6.4 rejection of a GGUF strategy, typed until the trace is read: a strategy at a thousand
// workers rejects thousands of GPUs, and building each as JSON cost a tenth of the decision in
// WASM. The subject's `rpc` and the rejection's `data` are written only when present.
struct GgufRejection {
  std::int64_t worker_id = 0;
  std::string worker_name;
  GpuIndexList gpu_indexes;
  std::vector<std::string> rpc;
  const char* code = "";  // a string literal
  ShortfallList shortfalls;
  DataFields data;  // empty = absent
  // RPC: the server worker a shortfall is on (its `worker_name`, after its fields); "" = none.
  std::vector<std::string> shortfall_workers;
  void write(JsonOut& out) const;
  Json to_json() const { return json_tree(*this); }
};

// A rejection of `view`'s GPUs `gpu_indexes` (the shortfalls have no default: see reject()).
GgufRejection rejection(const WorkerView& view, const std::vector<int>& gpu_indexes, const char* code, ShortfallList shortfalls,
                        DataFields data = {});

class GgufRejectionList final : public DeferredList {
 public:
  std::vector<GgufRejection> list;
  void write(JsonOut& out) const override;
};

// Written as {count, by_code {code: n}, by_size {"size": n}, closest [rejection...]}.
class CombinationRejections final : public DeferredList {
 public:
  void add(GgufRejection rejection, std::size_t size);
  // For hot loops: the rejection is only built when it is among the three closest.
  template <class MakeRejection>
  void add_lazy(const char* code, std::size_t size, Bytes short_sum, MakeRejection&& make) {
    add_count(code, size, 1);
    const std::uint64_t order = order_++;
    if (!would_keep(short_sum)) return;
    keep(short_sum, order, make());
  }
  void add_count(const char* code, std::size_t size, std::uint64_t count);  // rejected without details; `code` a literal
  std::uint64_t total() const { return total_; }
  void write(JsonOut& out) const override;

 private:
  bool would_keep(Bytes short_sum) const;
  void keep(Bytes short_sum, std::uint64_t order, GgufRejection rejection);

  struct Kept {
    Bytes short_sum;
    std::uint64_t order;
    GgufRejection rejection;
  };
  std::vector<std::pair<std::string, std::uint64_t>> by_code_;
  std::vector<std::pair<std::size_t, std::uint64_t>> by_size_;
  std::vector<Kept> closest_;
  std::uint64_t total_ = 0;
  std::uint64_t order_ = 0;
};

class StrategyRecorder {
 public:
  StrategyRecorder(Trace& trace, Strategy strategy);

  Strategy strategy() const { return strategy_; }
  const char* id() const { return strategy_id(strategy_); }

  void skip(const std::string& code, DataFields data = {});
  bool skipped() const { return skip_.has_value(); }

  void examined_worker() { ++workers_; }
  void examined_gpus(std::uint64_t n = 1) { gpus_ += n; }
  void examined_combination() { ++combinations_; }
  void examined_query() { ++queries_; }

  // A worker (no GPU indexes) or its GPUs rejected; `rpc` names the subject's RPC servers.
  // (`shortfalls` has no default: GCC 12 crashes instantiating SmallList's constructor in a
  // default argument here.)
  void reject(const WorkerView& view, GpuIndexList gpu_indexes, const char* code, ShortfallList shortfalls,
              DataFields data = {}, std::vector<std::string> rpc = {});
  CombinationRejections& combinations() { return *combination_rejections_; }
  // A §6.4 not-examined entry: `what` (a subject, or counts) with its `rule` last.
  void not_examined(const std::string& rule, DataFields what);
  void cap(const std::string& id, long long limit, long long actual, const std::string& effect);
  void quirk(const std::string& id, const std::string& effect);
  void note(const char* key, DataValue value) { notes_.set(DataField{key, std::move(value)}); }  // `key` a literal

  // Writes the record into trace.strategies.
  void finish(const std::string& status, std::size_t candidates_found);

  std::uint64_t rejected_count() const { return rejections_->list.size() + combination_rejections_->total(); }
  const std::vector<GgufRejection>& rejections() const { return rejections_->list; }

 private:
  Trace& trace_;
  Strategy strategy_;
  std::optional<StrategySkip> skip_;
  std::uint64_t workers_ = 0, gpus_ = 0, combinations_ = 0, queries_ = 0;
  std::shared_ptr<GgufRejectionList> rejections_ = std::make_shared<GgufRejectionList>();
  std::shared_ptr<CombinationRejections> combination_rejections_ = std::make_shared<CombinationRejections>();
  std::shared_ptr<DataFieldsList> not_examined_ = std::make_shared<DataFieldsList>();
  std::vector<Trace::Cap> caps_;
  std::vector<StrategyQuirk> quirks_;
  DataFields notes_;
};

// Saturating C(n, k) for counting combinations a stop rule skipped.
std::uint64_t binomial(std::uint64_t n, std::uint64_t k);

}  // namespace placement::gguf_fit
