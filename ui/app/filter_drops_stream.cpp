#include "app/filter_drops_stream.h"

#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "app/filter_drops.h"

namespace placement::ui {

namespace {

struct SectionEnd {};  // thrown at the end of the filters section: the rest of the trace is not read

// The trace's events, depth by depth: 1 the trace object, 2 the filters array, 3 a filter record,
// 4 its workers array, 5 a worker's verdict (worker_name, pass, code, data), 6+ inside its data.
// Verdict data a filter writes as events (its typed record) is gathered into a tree, as data
// that arrives whole is taken — but only for a verdict not known to pass: at a thousand workers
// nearly every verdict passes, and building their data was most of this reading.
class DropsOut final : public JsonOut {
 public:
  std::map<std::string, std::string> drops;

  void begin_object() override { begin(true); }
  void begin_array() override { begin(false); }
  void end_object() override { end(true); }
  void end_array() override { end(false); }
  void key(std::string_view k) override {
    if (skipped_) return;
    if (data_) return data_->key(k);
    if (depth_ == 1) in_filters_ = k == "filters";
    if (!in_filters_) return;
    if (depth_ == 3) record_key_ = k == "filter" ? RecordKey::filter : k == "workers" ? RecordKey::workers : RecordKey::other;
    if (depth_ == 5) verdict_key_ = verdict_key(k);
  }
  void value(const Json& v) override {
    if (skipped_) return;
    if (data_) return data_->value(v);
    if (!in_filters_) return;
    // A part with no deferred list in it comes whole: read it as the events it stands for.
    if (v.is_structured() && (depth_ <= 2 || (depth_ == 3 && record_key_ == RecordKey::workers) || (depth_ == 4 && in_workers_))) return replay(v);
    if (depth_ == 1) throw SectionEnd{};  // "filters" was not a list
    if (depth_ == 3 && record_key_ == RecordKey::filter) filter_ = v;
    if (depth_ != 5 || !in_workers_) return;
    switch (verdict_key_) {
      case VerdictKey::pass: verdict_.pass = v.is_boolean() ? (v.get<bool>() ? Pass::passed : Pass::failed) : Pass::other; break;
      case VerdictKey::worker_name: verdict_.name = v.is_string() ? v.get<std::string>() : std::string(); break;
      case VerdictKey::code: if (!passed()) verdict_.code = v; break;
      case VerdictKey::data: if (!passed()) verdict_.data = v; break;
      case VerdictKey::other: break;
    }
  }
  void string(std::string_view s) override {
    if (skipped_) return;
    if (data_) return data_->string(s);
    // The name of every verdict: kept without a Json string (a verdict's name is short).
    if (depth_ == 5 && in_filters_ && in_workers_ && verdict_key_ == VerdictKey::worker_name) return void(verdict_.name.assign(s));
    if (depth_ == 5 && in_filters_ && in_workers_ && verdict_key_ != VerdictKey::code && verdict_key_ != VerdictKey::data) return;
    if (depth_ == 5 && in_filters_ && in_workers_ && passed()) return;
    value(Json(s));
  }

 private:
  enum class RecordKey { other, filter, workers };
  enum class VerdictKey { other, worker_name, pass, code, data };
  // A verdict's pass: dropped only when it is false; a verdict known to pass needs no reason.
  enum class Pass { unknown, passed, failed, other };
  struct Verdict {
    std::string name;  // "" when worker_name is no string
    Pass pass = Pass::unknown;
    Json code, data;
  };

  static VerdictKey verdict_key(std::string_view k) {
    if (k == "worker_name") return VerdictKey::worker_name;
    if (k == "pass") return VerdictKey::pass;
    if (k == "code") return VerdictKey::code;
    if (k == "data") return VerdictKey::data;
    return VerdictKey::other;
  }
  bool passed() const { return verdict_.pass == Pass::passed || verdict_.pass == Pass::other; }

  void replay(const Json& v) {
    if (!v.is_structured()) return value(v);
    open();
    if (v.is_object()) {
      for (auto it = v.begin(); it != v.end(); ++it) key(it.key()), replay_member(it.value());
    } else {
      for (const Json& e : v) replay_member(e);
    }
    close();
  }
  // A member of a replayed part: verdict data stays whole (value() takes it as it is).
  void replay_member(const Json& v) { depth_ >= 5 ? value(v) : replay(v); }

  void begin(bool object) {
    if (skipped_) return void(++skipped_);
    if (!data_) {
      open();
      if (depth_ != 6 || !in_filters_ || !in_workers_ || verdict_key_ != VerdictKey::data) return;
      // The data of a verdict that passed: its events are counted, not gathered.
      if (passed()) return void(skipped_ = 1);
      data_.emplace();
    } else {
      ++depth_;
    }
    object ? data_->begin_object() : data_->begin_array();
  }
  void end(bool object) {
    if (skipped_ && --skipped_) return;
    if (!data_) return close();
    object ? data_->end_object() : data_->end_array();
    if (depth_-- == 6) {
      verdict_.data = data_->take();
      data_.reset();
    }
  }
  void open() {
    ++depth_;
    if (!in_filters_) return;
    if (depth_ == 3) filter_ = Json(), fails_.clear();
    if (depth_ == 4) in_workers_ = record_key_ == RecordKey::workers;
    if (depth_ == 5 && in_workers_) verdict_ = Verdict{};
  }
  void close() {
    if (in_filters_) {
      if (depth_ == 5 && in_workers_ && verdict_.pass == Pass::failed) fails_.push_back(std::move(verdict_));
      if (depth_ == 4) in_workers_ = false;
      if (depth_ == 3) commit_record();
      if (depth_ == 2) throw SectionEnd{};
    }
    --depth_;
  }
  // A record's drops, once its filter name is known (whatever its key order).
  void commit_record() {
    const std::string filter = filter_.is_string() ? filter_.get<std::string>() : "?";
    for (const Verdict& v : fails_) {
      Json record = Json::object();
      record["code"] = v.code.is_null() ? Json(nullptr) : v.code;
      record["data"] = v.data;
      if (!drops.count(v.name)) drops.emplace(v.name, filter + ": " + reason_text(record));  // the first filter that dropped it
    }
    fails_.clear();
  }

  int depth_ = 0;
  int skipped_ = 0;  // > 0: inside the data of a verdict that passed, this many containers deep
  bool in_filters_ = false;
  bool in_workers_ = false;
  RecordKey record_key_ = RecordKey::other;
  VerdictKey verdict_key_ = VerdictKey::other;
  Json filter_;
  Verdict verdict_;
  std::vector<Verdict> fails_;
  std::optional<JsonTreeOut> data_;  // while inside a verdict's data written as events
};

}  // namespace

std::map<std::string, std::string> filter_drops_of(const Trace& trace) {
  DropsOut out;
  try {
    trace.write(out);
  } catch (const SectionEnd&) {
  }
  return std::move(out.drops);
}

}  // namespace placement::ui
