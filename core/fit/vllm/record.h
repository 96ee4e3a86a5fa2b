// Builds one §6.3 strategy record while a vLLM strategy runs, and the §6.4 rejections and
// shortfalls inside it. The record is appended to the trace when the strategy ends, so records
// keep execution order even when a strategy emits other trace entries meanwhile.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "resources/allocatable.h"
#include "fit/common/rejections.h"
#include "fit/common/shortfall.h"
#include "fit/common/strategy_record.h"
#include "trace/trace.h"

namespace placement {

class StrategyRecorder {
 public:
  StrategyRecorder(std::string selector, std::string strategy);

  void skip(const std::string& code, DataFields data = {});
  void not_reached();
  void tried() { status_ = "tried"; }
  bool is_skipped() const { return status_ == "skipped"; }

  void examined_worker() { ++workers_; }
  void examined_gpus(long long n) { gpus_ += n; }
  void examined_combination() { ++combinations_; }

  // A rejected worker (unit "workers") or GPU (unit "gpus"); returns the entry so callers can add
  // shortfalls. Rejections are also counted into §6.6 summary lines at commit. `code` and `unit`
  // are string literals.
  Rejection& reject(const Worker& worker, GpuIndexList gpu_indexes, const char* code, const char* unit, DataFields data = {});
  void not_examined(const Worker& worker, const char* rule, DataFields data = {});  // `rule`: a string literal
  // Room for `n` rejections up front (a per-GPU strategy knows its GPU count): growing the list
  // one doubling at a time moved every rejection again.
  void expect_rejections(std::size_t n) { rejections_->list.reserve(n); }
  void quirk(Trace& trace, const std::string& id, const std::string& where, const std::string& effect);
  void cap(Trace& trace, const std::string& id, long long limit, long long actual, const std::string& effect);
  void extra(const char* key, DataValue value) { extras_.set(DataField{key, std::move(value)}); }  // strategy-specific; `key` a literal

  long long rejections_with(const std::string& code) const;
  // Appends the record and its summary lines ("<code>[_short]" per unit, of = examined units).
  void commit(Trace& trace, std::size_t candidates_found);

 private:
  std::string selector_, strategy_, status_ = "tried";
  std::optional<StrategySkip> skip_;
  long long workers_ = 0, gpus_ = 0, combinations_ = 0;
  // Rejections per (code, unit), in first-rejection order: the summary lines of commit().
  // Code and unit are string literals (as Rejection::code): a rejection finds its count by their
  // addresses, and by their text only when the addresses differ (strlen + memcmp per rejection
  // were byte loops in WebAssembly).
  struct UnitCount {
    const char* code;
    const char* unit;
    long long count = 0;
  };
  std::vector<UnitCount> rejection_units_;
  std::shared_ptr<Rejections> rejections_ = std::make_shared<Rejections>();
  std::shared_ptr<NotExaminedList> not_examined_ = std::make_shared<NotExaminedList>();
  std::vector<Trace::Cap> caps_;
  std::vector<StrategyQuirk> quirks_;
  DataFields extras_;
};


// Least integer allocatable a with a / total ≥ u (strict: > u), in double arithmetic exactly as
// the comparison is made; what a `vram_ratio` shortfall needs.
Bytes least_alloc_passing_ratio(Bytes total, double u, bool strict);

// The VRAM a GPU could offer with nothing allocated (total − reserve, ≥ 0).
Bytes gpu_capacity(const Worker& worker, const GpuDevice& gpu);
Bytes ram_capacity(const Worker& worker);

}  // namespace placement
