#include "fit/gguf/query_log.h"

#include "fit/gguf/requirement_record.h"
#include "scenario/errors.h"

namespace placement::gguf_fit {

QueryLog::QueryLog(GgufEstimateProvider& provider, const Scenario& scenario, Trace& trace, GgufRequirement& record)
    : provider_(provider), scenario_(scenario), trace_(trace), record_(record) {
  record_.estimator_calls = provider_.estimator_calls();
}

const gguf::Estimate* QueryLog::ask(const gguf::Query& query, const std::string& asked_by, bool explanation_only) {
  std::string source;
  const std::string key = gguf_query_key(query);
  const gguf::Estimate* e = provider_.get(query, key, &source);
  record_.estimator_calls = provider_.estimator_calls();
  std::vector<QueryRecord>& list = record_.queries;
  auto it = index_.find(key);
  if (it == index_.end()) {
    index_.emplace(key, list.size());
    list.push_back(QueryRecord{query, std::move(source), asked_by, explanation_only, 1});
    bool mixed = false;
    if (query.tensor_split) gguf::normalise_tensor_split(*query.tensor_split, &mixed);
    if (mixed)
      trace_.quirk("Q24", "gguf.query",
                   "a tensor split mixing values below and at/above 1 MiB was converted to MiB as a whole: the small "
                   "values became 0");
  } else {
    ++list[it->second].uses;
  }
  return e;
}

const gguf::Estimate& QueryLog::require(const gguf::Query& query, const std::string& asked_by) {
  const gguf::Estimate* e = ask(query, asked_by, false);
  if (e) return *e;
  const bool profile = scenario_.estimates.gguf_profile.has_value();
  throw InputError(profile ? "/estimates/gguf_profile" : "/estimates/gguf_parser",
                   "no estimate for the gguf-parser query " + describe_gguf_query(query) +
                       (profile ? " (the built-in estimator could not answer it from gguf_profile)"
                                : ": record it in estimates.gguf_parser or give estimates.gguf_profile"));
}

const gguf::Estimate* QueryLog::optional(const gguf::Query& query, const std::string& asked_by) {
  return ask(query, asked_by, true);
}

}  // namespace placement::gguf_fit
