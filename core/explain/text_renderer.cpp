// The readable explanation: walks the trace section by section and says, in plain words, what
// each stage did. Everything comes from the trace and the result; nothing is recomputed here.
//
// [SECTION] formatting helpers
// [SECTION] filters
// [SECTION] resource fit
// [SECTION] scoring and decision
// [SECTION] scale-down
#include "explain/text_renderer.h"

#include "explain/text_format.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <sstream>

namespace placement {

namespace {

// [SECTION] formatting helpers


std::string fixed(double v, int digits = 4) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  return buf;
}

std::string str(const Json& j) {
  if (j.is_string()) return j.get<std::string>();
  if (j.is_null()) return "-";
  return j.dump();
}

// Byte-valued fields are rendered as GiB; others as they are.
bool is_byte_field(const std::string& key) {
  for (const char* k : {"vram", "ram", "need", "have", "short", "alloc", "total", "claim", "layer_vram", "rpc_layer_vram",
                        "full_vram", "full_ram", "estimate", "vram_sum", "ram_need", "largest_alloc", "sum"})
    if (key == k) return true;
  return key.size() > 5 && (key.rfind("_vram") == key.size() - 5 || key.rfind("bytes") == key.size() - 5);
}

std::string value_text(const std::string& key, const Json& v) {
  if (v.is_number_integer() && is_byte_field(key) && std::llabs(v.get<long long>()) >= 1024 * 1024) return gib(v.get<double>());
  if (v.is_number_float()) return fixed(v.get<double>(), 4);
  return str(v);
}

std::string data_text(const Json& data) {
  if (!data.is_object() || data.empty()) return "";
  std::string out;
  for (auto it = data.begin(); it != data.end(); ++it) {
    if (it.value().is_object() || (it.value().is_array() && it.value().size() > 8)) continue;
    out += (out.empty() ? "" : ", ") + it.key() + " " + value_text(it.key(), it.value());
  }
  return out;
}

std::string subject_text(const Json& s) {
  if (!s.is_object()) return str(s);
  std::string out = s.value("worker_name", std::string("?"));
  if (s.contains("gpu_indexes") && s["gpu_indexes"].is_array() && !s["gpu_indexes"].empty()) out += " GPUs " + s["gpu_indexes"].dump();
  if (s.contains("rpc") && s["rpc"].is_array() && !s["rpc"].empty()) out += " + RPC " + s["rpc"].dump();
  return out;
}

std::string shortfall_text(const Json& sf) {
  std::string dim = sf.value("dim", std::string("?"));
  std::string out = dim;
  if (sf.contains("gpu_index") && !sf["gpu_index"].is_null()) out += "[" + str(sf["gpu_index"]) + "]";
  const bool bytes = dim != "layers" && dim != "vram_ratio";
  auto show = [&](const char* k) -> std::string {
    if (!sf.contains(k) || sf[k].is_null()) return "-";
    return bytes && sf[k].is_number() ? gib(sf[k].get<double>()) : value_text(k, sf[k]);
  };
  out += ": needs " + show("need") + ", has " + show("have") + ", short " + show("short");
  if (sf.contains("freeable") && sf["freeable"].is_boolean())
    out += sf["freeable"].get<bool>() ? " (would fit if existing claims were freed)" : " (too small even when empty)";
  return out;
}

std::string claim_text(const ResourceClaim& c) {
  std::string out;
  for (const auto& [i, v] : c.vram) out += (out.empty() ? "VRAM " : ", ") + std::string("GPU ") + std::to_string(i) + " " + gib(double(v));
  if (out.empty()) out = "no VRAM";
  out += c.ram ? "; RAM " + gib(double(*c.ram)) : "; no RAM claim";
  if (c.offload_layers && c.total_layers)
    out += "; layers " + std::to_string(*c.offload_layers) + "/" + std::to_string(*c.total_layers) + " on GPU";
  if (c.vram_utilization) out += "; utilisation " + fixed(*c.vram_utilization, 3);
  return out;
}


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
            o << "      x " << w.value("worker_name", std::string("?")) << ": " << str(w.value("code", Json()));
            std::string d = data_text(w.value("data", Json::object()));
            if (!d.empty()) o << " (" << d << ")";
            o << "\n";
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
  o << "  Requirement: ";
  std::string line;
  for (auto it = req.begin(); it != req.end(); ++it) {
    const Json& v = it.value();
    std::string text;
    if (v.is_object()) {
      // The selectors' common shapes: {bytes, source...}, {value, source...}, {uma, nonuma}.
      if (v.contains("bytes") && v["bytes"].is_number()) text = gib(v["bytes"].get<double>());
      else if (v.contains("value") && !v["value"].is_object() && !v["value"].is_array()) text = value_text(it.key(), v["value"]);
      else if (v.contains("nonuma") && v["nonuma"].is_number())
        text = gib(v["nonuma"].get<double>()) + (v.contains("uma") && v["uma"].is_number() ? " (UMA " + gib(v["uma"].get<double>()) + ")" : "");
      else continue;
      if (v.contains("source") && v["source"].is_string()) text += " [" + v["source"].get<std::string>() + "]";
    } else if (v.is_array() || v.is_null()) {
      continue;
    } else {
      text = value_text(it.key(), v);
    }
    line += (line.empty() ? "" : ", ") + it.key() + " " + text;
  }
  o << line << "\n";
  if (req.contains("queries") && req["queries"].is_array())
    for (const auto& q : req["queries"]) {
      o << "    estimate query " << str(q.value("offload", Json()));
      if (q.contains("tensor_split") && !q["tensor_split"].is_null()) o << " split " << q["tensor_split"].dump();
      if (q.contains("rpc") && !q["rpc"].is_null()) o << " rpc " << q["rpc"].dump();
      o << " -> " << str(q.value("source", Json())) << "\n";
    }
}

void render_strategy(std::ostringstream& o, const Json& s) {
  std::string id = s.value("strategy", std::string("?"));
  std::string status = s.value("status", std::string("?"));
  o << "  - " << id << ": ";
  if (status == "skipped") {
    const Json& skip = s.value("skip", Json::object());
    o << "skipped (" << str(skip.value("code", Json())) << ")";
    std::string d = data_text(skip.value("data", Json::object()));
    if (!d.empty()) o << " " << d;
    o << "\n";
    return;
  }
  if (status == "not_reached") {
    o << "not reached (an earlier strategy produced candidates)\n";
    return;
  }
  long long found = s.contains("candidates_found") && s["candidates_found"].is_number() ? s["candidates_found"].get<long long>() : 0;
  o << "tried, " << found << (found == 1 ? " candidate" : " candidates");
  if (s.contains("examined") && s["examined"].is_object() && !s["examined"].empty()) o << " (examined " << data_text(s["examined"]) << ")";
  o << "\n";
  if (s.contains("rejections") && s["rejections"].is_array()) {
    const auto& rej = s["rejections"];
    std::size_t shown = 0;
    for (const auto& r : rej) {
      if (++shown > 12) {
        o << "      ... and " << rej.size() - 12 << " more rejections\n";
        break;
      }
      o << "      x " << subject_text(r.value("subject", Json())) << ": " << str(r.value("code", Json()));
      std::string d = data_text(r.value("data", Json::object()));
      if (!d.empty()) o << " (" << d << ")";
      o << "\n";
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
  render_lines(o, "Summary", t.value("summary", Json::array()), [](const Json& l) {
    std::string out = str(l.value("count", Json())) + " of " + str(l.value("of", Json())) + " " + str(l.value("unit", Json())) + ": " +
                      str(l.value("key", Json()));
    std::string d = data_text(l.value("params", Json::object()));
    return d.empty() ? out : out + " (" + d + ")";
  });
  render_lines(o, "Search bounds", t.value("caps", Json::array()), [](const Json& c) {
    return str(c.value("id", Json())) + ": limit " + str(c.value("limit", Json())) + ", actual " + str(c.value("actual", Json())) + " - " +
           str(c.value("effect", Json()));
  });
  render_lines(o, "GPUStack quirks that decided something", t.value("quirks", Json::array()), [](const Json& q) {
    return str(q.value("id", Json())) + " (" + str(q.value("where", Json())) + "): " + str(q.value("effect", Json()));
  });
  render_lines(o, "Warnings", t.value("warnings", Json::array()), [](const Json& w) { return str(w); });
  if (t.contains("error") && t["error"].is_object()) {
    const Json& e = t["error"];
    o << "Stopped: " << str(e.value("kind", Json())) << " during " << str(e.value("stage", Json())) << ": " << str(e.value("reason", Json()))
      << "\n";
  }
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
  o << "Scheduling one instance of \"" << s.model.name << "\" (backend " << effective_backend(s.model) << ", "
    << (s.model.placement_strategy == PlacementStrategy::binpack ? "binpack" : "spread") << ") on " << s.workers.size()
    << " worker(s) with " << s.model_instances.size() << " existing instance(s)\n\n";

  const Json& ev = t.value("evaluation", Json::object());
  if (ev.contains("changes") && ev["changes"].is_array() && !ev["changes"].empty()) {
    o << "Evaluation\n";
    for (const auto& c : ev["changes"]) o << "  " << str(c.value("field", Json())) << " := " << str(c.value("value", Json())) << " (" << str(c.value("why", Json())) << ")\n";
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
  render_lines(o, "What GPUStack would say", t.value("messages", Json::array()), [](const Json& m) {
    std::string out = str(m.value("source", Json())) + "/" + str(m.value("key", Json()));
    std::string d = data_text(m.value("values", Json::object()));
    return d.empty() ? out : out + ": " + d;
  });
  render_common_tail(o, t);
  return o.str();
}

// [SECTION] scale-down

std::string render_scale_down_text(const Scenario& s, const ScaleDownResult& r) {
  std::ostringstream o;
  o << "Scale-down of \"" << s.model.name << "\" to " << (s.scale_down ? s.scale_down->replicas : s.model.replicas) << " replica(s)\n";
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
