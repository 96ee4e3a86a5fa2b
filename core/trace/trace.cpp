#include "trace/trace.h"

#include <algorithm>
#include <map>

namespace placement {

Trace::Trace() {
  root_ = Json::object();
  root_["warnings"] = Json::array();
  root_["evaluation"] = Json::object();
  root_["filters"] = Json::array();
  root_["dispatch"] = Json::object();
  root_["requirement"] = Json::object();
  root_["strategies"] = Json::array();
  root_["scoring"] = Json::array();
  root_["pick"] = Json::object();
  root_["summary"] = Json::array();
  root_["caps"] = Json::array();
  root_["quirks"] = Json::array();
  root_["messages"] = Json::array();
  root_["error"] = nullptr;
}

void Trace::defer(const std::string& pointer, std::shared_ptr<const DeferredList> list) {
  deferred_.emplace_back(pointer, std::move(list));
}

void Trace::defer_in_newest(const char* section, const char* key, std::shared_ptr<const DeferredList> list) {
  const std::size_t newest = root_[section].size() - 1;
  defer(std::string("/") + section + "/" + std::to_string(newest) + "/" + key, std::move(list));
}

Json DeferredList::to_json() const { return json_tree(*this); }

namespace {

using Slots = std::map<std::string, const DeferredList*, std::less<>>;

void append_token(std::string& pointer, std::string_view token) {
  pointer += '/';
  for (const char c : token) {
    if (c == '~') pointer += "~0";
    else if (c == '/') pointer += "~1";
    else pointer += c;
  }
}

// Whether a deferred slot lies at or below `pointer`.
bool holds_slot(const Slots& slots, const std::string& pointer) {
  const auto it = slots.lower_bound(pointer);
  if (it == slots.end()) return false;
  const std::string& p = it->first;
  return p.compare(0, pointer.size(), pointer) == 0 && (p.size() == pointer.size() || p[pointer.size()] == '/');
}

void write_node(const Json& node, std::string& pointer, const Slots& slots, JsonOut& out) {
  if (!holds_slot(slots, pointer)) return out.value(node);
  if (const auto it = slots.find(pointer); it != slots.end()) return it->second->write(out);
  const std::size_t length = pointer.size();
  if (node.is_object()) {
    out.begin_object();
    for (auto it = node.begin(); it != node.end(); ++it) {
      append_token(pointer, it.key());
      out.key(it.key());
      write_node(it.value(), pointer, slots, out);
      pointer.resize(length);
    }
    out.end_object();
  } else {
    out.begin_array();
    for (std::size_t i = 0; i < node.size(); ++i) {
      append_token(pointer, std::to_string(i));
      write_node(node[i], pointer, slots, out);
      pointer.resize(length);
    }
    out.end_array();
  }
}

}  // namespace

void Trace::write(JsonOut& out) const {
  Slots slots;
  for (const auto& [pointer, list] : deferred_) slots.emplace(pointer, list.get());
  std::string pointer;
  write_node(root_, pointer, slots, out);
}

void Trace::materialize() const {
  if (deferred_.empty()) return;
  // Slots are distinct, so the order of filling does not matter; each list is read once.
  for (auto& [pointer, list] : deferred_) root_[Json::json_pointer(pointer)] = list->to_json();
  deferred_.clear();
}

void Trace::add_strategy(std::shared_ptr<const DeferredList> record) {
  root_["strategies"].push_back(nullptr);  // its slot, written by the record when the trace is read
  defer("/strategies/" + std::to_string(root_["strategies"].size() - 1), std::move(record));
}

void Trace::quirk(std::string_view id, std::string_view where, std::string_view effect) {
  // One marker per (id, where): the same quirk firing on many GPUs is one fact.
  Json& quirks = root_["quirks"];
  for (const auto& q : quirks)
    if (q["id"].get_ref<const std::string&>() == id && q["where"].get_ref<const std::string&>() == where) return;
  quirks.push_back(Json{{"id", std::string(id)}, {"where", std::string(where)}, {"effect", std::string(effect)}});
}

void Trace::cap(const std::string& id, long long limit, long long actual, const std::string& effect) {
  root_["caps"].push_back(Json{{"id", id}, {"limit", limit}, {"actual", actual}, {"effect", effect}});
}

void Trace::message(const std::string& source, const std::string& key, Json values) {
  root_["messages"].push_back(Json{{"source", source}, {"key", key}, {"values", std::move(values)}});
}

void Trace::summary(const std::string& key, long long count, long long of, const std::string& unit, Json params) {
  for (auto& line : root_["summary"]) {
    if (line["key"] == key && line["params"] == params && line["unit"] == unit) {
      line["count"] = line["count"].get<long long>() + count;
      if (of > line["of"].get<long long>()) line["of"] = of;
      return;
    }
  }
  root_["summary"].push_back(Json{{"count", count}, {"of", of}, {"key", key}, {"unit", unit}, {"params", std::move(params)}});
}

void Trace::warning(const std::string& text) { root_["warnings"].push_back(text); }

void Trace::error(const std::string& kind, const std::string& stage, const std::string& reason, Json values) {
  root_["error"] = Json{{"kind", kind}, {"stage", stage}, {"reason", reason}, {"values", std::move(values)}};
}

void Trace::finish() {
  auto& lines = root_["summary"];
  std::vector<Json> v(lines.begin(), lines.end());
  std::stable_sort(v.begin(), v.end(), [](const Json& a, const Json& b) {
    auto ca = a["count"].get<long long>(), cb = b["count"].get<long long>();
    if (ca != cb) return ca > cb;
    auto ka = a["key"].get<std::string>(), kb = b["key"].get<std::string>();
    if (ka != kb) return ka < kb;
    return a["params"].dump() < b["params"].dump();
  });
  lines = Json(v);
}

}  // namespace placement
