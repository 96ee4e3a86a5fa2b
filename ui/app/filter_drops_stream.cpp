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
// that arrives whole is taken.
class DropsOut final : public JsonOut {
 public:
  std::map<std::string, std::string> drops;

  void begin_object() override { begin(true); }
  void begin_array() override { begin(false); }
  void end_object() override { end(true); }
  void end_array() override { end(false); }
  void key(std::string_view k) override {
    if (data_) return data_->key(k);
    if (depth_ == 1) in_filters_ = k == "filters";
    if (!in_filters_) return;
    if (depth_ == 3) record_key_ = k;
    if (depth_ == 5) verdict_key_ = k;
  }
  void value(const Json& v) override {
    if (data_) return data_->value(v);
    if (!in_filters_) return;
    // A part with no deferred list in it comes whole: read it as the events it stands for.
    if (v.is_structured() && (depth_ <= 2 || (depth_ == 3 && record_key_ == "workers") || (depth_ == 4 && in_workers_))) return replay(v);
    if (depth_ == 1) throw SectionEnd{};  // "filters" was not a list
    if (depth_ == 3 && record_key_ == "filter") filter_ = v;
    if (depth_ != 5 || !in_workers_) return;
    if (verdict_key_ == "pass") verdict_.pass = v;
    else if (verdict_key_ == "code") verdict_.code = v;
    else if (verdict_key_ == "data") verdict_.data = v;
    else if (verdict_key_ == "worker_name") verdict_.name = v;
  }
  void string(std::string_view s) override {
    if (data_) return data_->string(s);
    value(Json(s));
  }

 private:
  struct Verdict {
    Json name, pass, code, data;
  };

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
    if (!data_) {
      open();
      if (depth_ != 6 || !in_filters_ || !in_workers_ || verdict_key_ != "data") return;
      data_.emplace();
    } else {
      ++depth_;
    }
    object ? data_->begin_object() : data_->begin_array();
  }
  void end(bool object) {
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
    if (depth_ == 4) in_workers_ = record_key_ == "workers";
    if (depth_ == 5 && in_workers_) verdict_ = Verdict{};
  }
  void close() {
    if (in_filters_) {
      if (depth_ == 5 && in_workers_ && verdict_.pass == Json(false)) fails_.push_back(std::move(verdict_));
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
      const std::string name = v.name.is_string() ? v.name.get<std::string>() : "";
      if (!drops.count(name)) drops.emplace(name, filter + ": " + reason_text(record));  // the first filter that dropped it
    }
    fails_.clear();
  }

  int depth_ = 0;
  bool in_filters_ = false;
  bool in_workers_ = false;
  std::string record_key_, verdict_key_;
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
