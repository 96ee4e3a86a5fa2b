// Where the GGUF fit gets gguf-parser estimates: recorded entries of estimates.gguf_parser,
// looked up by (offload, normalised tensor split, rpc), else the built-in estimator over
// estimates.gguf_profile (gguf/profile_estimate.h). Answers are cached per query.
#pragma once

#include <memory>
#include <string>

#include "fit/gguf/estimate_memo.h"
#include "gguf/estimate_items.h"
#include "scenario/types.h"
#include "trace/trace.h"

namespace placement {

class GgufEstimateProvider {
 public:
  virtual ~GgufEstimateProvider() = default;
  // nullptr when neither source can answer; `source` is set to recorded | estimator | missing.
  // Recorded estimates and the first estimator answers (base, probe, ...) live as long as the
  // provider; later estimator answers may be recomputed after many other queries, so callers
  // must not keep such a pointer across further get() calls (ask again: answers are exact).
  // `key` is gguf_query_key(query): the caller holds it already (the query log indexes by it).
  virtual const gguf::Estimate* get(const gguf::Query& query, const std::string& key, std::string* source) = 0;
  // How many times the built-in estimator ran so far (a recomputed answer counts again).
  virtual long long estimator_calls() const { return 0; }
};

// `memo`, when given, answers estimator queries it holds and records the ones computed.
std::unique_ptr<GgufEstimateProvider> make_gguf_estimate_provider(const Scenario& scenario, const Model& model, Trace& trace,
                                                                 GgufEstimateMemo* memo = nullptr);

// The lookup key of a query: offload, the split after GPUStack's MiB conversion (Q24; an empty
// split counts as none), and the RPC servers. Two queries with equal keys get the same estimate.
std::string gguf_query_key(const gguf::Query& query);

// "offload=partial, tensor_split=[16376, 16376], rpc=[host4090:50053]" with the normalised split,
// as error messages and the trace name a query.
std::string describe_gguf_query(const gguf::Query& query);

}  // namespace placement
