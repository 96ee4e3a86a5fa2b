#include "app/subject_findings.h"

#include <optional>
#include <string_view>
#include <utility>

#include "app/format.h"
#include "trace/json_out.h"

namespace placement::ui {

namespace {

enum class ListKind { none, rejections, not_examined };

// The strategies section's events, depth by depth: 1 the strategies array, 2 a strategy record,
// 3 one of its members' containers (the rejections and not_examined lists among them), 4 an entry
// of such a list, 5+ inside it. A rejection's subject (its first member as the core writes it) is
// built alone and tested; an entry that does not name the selection is skipped to its end.
class FindingsOut final : public JsonOut {
 public:
  explicit FindingsOut(const SubjectTest& names_it) : names_it_(names_it) {}
  std::vector<StrategyFinding> findings;

  void begin_object() override { open(true); }
  void begin_array() override { open(false); }
  void end_object() override { close(true); }
  void end_array() override { close(false); }
  void key(std::string_view k) override {
    switch (mode_) {
      case Mode::skip: return;
      case Mode::subject: return subject_->key(k);
      case Mode::entry:
        if (depth_ == 4 && kind_ == ListKind::rejections && !decided_ && k == "subject") {
          mode_ = Mode::subject;
          subject_.emplace();
          return;
        }
        return entry_->key(k);
      case Mode::outside:
        if (depth_ == 2) record_key_ = k;
        return;
    }
  }
  void value(const Json& v) override {
    switch (mode_) {
      case Mode::skip: return;
      case Mode::subject:
        subject_->value(v);
        if (depth_ == 4) decide();  // a subject that is not a container
        return;
      case Mode::entry: return entry_->value(v);
      case Mode::outside:
        // A part with no typed list in it comes whole: read it as the events it stands for.
        if (v.is_structured()) return replay(v);
        if (depth_ == 2 && record_key_ == "strategy") strategy_ = v;
        return;
    }
  }
  void string(std::string_view s) override { value(Json(s)); }

 private:
  enum class Mode { outside, entry, subject, skip };

  void replay(const Json& v) {
    if (v.is_object()) {
      begin_object();
      for (auto it = v.begin(); it != v.end(); ++it) key(it.key()), replay(it.value());
      end_object();
    } else if (v.is_array()) {
      begin_array();
      for (const Json& e : v) replay(e);
      end_array();
    } else {
      value(v);
    }
  }

  void open(bool object) {
    ++depth_;
    switch (mode_) {
      case Mode::skip: return;
      case Mode::subject: object ? subject_->begin_object() : subject_->begin_array(); return;
      case Mode::entry: object ? entry_->begin_object() : entry_->begin_array(); return;
      case Mode::outside: break;
    }
    if (depth_ == 2) strategy_ = Json(), rejections_.clear(), not_examined_.clear();
    if (depth_ == 3)
      kind_ = record_key_ == "rejections" ? ListKind::rejections : record_key_ == "not_examined" ? ListKind::not_examined : ListKind::none;
    if (depth_ == 4 && kind_ != ListKind::none) {
      mode_ = Mode::entry;
      decided_ = false;
      entry_.emplace();
      object ? entry_->begin_object() : entry_->begin_array();
    }
  }
  void close(bool object) {
    switch (mode_) {
      case Mode::skip:
        if (--depth_ == 3) mode_ = Mode::outside;
        return;
      case Mode::subject:
        object ? subject_->end_object() : subject_->end_array();
        if (--depth_ == 4) decide();
        return;
      case Mode::entry:
        object ? entry_->end_object() : entry_->end_array();
        if (--depth_ == 3) finish_entry();
        return;
      case Mode::outside: break;
    }
    if (depth_ == 2) commit_record();
    --depth_;
  }
  // The subject is complete: keep building the entry when it names the selection, else skip it.
  void decide() {
    Json subject = subject_->take();
    subject_.reset();
    decided_ = true;
    if (!names_it_(subject)) {
      mode_ = Mode::skip;
      entry_.reset();
      return;
    }
    mode_ = Mode::entry;
    entry_->key("subject");
    entry_->value(subject);
  }
  void finish_entry() {
    Json entry = entry_->take();
    entry_.reset();
    mode_ = Mode::outside;
    if (kind_ == ListKind::rejections) {
      // decided_: its subject named the selection (else it was skipped); an entry without one
      // is tested as the document walk tests it.
      if (decided_ || names_it_(entry.is_object() ? entry.value("subject", Json(nullptr)) : Json(nullptr))) rejections_.push_back(std::move(entry));
    } else if (names_it_(entry.is_object() ? entry.value("subject", entry) : entry)) {
      not_examined_.push_back(std::move(entry));
    }
  }
  void commit_record() {
    const std::string id = strategy_.is_string() ? strategy_.get<std::string>() : "?";
    for (Json& r : rejections_) findings.push_back({id, true, std::move(r)});
    for (Json& n : not_examined_) findings.push_back({id, false, std::move(n)});
    rejections_.clear();
    not_examined_.clear();
  }

  const SubjectTest& names_it_;
  Mode mode_ = Mode::outside;
  int depth_ = 0;
  ListKind kind_ = ListKind::none;
  bool decided_ = false;
  std::string record_key_;
  Json strategy_;
  std::optional<JsonTreeOut> subject_, entry_;
  std::vector<Json> rejections_, not_examined_;
};

}  // namespace

std::vector<StrategyFinding> strategy_findings(const Json& trace, const SubjectTest& names_it) {
  std::vector<StrategyFinding> out;
  for (const auto& s : member(trace, "strategies", json_array())) {
    const std::string id = s.is_object() ? s.value("strategy", std::string("?")) : "?";
    const Json& rej = member(s, "rejections", json_null());
    if (rej.is_array())
      for (const auto& r : rej)
        if (names_it(r.is_object() ? r.value("subject", Json(nullptr)) : Json(nullptr))) out.push_back({id, true, r});
    const Json& skipped = member(s, "not_examined", json_null());
    if (skipped.is_array())
      for (const auto& ne : skipped)
        if (names_it(ne.is_object() ? ne.value("subject", ne) : ne)) out.push_back({id, false, ne});
  }
  return out;
}

std::vector<StrategyFinding> strategy_findings_of(const Trace& trace, const SubjectTest& names_it) {
  FindingsOut out(names_it);
  trace.write_section("strategies", out);
  return std::move(out.findings);
}

}  // namespace placement::ui
