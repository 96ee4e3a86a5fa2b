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

// One entry of requirement.queries.
struct QueryRecord {
  gguf::Query query;
  std::string source;
  std::string asked_by;
  bool explanation_only = false;
  long long uses = 1;
};

class GgufRequirement;

class QueryLog {
 public:
  // Records every query in `record` (requirement.queries and estimator_calls).
  QueryLog(GgufEstimateProvider& provider, const Scenario& scenario, Trace& trace, GgufRequirement& record);

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
  GgufRequirement& record_;
  std::unordered_map<std::string, std::size_t> index_;  // query key → position in record_.queries (looked up only)
};

}  // namespace placement::gguf_fit
