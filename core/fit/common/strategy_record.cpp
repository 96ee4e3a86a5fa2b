#include "fit/common/strategy_record.h"

#include <utility>

namespace placement {

StrategyRecord::StrategyRecord(std::string selector, std::string strategy, std::string status, SkipField skip_field)
    : selector_(std::move(selector)), strategy_(std::move(strategy)), status_(std::move(status)), skip_field_(skip_field) {}

void StrategyRecord::skip(std::string code, Json data) {
  status_ = "skipped";
  skip_ = StrategySkip{std::move(code), std::move(data)};
}

void StrategyRecord::list(const std::string& key, std::shared_ptr<const DeferredList> list) { body_.list(key, std::move(list)); }

void StrategyRecord::write(JsonOut& out) const {
  out.begin_object();
  out.member("selector", selector_);
  out.member("strategy", strategy_);
  out.member("status", status_);
  if (skip_) {
    out.key("skip");
    out.begin_object();
    out.member("code", skip_->code);
    out.member("data", skip_->data);
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
  Json& body = rec.body();
  body["candidates_found"] = 0;
  body["examined"] = Json{{"workers", 0}, {"gpus", 0}, {"combinations", 0}, {"queries", 0}};
  body["rejections"] = Json::array();
  body["not_examined"] = Json::array();
  body["caps"] = Json::array();
  body["quirks"] = Json::array();
  return rec;
}

StrategyRecord skip_strategy_record(const std::string& selector, const std::string& strategy, const std::string& code,
                                    Json data) {
  StrategyRecord rec = begin_strategy_record(selector, strategy, "skipped");
  rec.skip(code, std::move(data));
  return rec;
}

void commit_strategy(Trace& trace, StrategyRecord record) {
  trace.add_strategy(std::make_shared<const StrategyRecord>(std::move(record)));
}

}  // namespace placement
