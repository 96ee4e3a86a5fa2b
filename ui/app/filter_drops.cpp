#include "app/filter_drops.h"

#include "app/format.h"

namespace placement::ui {

namespace {

// Calls visit(filter record, worker entry) for every worker a base filter dropped, in chain order;
// stops when visit returns false.
template <class Visit>
void each_filter_drop(const Json& trace, Visit visit) {
  for (const auto& f : member(trace, "filters", json_array())) {
    const Json& ws = member(f, "workers", json_null());
    if (!ws.is_array()) continue;
    for (const auto& w : ws)
      if (w.value("pass", true) == false && !visit(f, w)) return;
  }
}

std::string drop_text(const Json& filter, const Json& worker) {
  return filter.value("filter", std::string("?")) + ": " + reason_text(worker);
}

}  // namespace

std::string reason_text(const Json& r) {
  std::string out = value_text("", r.value("code", Json(nullptr)));
  const std::string data = fields_text(r.value("data", Json(nullptr)));
  return data.empty() ? out : out + " (" + data + ")";
}

std::string filter_drop(const Json& trace, const std::string& worker) {
  std::string out;
  each_filter_drop(trace, [&](const Json& f, const Json& w) {
    if (w.value("worker_name", std::string()) != worker) return true;
    out = drop_text(f, w);
    return false;
  });
  return out;
}

std::map<std::string, std::string> filter_drops(const Json& trace) {
  std::map<std::string, std::string> out;
  each_filter_drop(trace, [&](const Json& f, const Json& w) {
    const std::string name = w.value("worker_name", std::string());
    if (!out.count(name)) out.emplace(name, drop_text(f, w));  // the first filter that dropped it
    return true;
  });
  return out;
}

}  // namespace placement::ui
