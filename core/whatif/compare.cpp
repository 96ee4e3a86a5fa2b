#include "whatif/compare.h"

#include <map>
#include <tuple>

#include "whatif/failure.h"
#include "whatif/outcome.h"

namespace placement::whatif {

namespace {
// A candidate's identity across the two decisions: its workers. Same workers with other GPUs "moved".
using Identity = std::pair<std::int64_t, std::vector<std::int64_t>>;

Identity identity(const Candidate& c) {
  std::vector<std::int64_t> subs;
  for (const SubordinateWorker& s : c.subordinate_workers) subs.push_back(s.worker_id.value_or(-1));
  return {c.worker_id, subs};
}

Json side_json(const ScheduleResult& r) {
  const Candidate* w = r.selected ? &r.candidates[*r.selected] : nullptr;
  return Json{{"winner", w ? placement_json(*w) : Json(nullptr)},
              {"strategy", r.strategy.empty() ? Json(nullptr) : Json(r.strategy)},
              {"candidates", r.candidates.size()},
              {"why_not", w ? Json(nullptr) : failure_json(r)["text"]}};
}

Json seat_json(const ScheduleResult& r, std::size_t i) {
  const Candidate& c = r.candidates[i];
  return Json{{"rank", i}, {"gpu_indexes", c.gpu_indexes ? Json(*c.gpu_indexes) : Json(nullptr)}, {"score", c.score}};
}

Json score_deltas(const Candidate& a, const Candidate& b) {
  Json d = Json::object();
  for (const auto& [name, bv] : b.scores)
    for (const auto& [an, av] : a.scores)
      if (an == name && av && bv) d[name] = *bv - *av;
  d["total"] = b.score - a.score;
  return d;
}

// Pairs A's candidates with B's: first the same workers and GPUs, then the same workers with
// other GPUs ("moved"); the rest disappeared (A) or appeared (B). Rows in A's order, then B's.
std::vector<std::optional<std::size_t>> pair_up(const ScheduleResult& a, const ScheduleResult& b) {
  std::vector<std::optional<std::size_t>> match(a.candidates.size());
  std::vector<bool> used(b.candidates.size(), false);
  auto pass = [&](bool exact) {
    for (std::size_t i = 0; i < a.candidates.size(); ++i) {
      if (match[i]) continue;
      for (std::size_t j = 0; j < b.candidates.size(); ++j) {
        if (used[j] || identity(a.candidates[i]) != identity(b.candidates[j])) continue;
        if (exact && a.candidates[i].gpu_indexes != b.candidates[j].gpu_indexes) continue;
        match[i] = j;
        used[j] = true;
        break;
      }
    }
  };
  pass(true);
  pass(false);
  return match;
}

Json candidate_rows(const ScheduleResult& a, const ScheduleResult& b) {
  const auto match = pair_up(a, b);
  std::vector<bool> matched_b(b.candidates.size(), false);
  Json rows = Json::array();
  auto row = [](const Candidate& c, const char* status) {
    return Json{{"status", status}, {"worker_id", c.worker_id}, {"worker_name", c.worker_name}, {"subordinate_worker_ids", identity(c).second}};
  };
  for (std::size_t i = 0; i < a.candidates.size(); ++i) {
    const Candidate& ca = a.candidates[i];
    if (!match[i]) {
      Json r = row(ca, "disappeared");
      r["a"] = seat_json(a, i);
      r["b"] = nullptr;
      rows.push_back(std::move(r));
      continue;
    }
    const std::size_t j = *match[i];
    matched_b[j] = true;
    const Candidate& cb = b.candidates[j];
    Json r = row(ca, ca.gpu_indexes == cb.gpu_indexes ? "same" : "moved");
    r["a"] = seat_json(a, i);
    r["b"] = seat_json(b, j);
    r["score_deltas"] = score_deltas(ca, cb);
    rows.push_back(std::move(r));
  }
  for (std::size_t j = 0; j < b.candidates.size(); ++j) {
    if (matched_b[j]) continue;
    Json r = row(b.candidates[j], "appeared");
    r["a"] = nullptr;
    r["b"] = seat_json(b, j);
    rows.push_back(std::move(r));
  }
  return rows;
}

using GpuKey = std::tuple<std::int64_t, std::string, int>;

std::map<GpuKey, Bytes> winner_claims(const ScheduleResult& r) {
  std::map<GpuKey, Bytes> out;
  if (!r.selected) return out;
  for (const Json& g : claim_per_gpu_json(r.candidates[*r.selected]))
    out[{g["worker_id"].is_null() ? -1 : g["worker_id"].get<std::int64_t>(), g["worker_name"].get<std::string>(), g["gpu_index"].get<int>()}] +=
        g["vram"].get<Bytes>();
  return out;
}

Json claim_rows(const ScheduleResult& a, const ScheduleResult& b) {
  const auto ca = winner_claims(a), cb = winner_claims(b);
  std::map<GpuKey, std::pair<Bytes, Bytes>> both;
  for (const auto& [k, v] : ca) both[k].first = v;
  for (const auto& [k, v] : cb) both[k].second = v;
  Json rows = Json::array();
  for (const auto& [k, v] : both) {
    if (v.first == v.second) continue;
    rows.push_back(Json{{"worker_id", std::get<0>(k)}, {"worker_name", std::get<1>(k)}, {"gpu_index", std::get<2>(k)},
                        {"a", v.first}, {"b", v.second}, {"delta", v.second - v.first}});
  }
  return rows;
}
}  // namespace

Json compare(const ScheduleResult& a, const ScheduleResult& b) {
  Json sa = side_json(a), sb = side_json(b);
  const bool changed = sa["winner"] != sb["winner"];
  return Json{{"a", sa}, {"b", sb}, {"winner_changed", changed}, {"candidates", candidate_rows(a, b)}, {"claims", claim_rows(a, b)}};
}

}  // namespace placement::whatif
