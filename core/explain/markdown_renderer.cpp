// Markdown of the explanation: the step headings follow the explorer's stepper (1 Cluster &
// model, 2 Base filters, 3 Resource fit, 4 Scoring, then the decision; 5 Scale-down), so a copied
// explanation reads like the screen it came from.
#include "explain/markdown_renderer.h"

#include <algorithm>
#include <functional>
#include <sstream>
#include <vector>

#include "explain/explain_format.h"

namespace placement {

namespace {

using namespace explain;
using Row = std::vector<std::string>;

// A table cell: pipes escaped, line breaks flattened, empty cells shown as "-".
std::string cell(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '|') out += "\\|";
    else if (c == '\n' || c == '\r') out += ' ';
    else out += c;
  }
  return out.empty() ? "-" : out;
}

// Inline code: backticks in the text would end it early.
std::string code(const std::string& text) {
  return text.find('`') == std::string::npos ? "`" + text + "`" : "``" + text + "``";
}

void table(std::ostringstream& o, const Row& head, const std::vector<Row>& rows) {
  o << "|";
  for (const auto& h : head) o << " " << cell(h) << " |";
  o << "\n|";
  for (std::size_t i = 0; i < head.size(); ++i) o << "---|";
  o << "\n";
  for (const Row& r : rows) {
    o << "|";
    for (const auto& c : r) o << " " << cell(c) << " |";
    o << "\n";
  }
  o << "\n";
}

void bullets(std::ostringstream& o, const char* heading, const Json& arr, const std::function<std::string(const Json&)>& line) {
  if (!arr.is_array() || arr.empty()) return;
  o << "## " << heading << "\n\n";
  for (const auto& x : arr) o << "- " << line(x) << "\n";
  o << "\n";
}

// [SECTION] filters

void render_filters(std::ostringstream& o, const Json& filters) {
  o << "## 2. Base filters\n\n";
  if (!filters.is_array() || filters.empty()) {
    o << "None ran.\n\n";
    return;
  }
  std::vector<Row> rows;
  std::vector<std::string> drops;
  for (const auto& f : filters) {
    const std::string name = f.value("filter", std::string("?"));
    const std::string status = f.value("status", std::string("?"));
    const std::string why = f.contains("why") && f["why"].is_string() ? f["why"].get<std::string>() : "";
    if (status != "applied") {
      rows.push_back({name, "", "", status == "not_applied" ? "not applied" + (why.empty() ? "" : ": " + why) : "not run"});
      continue;
    }
    rows.push_back({name, str(f.value("in", Json())), str(f.value("kept", Json())), why.empty() ? "applied" : why});
    if (f.contains("workers"))
      for (const auto& w : f["workers"])
        if (w.contains("pass") && w["pass"].is_boolean() && !w["pass"].get<bool>())
          drops.push_back("**" + w.value("worker_name", std::string("?")) + "** dropped by " + code(name) + ": " + code_text(w));
  }
  table(o, {"filter", "in", "kept", "verdict"}, rows);
  for (const auto& d : drops) o << "- " << d << "\n";
  if (!drops.empty()) o << "\n";
}

// [SECTION] resource fit

void render_strategy(std::ostringstream& o, const Json& s) {
  o << "### Strategy " << code(s.value("strategy", std::string("?"))) << "\n\n" << strategy_outcome(s) << ".\n\n";
  const Json& rej = s.value("rejections", Json::array());
  if (rej.is_array() && !rej.empty()) {
    std::vector<Row> rows;
    for (std::size_t i = 0; i < rej.size() && i < kRejectionsShown; ++i) {
      const Json& r = rej[i];
      std::string shortfalls;
      if (r.contains("shortfalls") && r["shortfalls"].is_array())
        for (const auto& sf : r["shortfalls"]) shortfalls += (shortfalls.empty() ? "" : "; ") + shortfall_text(sf);
      rows.push_back({subject_text(r.value("subject", Json())), code_text(r), shortfalls});
    }
    table(o, {"rejected", "why", "shortfalls"}, rows);
    if (rej.size() > kRejectionsShown) o << "... and " << rej.size() - kRejectionsShown << " more rejections.\n\n";
  }
  const Json& ne = s.value("not_examined", Json::array());
  if (ne.is_array() && !ne.empty()) {
    for (const auto& n : ne) o << "- not examined: " << subject_text(n.value("subject", n)) << " (" << str(n.value("rule", Json())) << ")\n";
    o << "\n";
  }
}

void render_fit(std::ostringstream& o, const Json& t) {
  const Json& d = t.value("dispatch", Json::object());
  if (!d.contains("selector")) return;
  o << "## 3. Resource fit\n\n";
  o << "Selector: **" << str(d["selector"]) << "** (" << str(d.value("reason", Json())) << ").\n\n";
  const Json& req = t.value("requirement", Json::object());
  if (req.is_object() && !req.empty()) {
    if (const std::string facts = model_facts_text(req); !facts.empty()) o << "Model facts: " << facts << "\n\n";
    if (const std::string line = requirement_text(req); !line.empty()) o << "Requirement: " << line << "\n\n";
    const std::vector<std::string> queries = estimate_query_lines(req);
    for (const auto& q : queries) o << "- " << q << "\n";
    if (!queries.empty()) o << "\n";
  }
  for (const auto& st : t.value("strategies", Json::array())) render_strategy(o, st);
}

// [SECTION] scoring and decision

void render_scoring(std::ostringstream& o, const ScheduleResult& r) {
  if (r.candidates.empty()) return;
  o << "## 4. Scoring\n\n";
  Row head = {"#", "candidate"};
  for (const auto& [k, v] : r.candidates.front().scores) head.push_back(k);
  head.push_back("total");
  std::vector<Row> rows;
  for (std::size_t i = 0; i < r.candidates.size(); ++i) {
    const Candidate& c = r.candidates[i];
    const bool chosen = r.selected && *r.selected == i;
    Row row = {std::to_string(i) + (chosen ? " (selected)" : ""), chosen ? "**" + candidate_line(c) + "**" : candidate_line(c)};
    for (const auto& [k, v] : c.scores) row.push_back(v ? fixed(*v) : std::string("-"));
    row.push_back(fixed(c.score));
    rows.push_back(std::move(row));
  }
  table(o, head, rows);
}

void render_decision(std::ostringstream& o, const ScheduleResult& r) {
  o << "## Decision\n\n";
  if (!r.selected) {
    o << "No candidate: the model cannot be placed.\n\n";
    return;
  }
  const Candidate& c = r.candidates[*r.selected];
  o << "**" << candidate_line(c) << "** (strategy " << (r.strategy.empty() ? "-" : r.strategy) << ", score " << fixed(c.score) << ")\n\n";
  o << "- claim: " << claim_text(c.claim) << "\n";
  for (const auto& sub : c.subordinate_workers)
    if (sub.claim) o << "- subordinate " << sub.worker_name << ": " << claim_text(*sub.claim) << "\n";
  o << "\n";
}

void render_common_tail(std::ostringstream& o, const Json& t) {
  bullets(o, "Summary", t.value("summary", Json::array()), summary_line);
  bullets(o, "Search bounds", t.value("caps", Json::array()), cap_line);
  bullets(o, "GPUStack quirks that decided something", t.value("quirks", Json::array()), quirk_line);
  bullets(o, "Warnings", t.value("warnings", Json::array()), [](const Json& w) { return str(w); });
  if (t.contains("error") && t["error"].is_object()) o << "**Stopped:** " << error_line(t["error"]) << "\n\n";
}

// Markdown files end with exactly one newline.
std::string finish(const std::ostringstream& o) {
  std::string text = o.str();
  while (text.size() > 1 && text[text.size() - 1] == '\n' && text[text.size() - 2] == '\n') text.pop_back();
  return text;
}

}  // namespace

std::string render_schedule_markdown(const Scenario& s, const ScheduleResult& r) {
  std::ostringstream o;
  const Json& t = r.trace.root();
  o << "# " << schedule_heading(s) << "\n\n";
  o << "## 1. Cluster & model\n\n";
  o << "- model: **" << s.model.name << "**, backend " << effective_backend(s.model) << ", placement "
    << (s.model.placement_strategy == PlacementStrategy::binpack ? "binpack" : "spread") << ", replicas " << s.model.replicas << "\n";
  o << "- " << s.workers.size() << " worker(s), " << s.model_instances.size() << " existing instance(s)\n\n";
  const Json& ev = t.value("evaluation", Json::object());
  if (ev.contains("changes") && ev["changes"].is_array() && !ev["changes"].empty()) {
    o << "Evaluation changed the model:\n\n";
    for (const auto& c : ev["changes"]) o << "- " << evaluation_change_line(c) << "\n";
    o << "\n";
  }
  if (s.candidates) {
    o << "Fixed candidate list: filters and resource fit are skipped.\n\n";
  } else {
    render_filters(o, t.value("filters", Json::array()));
    render_fit(o, t);
  }
  render_scoring(o, r);
  render_decision(o, r);
  bullets(o, "What GPUStack would say", t.value("messages", Json::array()), message_line);
  render_common_tail(o, t);
  return finish(o);
}

// [SECTION] scale-down

std::string render_scale_down_markdown(const Scenario& s, const ScaleDownResult& r) {
  std::ostringstream o;
  o << "# " << scale_down_heading(s) << "\n\n";
  o << "## 5. Scale-down ranking\n\n";
  if (r.ranking.empty()) {
    o << "Nothing to rank.\n\n";
  } else {
    o << "Ascending: the first go first.\n\n";
    Row head = {"#", "instance", "id"};
    for (const auto& [k, v] : r.ranking.front().scores) head.push_back(k);
    head.push_back("total");
    head.push_back("verdict");
    std::vector<Row> rows;
    for (std::size_t i = 0; i < r.ranking.size(); ++i) {
      const auto& e = r.ranking[i];
      const bool del = std::find(r.to_delete.begin(), r.to_delete.end(), e.instance_id) != r.to_delete.end();
      Row row = {std::to_string(i + 1), e.name, std::to_string(e.instance_id)};
      for (const auto& [k, v] : e.scores) row.push_back(fixed(v));
      row.push_back(fixed(e.score));
      row.push_back(del ? "**delete**" : "keep");
      rows.push_back(std::move(row));
    }
    table(o, head, rows);
  }
  render_common_tail(o, r.trace.root());
  return finish(o);
}

}  // namespace placement
