// Every gguf-parser query the GGUF fit makes, recorded in trace.requirement.queries once per
// distinct query (mode, tensor split as passed and normalised, rpc, source, which strategy asked
// first, how often it was asked). A fit query nobody can answer is bad input (§7.1); an
// explanation-only query may be missing (explorer rule: its numbers are then omitted).
#pragma once

#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "fit/gguf/estimate_provider.h"

namespace placement::gguf_fit {

// requirement.queries, typed until the trace is read (a search at a thousand workers asks a few
// thousand queries; updating a JSON record per ask cost more than the lookups).
struct QueryRecord {
  gguf::Query query;
  std::string source;
  std::string asked_by;
  bool explanation_only = false;
  long long uses = 1;
};

class QueryRecords final : public DeferredList {
 public:
  std::vector<QueryRecord> list;
  void write(JsonOut& out) const override;
};

// requirement.estimator_calls as of the last query.
class EstimatorCallCount final : public DeferredList {
 public:
  long long calls = 0;
  void write(JsonOut& out) const override { out.number(calls); }
};

class QueryLog {
 public:
  QueryLog(GgufEstimateProvider& provider, const Scenario& scenario, Trace& trace);

  // Throws InputError naming offload, normalised split and rpc when no source can answer.
  const gguf::Estimate& require(const gguf::Query& query, const std::string& asked_by);
  // nullptr when missing (explanation-only queries).
  const gguf::Estimate* optional(const gguf::Query& query, const std::string& asked_by);

  std::size_t distinct() const { return index_.size(); }

 private:
  const gguf::Estimate* ask(const gguf::Query& query, const std::string& asked_by, bool explanation_only);

  GgufEstimateProvider& provider_;
  const Scenario& scenario_;
  Trace& trace_;
  std::shared_ptr<QueryRecords> records_ = std::make_shared<QueryRecords>();
  std::shared_ptr<EstimatorCallCount> calls_ = std::make_shared<EstimatorCallCount>();
  std::unordered_map<std::string, std::size_t> index_;  // query key → position in records_ (looked up only)
};

// Query JSON as the trace shows it.
Json query_to_json(const gguf::Query& query);

}  // namespace placement::gguf_fit
