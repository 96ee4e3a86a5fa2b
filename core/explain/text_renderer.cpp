// The readable explanation: walks the trace section by section and says, in plain words, what
// each stage did. Everything comes from the trace and the result; nothing is recomputed here.
//
// [SECTION] filters
// [SECTION] resource fit
// [SECTION] scoring and decision
// [SECTION] scale-down
#include "explain/text_renderer.h"

#include <algorithm>
#include <cstdio>
#include <functional>
#include <sstream>

#include "explain/explain_format.h"

namespace placement {

namespace {

using namespace explain;

// [SECTION] filters

void render_all_dropped(std::ostringstream& o, const Json& note) {
  if (!note.is_object()) return;
  o << "      ! " << str(note.value("why", Json())) << "\n";
  const std::string values = all_dropped_values_text(note);
  if (!values.empty()) o << "        " << str(note.value("field", Json())) << " values that would keep workers: " << values << "\n";
}

void render_filters(std::ostringstream& o, const Json& filters) {
  o << "Base filters\n";
  if (!filters.is_array() || filters.empty()) {
    o << "  (none ran)\n";
    return;
  }
  for (const auto& f : filters) {
    std::string name = f.value("filter", std::string("?"));
    std::string status = f.value("status", std::string("?"));
    char head[160];
    if (status == "applied") {
      std::snprintf(head, sizeof head, "  %-18s %3s -> %-3s", name.c_str(), str(f.value("in", Json())).c_str(), str(f.value("kept", Json())).c_str());
      o << head;
      if (f.contains("why") && f["why"].is_string()) o << "  " << f["why"].get<std::string>();
      o << "\n";
      if (f.contains("workers"))
        for (const auto& w : f["workers"])
          if (w.contains("pass") && w["pass"].is_boolean() && !w["pass"].get<bool>()) {
            o << "      x " << w.value("worker_name", std::string("?")) << ": " << code_text(w) << "\n";
          }
      render_all_dropped(o, f.value("all_dropped", Json()));
    } else {
      std::snprintf(head, sizeof head, "  %-18s %s", name.c_str(), status == "not_applied" ? "not applied" : "not run");
      o << head;
      if (f.contains("why") && f["why"].is_string()) o << ": " << f["why"].get<std::string>();
      o << "\n";
    }
  }
}

// [SECTION] resource fit

void render_requirement(std::ostringstream& o, const Json& req) {
  if (!req.is_object() || req.empty()) return;
  if (const std::string facts = model_facts_text(req); !facts.empty()) o << "  Model facts: " << facts << "\n";
  if (const std::string line = requirement_text(req); !line.empty()) o << "  Requirement: " << line << "\n";
  for (const std::string& q : estimate_query_lines(req)) o << "    " << q << "\n";
}

void render_strategy(std::ostringstream& o, const Json& s) {
  o << "  - " << s.value("strategy", std::string("?")) << ": " << strategy_outcome(s) << "\n";
  const std::string status = s.value("status", std::string("?"));
  if (status == "skipped" || status == "not_reached") return;
  if (s.contains("rejections") && s["rejections"].is_array()) {
    const auto& rej = s["rejections"];
    std::size_t shown = 0;
    for (const auto& r : rej) {
      if (++shown > kRejectionsShown) {
        o << "      ... and " << rej.size() - kRejectionsShown << " more rejections\n";
        break;
      }
      o << "      x " << subject_text(r.value("subject", Json())) << ": " << code_text(r) << "\n";
      if (r.contains("shortfalls") && r["shortfalls"].is_array())
        for (const auto& sf : r["shortfalls"]) o << "          " << shortfall_text(sf) << "\n";
    }
  }
  if (s.contains("not_examined") && s["not_examined"].is_array())
    for (const auto& n : s["not_examined"])
      o << "      . not examined: " << subject_text(n.value("subject", n)) << " (" << str(n.value("rule", Json())) << ")\n";
}

// [SECTION] scoring and decision

void render_scoring(std::ostringstream& o, const ScheduleResult& r) {
  if (r.candidates.empty()) return;
  o << "Scoring\n";
  std::vector<std::string> names;
  for (const auto& [k, v] : r.candidates.front().scores) names.push_back(k);
  o << "  #   candidate";
  for (const auto& n : names) o << " | " << n;
  o << " | total\n";
  for (std::size_t i = 0; i < r.candidates.size(); ++i) {
    const Candidate& c = r.candidates[i];
    o << "  " << i << (r.selected && *r.selected == i ? " * " : "   ") << candidate_line(c);
    for (const auto& [k, v] : c.scores) o << " | " << (v ? fixed(*v) : std::string("-"));
    o << " | " << fixed(c.score) << "\n";
  }
}

void render_lines(std::ostringstream& o, const char* title, const Json& arr, const std::function<std::string(const Json&)>& f) {
  if (!arr.is_array() || arr.empty()) return;
  o << title << "\n";
  for (const auto& x : arr) o << "  " << f(x) << "\n";
}

void render_common_tail(std::ostringstream& o, const Json& t) {
  render_lines(o, "Summary", t.value("summary", Json::array()), summary_line);
  render_lines(o, "Search bounds", t.value("caps", Json::array()), cap_line);
  render_lines(o, "GPUStack quirks that decided something", t.value("quirks", Json::array()), quirk_line);
  render_lines(o, "Warnings", t.value("warnings", Json::array()), [](const Json& w) { return str(w); });
  if (t.contains("error") && t["error"].is_object()) o << "Stopped: " << error_line(t["error"]) << "\n";
}

}  // namespace

std::string all_dropped_values_text(const Json& note) {
  std::string values;
  if (!note.is_object() || !note.contains("pass_with") || !note["pass_with"].is_array()) return values;
  for (const auto& p : note["pass_with"]) {
    const Json& v = p.value("value", Json());
    values += (values.empty() ? "" : "; ") + (v.is_null() ? std::string("none") : "\"" + str(v) + "\"") + " (" + str(p.value("why", Json())) + ")";
  }
  return values;
}

std::string render_schedule_text(const Scenario& s, const ScheduleResult& r) {
  std::ostringstream o;
  const Json& t = r.trace.root();
  o << schedule_heading(s) << "\n\n";

  const Json& ev = t.value("evaluation", Json::object());
  if (ev.contains("changes") && ev["changes"].is_array() && !ev["changes"].empty()) {
    o << "Evaluation\n";
    for (const auto& c : ev["changes"]) o << "  " << evaluation_change_line(c) << "\n";
  }
  if (s.candidates) {
    o << "Fixed candidate list: filters and resource fit are skipped\n";
  } else {
    render_filters(o, t.value("filters", Json::array()));
    const Json& d = t.value("dispatch", Json::object());
    if (d.contains("selector")) {
      o << "Resource fit: " << str(d["selector"]) << " selector (" << str(d.value("reason", Json())) << ")\n";
      render_requirement(o, t.value("requirement", Json::object()));
      for (const auto& st : t.value("strategies", Json::array())) render_strategy(o, st);
    }
  }
  render_scoring(o, r);
  o << "Decision\n";
  if (r.selected) {
    const Candidate& c = r.candidates[*r.selected];
    o << "  " << candidate_line(c) << " (strategy " << (r.strategy.empty() ? "-" : r.strategy) << ", score " << fixed(c.score) << ")\n";
    o << "  claim: " << claim_text(c.claim) << "\n";
    for (const auto& sub : c.subordinate_workers)
      if (sub.claim) o << "  subordinate " << sub.worker_name << ": " << claim_text(*sub.claim) << "\n";
  } else {
    o << "  no candidate: the model cannot be placed\n";
  }
  render_lines(o, "What GPUStack would say", t.value("messages", Json::array()), message_line);
  render_common_tail(o, t);
  return o.str();
}

// [SECTION] scale-down

std::string render_scale_down_text(const Scenario& s, const ScaleDownResult& r) {
  std::ostringstream o;
  o << scale_down_heading(s) << "\n";
  o << "Ranking (ascending: the first go first)\n";
  for (std::size_t i = 0; i < r.ranking.size(); ++i) {
    const auto& e = r.ranking[i];
    bool del = std::find(r.to_delete.begin(), r.to_delete.end(), e.instance_id) != r.to_delete.end();
    o << "  " << i + 1 << ". " << e.name << " (id " << e.instance_id << ")";
    for (const auto& [k, v] : e.scores) o << "  " << k << " " << fixed(v);
    o << "  = " << fixed(e.score) << (del ? "  -> delete" : "  -> keep") << "\n";
  }
  if (r.ranking.empty()) o << "  (nothing to rank)\n";
  render_common_tail(o, r.trace.root());
  return o.str();
}

}  // namespace placement
