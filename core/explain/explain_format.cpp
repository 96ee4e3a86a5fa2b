#include "explain/explain_format.h"

#include <cstdio>
#include <cstdlib>

namespace placement::explain {

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

std::string candidate_line(const Candidate& c) {
  std::string out = c.worker_name;
  if (c.gpu_indexes && !c.gpu_indexes->empty()) {
    out += " GPUs [";
    for (std::size_t i = 0; i < c.gpu_indexes->size(); ++i) out += (i ? "," : "") + std::to_string((*c.gpu_indexes)[i]);
    out += "]";
  } else {
    out += " (CPU)";
  }
  if (!c.subordinate_workers.empty()) {
    out += " + ";
    for (std::size_t i = 0; i < c.subordinate_workers.size(); ++i) out += (i ? ", " : "") + c.subordinate_workers[i].worker_name;
  }
  if (c.overcommit && *c.overcommit) out += " [overcommit]";
  return out;
}

std::string code_text(const Json& record) {
  std::string out = str(record.value("code", Json()));
  std::string d = data_text(record.value("data", Json::object()));
  return d.empty() ? out : out + " (" + d + ")";
}

std::vector<std::pair<std::string, std::string>> requirement_fields(const Json& req) {
  std::vector<std::pair<std::string, std::string>> out;
  if (!req.is_object()) return out;
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
    out.emplace_back(it.key(), std::move(text));
  }
  return out;
}

std::string requirement_text(const Json& req) {
  std::string line;
  for (const auto& [key, text] : requirement_fields(req)) line += (line.empty() ? "" : ", ") + key + " " + text;
  return line;
}

std::string model_facts_text(const Json& req) {
  if (!req.is_object() || !req.contains("model_facts") || !req["model_facts"].is_object()) return "";
  const Json& f = req["model_facts"];
  std::string line = f.value("source", std::string("?"));
  std::string sep = ": ";
  for (const char* key : {"repo", "architecture"})
    if (f.contains(key) && f[key].is_string()) line += sep + f[key].get<std::string>(), sep = ", ";
  if (f.contains("weights_bytes") && f["weights_bytes"].is_number()) line += sep + "weights " + gib(f["weights_bytes"].get<double>());
  return line;
}

std::vector<std::string> estimate_query_lines(const Json& req) {
  std::vector<std::string> out;
  if (!req.is_object() || !req.contains("queries") || !req["queries"].is_array()) return out;
  for (const auto& q : req["queries"]) {
    std::string line = "estimate query " + str(q.value("offload", Json()));
    if (q.contains("tensor_split") && !q["tensor_split"].is_null()) line += " split " + q["tensor_split"].dump();
    if (q.contains("rpc") && !q["rpc"].is_null()) line += " rpc " + q["rpc"].dump();
    out.push_back(line + " -> " + str(q.value("source", Json())));
  }
  return out;
}

std::string strategy_outcome(const Json& s) {
  const std::string status = s.value("status", std::string("?"));
  if (status == "skipped") {
    const Json& skip = s.value("skip", Json::object());
    std::string out = "skipped (" + str(skip.value("code", Json())) + ")";
    std::string d = data_text(skip.value("data", Json::object()));
    return d.empty() ? out : out + " " + d;
  }
  if (status == "not_reached") return "not reached (an earlier strategy produced candidates)";
  long long found = s.contains("candidates_found") && s["candidates_found"].is_number() ? s["candidates_found"].get<long long>() : 0;
  std::string out = "tried, " + std::to_string(found) + (found == 1 ? " candidate" : " candidates");
  if (s.contains("examined") && s["examined"].is_object() && !s["examined"].empty()) out += " (examined " + data_text(s["examined"]) + ")";
  return out;
}

std::string evaluation_change_line(const Json& c) {
  return str(c.value("field", Json())) + " := " + str(c.value("value", Json())) + " (" + str(c.value("why", Json())) + ")";
}

std::string summary_line(const Json& l) {
  std::string out = str(l.value("count", Json())) + " of " + str(l.value("of", Json())) + " " + str(l.value("unit", Json())) + ": " +
                    str(l.value("key", Json()));
  std::string d = data_text(l.value("params", Json::object()));
  return d.empty() ? out : out + " (" + d + ")";
}

std::string cap_line(const Json& c) {
  return str(c.value("id", Json())) + ": limit " + str(c.value("limit", Json())) + ", actual " + str(c.value("actual", Json())) + " - " +
         str(c.value("effect", Json()));
}

std::string quirk_line(const Json& q) {
  return str(q.value("id", Json())) + " (" + str(q.value("where", Json())) + "): " + str(q.value("effect", Json()));
}

std::string message_line(const Json& m) {
  std::string out = str(m.value("source", Json())) + "/" + str(m.value("key", Json()));
  std::string d = data_text(m.value("values", Json::object()));
  return d.empty() ? out : out + ": " + d;
}

std::string error_line(const Json& e) {
  return str(e.value("kind", Json())) + " during " + str(e.value("stage", Json())) + ": " + str(e.value("reason", Json()));
}

std::string schedule_heading(const Scenario& s) {
  return "Scheduling one instance of \"" + s.model.name + "\" (backend " + effective_backend(s.model) + ", " +
         (s.model.placement_strategy == PlacementStrategy::binpack ? "binpack" : "spread") + ") on " + std::to_string(s.workers.size()) +
         " worker(s) with " + std::to_string(s.model_instances.size()) + " existing instance(s)";
}

std::string scale_down_heading(const Scenario& s) {
  return "Scale-down of \"" + s.model.name + "\" to " + std::to_string(s.scale_down ? s.scale_down->replicas : s.model.replicas) +
         " replica(s)";
}

}  // namespace placement::explain
