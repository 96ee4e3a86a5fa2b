// The manual GPU selection routine (scheduler-rules.md §3.1.7) as one run over the user's
// selection. Its two halves live apart: manual_selection.cpp builds the candidates from the
// selected GPUs, manual_overcommit.cpp judges whether they overcommit and which one is returned.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "fit/common/manual_attempts.h"
#include "fit/common/manual_selection.h"
#include "fit/common/manual_selection_parts.h"
#include "fit/common/manual_selection_record.h"
#include "fit/common/rejections.h"
#include "fit/common/strategy_record.h"

namespace placement::manual {

class ManualRun {
 public:
  // The model must have gpu_ids (select_manual checks).
  ManualRun(FitContext& ctx, const ManualRequest& request, const ManualOptions& options, SelectorMessages& messages)
      : ctx_(ctx), req_(request), opt_(options), messages_(messages), ids_(*gpu_ids(ctx.model)), selection_(group_selected(ids_)) {}

  std::vector<Candidate> run();

 private:
  using ByType = std::vector<std::pair<std::string, std::vector<Reduced>>>;

  FitContext& ctx_;
  const ManualRequest& req_;
  const ManualOptions& opt_;
  SelectorMessages& messages_;
  const std::vector<std::string>& ids_;
  std::vector<TypeSelection> selection_;
  std::map<std::pair<std::string, std::int64_t>, Allocatable> alloc_cache_;
  ManualOutcome outcome_;

  // The strategy's own extras before `attempts` (gpu_count, utilisation, request, selection,
  // overcommit_checks, chosen_overcommit), typed, in writing order.
  DataFields record_;
  Rejections rejections_;  // typed; the record gets a copy when the run commits
  std::shared_ptr<ManualAttempts> attempts_ = std::make_shared<ManualAttempts>();
  std::shared_ptr<ManualSelectionRecord> selection_record_ = std::make_shared<ManualSelectionRecord>();
  std::vector<StrategyQuirk> quirks_;
  long long examined_workers_ = 0, examined_gpus_ = 0;

  const IndexList* selected(const std::string& type, const std::string& worker) const;
  const Worker* worker_named(const std::string& name) const;
  const Allocatable& alloc(const Worker& w, const std::string& type);
  std::optional<Bytes> typed_total(const Worker& w, const std::string& type, int index) const;

  // Building the candidates (manual_selection.cpp).
  void record_selection();
  bool refuse_heterogeneous();
  ByType reduce_every_type();
  std::vector<Candidate> build_candidates(const ByType& by_type);
  std::vector<Reduced> reduce(const TypeSelection& ts);
  VramMap claims(const Reduced& r, const IndexList& used, double u) const;
  ResourceClaim manual_claim(const Reduced& r, const IndexList& used, double u) const;
  std::optional<Candidate> single_worker(const Reduced& r, const IndexList& gpu_indexes, double u, const std::string& type);
  std::optional<Candidate> multi_worker(const std::vector<Reduced>& workers, double u, const std::string& type);
  bool skip_distributed_worker(const Worker& w, const IndexList& selected_indexes);
  IndexList subordinate_gpus(const Reduced& r, const IndexList& wanted, double u, std::size_t used) const;
  SubordinateWorker subordinate(const Reduced& r, const IndexList& mine, double u) const;
  Candidate multi_worker_candidate(const Reduced& main, const IndexList& main_indexes, double u, const std::string& type,
                                   std::vector<SubordinateWorker> subs) const;
  std::optional<std::string> blocking_instance(const Worker& w) const;

  // Judging them (manual_overcommit.cpp).
  struct SelectedFigures {
    std::vector<std::tuple<std::string, std::string, int>> satisfied;  // (type, worker, index)
    long long satisfied_count = 0;
    Bytes alloc = 0;
  };
  // What a candidate claims and uses: the main worker and every subordinate.
  struct UsedFigures {
    Bytes vram = 0, ram = 0, alloc = 0;
    long long count = 0, satisfied = 0;
    std::vector<DataFields> unsatisfied;  // used GPUs below the utilisation: {worker_name, gpu_index}
  };
  struct OvercommitCheck {
    bool overcommit = false;
    double effective = 0;
    DataFields values;  // the figures of the §3.1.7.5 check and of GPUStack's note
    UsedFigures used;
  };
  std::vector<Candidate> judge_overcommit(std::vector<Candidate>& candidates);
  OvercommitCheck check_overcommit(const Candidate& c);
  SelectedFigures selected_figures(double u);
  UsedFigures used_figures(const Candidate& c, const std::string& type, const SelectedFigures& selected);
  void reject_overcommitted(const Candidate& c, std::size_t i, const OvercommitCheck& check);

  // `code` is a string literal.
  Rejection& reject(const Worker& w, const IndexList& indexes, const char* code, DataFields data = {});
  void quirk(const std::string& id, const std::string& where, const std::string& effect);
  void commit(const std::string& status, std::size_t found, const std::string& result);
};

}  // namespace placement::manual
