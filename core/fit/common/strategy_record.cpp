#include "fit/common/strategy_record.h"

#include <utility>

namespace placement {

namespace {

constexpr const char* kFieldKeys[kStrategyFields] = {"candidates_found", "examined", "rejections",
                                                     "not_examined",     "caps",     "quirks"};

// A typed list, or [] while the strategy set none.
void write_list(JsonOut& out, const std::shared_ptr<const DeferredList>& list) {
  if (list) {
    list->write(out);
    return;
  }
  out.begin_array();
  out.end_array();
}

void write_quirk(JsonOut& out, const StrategyQuirk& quirk) {
  if (!quirk.where && !quirk.effect) {
    out.string(quirk.id);
    return;
  }
  out.begin_object();
  out.member("id", quirk.id);
  if (quirk.where) out.member("where", *quirk.where);
  if (quirk.effect) out.member("effect", *quirk.effect);
  out.end_object();
}

// One common field, written in the body slot it was placed in. It reads the record's fields when
// the trace is written, so what is set after placing still shows.
class CommonMember final : public DeferredList {
 public:
  CommonMember(std::shared_ptr<const StrategyCommon> common, StrategyField field)
      : common_(std::move(common)), field_(field) {}

  void write(JsonOut& out) const override {
    const StrategyCommon& c = *common_;
    switch (field_) {
      case StrategyField::candidates_found:
        out.number(c.candidates_found);
        return;
      case StrategyField::examined:
        out.begin_object();
        out.member("workers", c.examined.workers);
        out.member("gpus", c.examined.gpus);
        out.member("combinations", c.examined.combinations);
        out.member("queries", c.examined.queries);
        out.end_object();
        return;
      case StrategyField::rejections:
        write_list(out, c.rejection_list);
        return;
      case StrategyField::not_examined:
        write_list(out, c.not_examined_list);
        return;
      case StrategyField::caps:
        out.begin_array();
        for (const Trace::Cap& cap : c.caps) cap.write(out);
        out.end_array();
        return;
      case StrategyField::quirks:
        out.begin_array();
        for (const StrategyQuirk& quirk : c.quirks) write_quirk(out, quirk);
        out.end_array();
        return;
    }
  }

 private:
  std::shared_ptr<const StrategyCommon> common_;
  StrategyField field_;
};

// A typed extra member's value, in its slot.
class ExtraValue final : public DeferredList {
 public:
  explicit ExtraValue(DataValue value) : value_(std::move(value)) {}
  void write(JsonOut& out) const override { value_.write(out); }

 private:
  DataValue value_;
};

}  // namespace

StrategyRecord::StrategyRecord(std::string selector, std::string strategy, std::string status, SkipField skip_field)
    : selector_(std::move(selector)), strategy_(std::move(strategy)), status_(std::move(status)), skip_field_(skip_field) {}

void StrategyRecord::skip(std::string code, DataFields data) {
  status_ = "skipped";
  skip_ = StrategySkip{std::move(code), std::move(data)};
}


void StrategyRecord::place(StrategyField field) {
  const auto i = static_cast<std::size_t>(field);
  if (placed_[i]) return;
  placed_[i] = true;
  body_.list(kFieldKeys[i], std::make_shared<CommonMember>(common_, field));
}

void StrategyRecord::set_candidates_found(std::uint64_t n) {
  common_->candidates_found = n;
  place(StrategyField::candidates_found);
}

void StrategyRecord::set_examined(const StrategyExamined& examined) {
  common_->examined = examined;
  place(StrategyField::examined);
}

void StrategyRecord::set_rejections(std::shared_ptr<const DeferredList> list) {
  common_->rejection_list = std::move(list);
  place(StrategyField::rejections);
}

void StrategyRecord::set_not_examined(std::shared_ptr<const DeferredList> list) {
  common_->not_examined_list = std::move(list);
  place(StrategyField::not_examined);
}

void StrategyRecord::add_cap(Trace::Cap cap) {
  common_->caps.push_back(std::move(cap));
  place(StrategyField::caps);
}

void StrategyRecord::set_caps(std::vector<Trace::Cap> caps) {
  common_->caps = std::move(caps);
  place(StrategyField::caps);
}

void StrategyRecord::add_quirk(StrategyQuirk quirk) {
  common_->quirks.push_back(std::move(quirk));
  place(StrategyField::quirks);
}

void StrategyRecord::set_quirks(std::vector<StrategyQuirk> quirks) {
  common_->quirks = std::move(quirks);
  place(StrategyField::quirks);
}

void StrategyRecord::list(const std::string& key, std::shared_ptr<const DeferredList> list) { body_.list(key, std::move(list)); }

void StrategyRecord::extra(const std::string& key, DataValue value) {
  body_.list(key, std::make_shared<ExtraValue>(std::move(value)));
}

void StrategyRecord::write(JsonOut& out) const {
  out.begin_object();
  out.member("selector", selector_);
  out.member("strategy", strategy_);
  out.member("status", status_);
  if (skip_) {
    out.key("skip");
    out.begin_object();
    out.member("code", skip_->code);
    out.key("data");
    skip_->fields.write(out);
    out.end_object();
  } else if (skip_field_ == SkipField::null_when_none) {
    out.key("skip");
    out.null();
  }
  body_.write(out);
  out.end_object();
}

StrategyRecord begin_strategy_record(const std::string& selector, const std::string& strategy, const std::string& status) {
  StrategyRecord rec(selector, strategy, status);
  for (StrategyField field : {StrategyField::candidates_found, StrategyField::examined, StrategyField::rejections,
                              StrategyField::not_examined, StrategyField::caps, StrategyField::quirks})
    rec.place(field);
  return rec;
}

StrategyRecord skip_strategy_record(const std::string& selector, const std::string& strategy, const std::string& code,
                                    DataFields data) {
  StrategyRecord rec = begin_strategy_record(selector, strategy, "skipped");
  rec.skip(code, std::move(data));
  return rec;
}

void commit_strategy(Trace& trace, StrategyRecord record) {
  trace.add_strategy(std::make_shared<const StrategyRecord>(std::move(record)));
}

}  // namespace placement
