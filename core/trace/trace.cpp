#include "trace/trace.h"

#include <algorithm>

namespace placement {

Json DeferredList::to_json() const { return json_tree(*this); }

namespace {

void write_empty_object(JsonOut& out) {
  out.begin_object();
  out.end_object();
}

void write_record_or_empty(JsonOut& out, const std::shared_ptr<const TraceRecord>& record) {
  if (record) record->write(out);
  else write_empty_object(out);
}

void write_records(JsonOut& out, const std::vector<std::shared_ptr<const TraceRecord>>& records) {
  out.begin_array();
  for (const auto& r : records) r->write(out);
  out.end_array();
}

}  // namespace

const Json& Trace::root() const {
  if (!cache_) cache_ = std::make_shared<const Json>(json_tree(*this));
  return *cache_;
}

Json Trace::take_root() const { return cache_ ? *cache_ : json_tree(*this); }

void Trace::write(JsonOut& out) const {
  out.begin_object();
  for (const std::string_view name : kSections) {
    out.key(name);
    write_section(name, out);
  }
  out.end_object();
}

bool Trace::write_section(std::string_view name, JsonOut& out) const {
  if (name == "warnings") {
    out.begin_array();
    for (const std::string& w : warnings_) out.string(w);
    out.end_array();
  } else if (name == "evaluation") {
    write_record_or_empty(out, evaluation_);
  } else if (name == "filters") {
    write_records(out, filters_);
  } else if (name == "dispatch") {
    out.begin_object();
    if (dispatch_.set) out.member("selector", dispatch_.selector), out.member("reason", dispatch_.reason);
    out.end_object();
  } else if (name == "requirement") {
    write_requirement(out);
  } else if (name == "strategies") {
    write_records(out, strategies_);
  } else if (name == "scoring") {
    write_records(out, scoring_);
  } else if (name == "pick") {
    write_record_or_empty(out, pick_);
  } else if (name == "summary") {
    write_object_array(out, summary_, [&](const SummaryLine& l) {
      out.member("count", l.count);
      out.member("of", l.of);
      out.member("key", l.key);
      out.member("unit", l.unit);
      out.key("params");
      l.params.write(out);
    });
  } else if (name == "caps") {
    out.begin_array();
    for (const Cap& c : caps_) c.write(out);
    out.end_array();
  } else if (name == "quirks") {
    write_object_array(out, quirks_, [&](const Quirk& q) {
      out.member("id", q.id);
      out.member("where", q.where);
      out.member("effect", q.effect);
    });
  } else if (name == "messages") {
    write_object_array(out, messages_, [&](const Message& m) {
      out.member("source", m.source);
      out.member("key", m.key);
      out.key("values");
      m.values.write(out);
    });
  } else if (name == "error") {
    if (!error_) {
      out.null();
    } else {
      out.begin_object();
      out.member("kind", error_->kind);
      out.member("stage", error_->stage);
      out.member("reason", error_->reason);
      out.key("values");
      error_->values.write(out);
      out.end_object();
    }
  } else {
    return false;
  }
  return true;
}

Json Trace::sections(std::initializer_list<std::string_view> names) const {
  JsonTreeOut tree;
  tree.begin_object();
  for (const std::string_view name : names)
    if (std::find(std::begin(kSections), std::end(kSections), name) != std::end(kSections)) {
      tree.key(name);
      write_section(name, tree);
    }
  tree.end_object();
  return tree.take();
}

void Trace::write_requirement(JsonOut& out) const {
  out.begin_object();
  if (requirement_members_) requirement_members_->write(out);
  if (model_facts_) out.member("model_facts", *model_facts_);
  out.end_object();
}

void Trace::set_requirement(std::shared_ptr<const TraceRecord> members) {
  changed();
  requirement_members_ = std::move(members);
}

void Trace::set_model_facts(Json facts) {
  changed();
  model_facts_ = std::move(facts);
}

void Trace::set_evaluation(std::shared_ptr<const TraceRecord> record) {
  changed();
  evaluation_ = std::move(record);
}

void Trace::add_filter(std::shared_ptr<const TraceRecord> record) {
  changed();
  filters_.push_back(std::move(record));
}

void Trace::set_dispatch(std::string selector, std::string reason) {
  changed();
  dispatch_ = Dispatch{std::move(selector), std::move(reason), true};
}

void Trace::add_strategy(std::shared_ptr<const TraceRecord> record) {
  changed();
  strategies_.push_back(std::move(record));
}

void Trace::add_scoring(std::shared_ptr<const TraceRecord> record) {
  changed();
  scoring_.push_back(std::move(record));
}

void Trace::set_pick(std::shared_ptr<const TraceRecord> record) {
  changed();
  pick_ = std::move(record);
}

void Trace::quirk(std::string_view id, std::string_view where, std::string_view effect) {
  // One marker per (id, where): the same quirk firing on many GPUs is one fact.
  for (const Quirk& q : quirks_)
    if (q.id == id && q.where == where) return;
  changed();
  quirks_.push_back(Quirk{std::string(id), std::string(where), std::string(effect)});
}

void Trace::cap(const std::string& id, long long limit, long long actual, const std::string& effect) {
  changed();
  caps_.push_back(Cap{id, limit, actual, effect});
}

void Trace::Cap::write(JsonOut& out) const {
  out.begin_object();
  out.member("id", id);
  out.member("limit", limit);
  out.member("actual", actual);
  out.member("effect", effect);
  out.end_object();
}

void Trace::message(const std::string& source, const std::string& key, DataFields values) {
  add_message(source, key, std::move(values));
}

void Trace::message(const std::string& source, const std::string& key, std::shared_ptr<const DeferredList> values) {
  add_message(source, key, std::move(values));
}

void Trace::message(const std::string& source, const std::string& key, Json values) {
  add_message(source, key, std::move(values));
}

void Trace::add_message(const std::string& source, const std::string& key, TraceValues values) {
  changed();
  messages_.push_back(Message{source, key, std::move(values)});
}

void Trace::summary(const std::string& key, long long count, long long of, const std::string& unit, DataFields params) {
  add_summary(key, count, of, unit, std::move(params));
}

void Trace::summary(const std::string& key, long long count, long long of, const std::string& unit, Json params) {
  add_summary(key, count, of, unit, std::move(params));
}

void Trace::add_summary(const std::string& key, long long count, long long of, const std::string& unit,
                        TraceValues params) {
  changed();
  // Lines match by the text of their params, so a typed line and a Json one with the same
  // members merge, as two equal Json objects did.
  std::string text = params.to_json().dump();
  for (SummaryLine& line : summary_) {
    if (line.key == key && line.params_text == text && line.unit == unit) {
      line.count += count;
      line.of = std::max(line.of, of);
      return;
    }
  }
  summary_.push_back(SummaryLine{count, of, key, unit, std::move(params), std::move(text)});
}

void Trace::warning(const std::string& text) {
  changed();
  warnings_.push_back(text);
}

void Trace::error(const std::string& kind, const std::string& stage, const std::string& reason, TraceValues values) {
  changed();
  error_ = Error{kind, stage, reason, std::move(values)};
}

void Trace::finish() {
  changed();
  std::stable_sort(summary_.begin(), summary_.end(), [](const SummaryLine& a, const SummaryLine& b) {
    if (a.count != b.count) return a.count > b.count;
    if (a.key != b.key) return a.key < b.key;
    return a.params_text < b.params_text;
  });
}

}  // namespace placement
