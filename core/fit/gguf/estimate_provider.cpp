// Recorded gguf-parser outputs first, the built-in estimator second; every answer (including
// "missing") is cached by query key so a query repeated across strategies costs one lookup.
// Estimator answers are kept for the first kPinned queries (the base and probe estimates are
// held for the whole fit); later ones go to a first-in-first-out cache bounded by its size in
// bytes (kCacheBytes), so an RPC search over tens of thousands of distinct queries does not keep
// every estimate in memory, while a 1,024-worker multi-GPU search (~900 distinct queries, ~28 KB
// each) computes each one once. The newest kMinCached answers are never evicted, so a caller may
// hold an answer while it asks a few more. With a memo (estimate_memo.h) an estimator answer is
// taken from it when it has one and recorded in it when computed; caching and counting stay as
// they are, so the result is the same with or without one.
#include "fit/gguf/estimate_provider.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <deque>
#include <memory>
#include <optional>
#include <unordered_map>
#include <vector>

#include "gguf/profile_estimate.h"

namespace placement {

namespace {

std::string number_text(double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

std::string split_text(const std::vector<double>& split) {
  std::string out = "[";
  for (std::size_t i = 0; i < split.size(); ++i) out += (i ? ", " : "") + number_text(split[i]);
  return out + "]";
}

// The split as a lookup key: each value's bits, which tell doubles apart exactly as "%.17g"
// does (NaNs only by sign, as printf writes them) without formatting a number per GPU per query.
void append_split_key(std::string& out, const std::vector<double>& split) {
  static constexpr char kHex[] = "0123456789abcdef";
  for (double v : split) {
    if (std::isnan(v)) {
      out += std::signbit(v) ? "-nan," : "nan,";
      continue;
    }
    // One append per value: a character at a time is most of the key's cost in WebAssembly.
    char digits[17];
    std::uint64_t bits = 0;
    std::memcpy(&bits, &v, sizeof bits);
    for (int i = 15; i >= 0; --i, bits >>= 4) digits[i] = kHex[bits & 0xf];
    digits[16] = ',';
    out.append(digits, sizeof digits);
  }
}

std::string rpc_text(const std::vector<std::string>& rpc) {
  std::string out = "[";
  for (std::size_t i = 0; i < rpc.size(); ++i) out += (i ? ", " : "") + rpc[i];
  return out + "]";
}

// Null and empty lists mean the same to gguf-parser (no flag is passed).
bool has_split(const gguf::Query& q) { return q.tensor_split && !q.tensor_split->empty(); }
bool has_rpc(const gguf::Query& q) { return q.rpc && !q.rpc->empty(); }

class RecordedThenEstimator : public GgufEstimateProvider {
 public:
  RecordedThenEstimator(const Scenario& scenario, const Model& model, Trace& trace, GgufEstimateMemo* memo)
      : model_(model), memo_(memo) {
    if (scenario.estimates.gguf_profile) profile_ = &*scenario.estimates.gguf_profile;
    const auto& entries = scenario.estimates.gguf_parser;
    for (std::size_t i = 0; i < entries.size(); ++i) {
      const GgufParserEntry& e = entries[i];
      const std::string pointer = "/estimates/gguf_parser/" + std::to_string(i) + "/estimate";
      gguf::Query q;
      q.offload = e.offload;
      q.tensor_split = e.tensor_split;
      q.rpc = e.rpc;
      const std::string key = gguf_query_key(q);
      if (recorded_.count(key)) {
        // GPUStack asks each query once; a second recording of it cannot be told apart.
        trace.warning("estimates.gguf_parser[" + std::to_string(i) + "] repeats the query " + describe_gguf_query(q) +
                      "; the first recording is used");
        continue;
      }
      store_.push_back(gguf::estimate_from_json(e.estimate, pointer));
      recorded_.emplace(key, &store_.back());
    }
  }

  const gguf::Estimate* get(const gguf::Query& query, const std::string& key, std::string* source) override {
    auto cached = answers_.find(key);
    if (cached != answers_.end()) {
      if (source) *source = cached->second.source;
      return cached->second.estimate;
    }
    Answer a;
    auto rec = recorded_.find(key);
    if (rec != recorded_.end()) {
      a = {rec->second, "recorded"};
    } else if (profile_) {
      ++estimator_calls_;
      a = estimator_answer(query, key);
    }
    answers_.emplace(key, a);
    if (source) *source = a.source;
    return a.estimate;
  }

  long long estimator_calls() const override { return estimator_calls_; }

 private:
  struct Answer {
    const gguf::Estimate* estimate = nullptr;
    std::string source = "missing";
  };

  static constexpr std::size_t kPinned = 64;
  static constexpr std::size_t kMinCached = 16;
  static constexpr std::size_t kCacheBytes = std::size_t{32} << 20;

  // An answer in the memo is used where it is (the memo outlives the provider and never moves
  // its entries); one computed is moved into the memo when it records it, else kept here.
  Answer estimator_answer(const gguf::Query& query, const std::string& key) {
    if (memo_)
      if (const std::optional<gguf::Estimate>* known = memo_->find(key)) return answer_of(key, *known);
    // The profile is read once, at the first query it must answer (a malformed one is bad
    // input then, as before).
    if (!estimator_) estimator_.emplace(*profile_, model_);
    std::optional<gguf::Estimate> computed = estimator_->answer(query);
    if (memo_ && memo_->record(key, std::move(computed))) return answer_of(key, *memo_->find(key));
    if (!computed) return {};
    const std::size_t bytes = estimate_bytes(*computed);
    return {keep(key, std::make_unique<gguf::Estimate>(std::move(*computed)), nullptr, bytes), "estimator"};
  }

  Answer answer_of(const std::string& key, const std::optional<gguf::Estimate>& in_memo) {
    if (!in_memo) return {};
    return {keep(key, nullptr, &*in_memo, estimate_bytes(*in_memo)), "estimator"};
  }

  // Pins or caches an answer, owned (`own`) or the memo's (`memo`); evicting counts `bytes` the
  // same either way, so the estimator runs are counted alike with or without a memo.
  const gguf::Estimate* keep(const std::string& key, std::unique_ptr<gguf::Estimate> own, const gguf::Estimate* memo,
                             std::size_t bytes) {
    const gguf::Estimate* kept = own ? own.get() : memo;
    if (pinned_ < kPinned) {
      ++pinned_;
      if (own) pinned_own_.push_back(std::move(own));
      return kept;
    }
    cache_.push_back(Slot{key, std::move(own), bytes});
    cache_bytes_ += bytes;
    while (cache_bytes_ > kCacheBytes && cache_.size() > kMinCached) {
      answers_.erase(cache_.front().key);  // asked again, it is computed again (same answer)
      cache_bytes_ -= cache_.front().bytes;
      cache_.pop_front();
    }
    return kept;
  }

  struct Slot {
    std::string key;
    std::unique_ptr<gguf::Estimate> estimate;  // null: the memo holds it
    std::size_t bytes = 0;
  };
  const Model& model_;
  GgufEstimateMemo* memo_;
  const Json* profile_ = nullptr;
  std::optional<gguf::ProfileEstimator> estimator_;
  long long estimator_calls_ = 0;
  std::deque<gguf::Estimate> store_;  // recorded answers, stable addresses
  std::vector<std::unique_ptr<gguf::Estimate>> pinned_own_;  // pinned answers the memo does not hold
  std::size_t pinned_ = 0;
  std::deque<Slot> cache_;  // oldest first
  std::size_t cache_bytes_ = 0;
  // Hashed: keys of one search share long prefixes (mode, then the first GPUs' values), which
  // made every ordered comparison long. Only looked up, never iterated.
  std::unordered_map<std::string, const gguf::Estimate*> recorded_;
  std::unordered_map<std::string, Answer> answers_;
};

}  // namespace

std::string gguf_query_key(const gguf::Query& q) {
  std::string key;
  key.reserve(q.offload.size() + 2 + (has_split(q) ? q.tensor_split->size() * 17 : 0));
  key += q.offload;
  key += '\x1f';
  if (has_split(q)) append_split_key(key, gguf::normalise_tensor_split(*q.tensor_split));
  key += '\x1f';
  if (has_rpc(q)) key += rpc_text(*q.rpc);
  return key;
}

std::string describe_gguf_query(const gguf::Query& q) {
  std::string out = "offload=" + q.offload + ", tensor_split=";
  out += has_split(q) ? split_text(gguf::normalise_tensor_split(*q.tensor_split)) : "none";
  out += ", rpc=";
  out += has_rpc(q) ? rpc_text(*q.rpc) : "none";
  return out;
}

std::unique_ptr<GgufEstimateProvider> make_gguf_estimate_provider(const Scenario& scenario, const Model& model, Trace& trace,
                                                                 GgufEstimateMemo* memo) {
  return std::make_unique<RecordedThenEstimator>(scenario, model, trace, memo);
}

}  // namespace placement
