#include "fit/gguf/query_log.h"

#include "scenario/errors.h"

namespace placement::gguf_fit {

Json query_to_json(const gguf::Query& q) {
  Json j = Json::object();
  j["offload"] = q.offload;
  if (q.tensor_split && !q.tensor_split->empty()) {
    Json given = Json::array();
    for (double v : *q.tensor_split) given.push_back(static_cast<long long>(v));
    j["tensor_split"] = given;
    Json norm = Json::array();
    for (double v : gguf::normalise_tensor_split(*q.tensor_split)) norm.push_back(static_cast<long long>(v));
    j["normalised_split"] = norm;
  } else {
    j["tensor_split"] = nullptr;
    j["normalised_split"] = nullptr;
  }
  j["rpc"] = q.rpc && !q.rpc->empty() ? Json(*q.rpc) : Json(nullptr);
  return j;
}

void QueryRecords::write(JsonOut& out) const {
  out.begin_array();
  for (const QueryRecord& r : list) {
    Json rec = query_to_json(r.query);
    rec["source"] = r.source;
    rec["asked_by"] = r.asked_by;
    rec["explanation_only"] = r.explanation_only;
    rec["uses"] = r.uses;
    out.value(rec);
  }
  out.end_array();
}

QueryLog::QueryLog(GgufEstimateProvider& provider, const Scenario& scenario, Trace& trace)
    : provider_(provider), scenario_(scenario), trace_(trace) {
  // The slots of requirement.queries and estimator_calls (built-in estimator runs), filled when the
  // trace is read; a slot already there keeps its place.
  Json& req = trace_.requirement();
  req["queries"] = nullptr;
  req["estimator_calls"] = nullptr;
  calls_->calls = provider_.estimator_calls();
  trace_.defer("/requirement/queries", records_);
  trace_.defer("/requirement/estimator_calls", calls_);
}

const gguf::Estimate* QueryLog::ask(const gguf::Query& query, const std::string& asked_by, bool explanation_only) {
  std::string source;
  const std::string key = gguf_query_key(query);
  const gguf::Estimate* e = provider_.get(query, key, &source);
  calls_->calls = provider_.estimator_calls();
  std::vector<QueryRecord>& list = records_->list;
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
