#include "fit/common/strategy_record.h"

namespace placement {

Json& begin_strategy_record(Trace& trace, const std::string& selector, const std::string& strategy,
                            const std::string& status) {
  Json& rec = trace.add_strategy(selector, strategy, status);
  rec["skip"] = nullptr;
  rec["candidates_found"] = 0;
  rec["examined"] = Json{{"workers", 0}, {"gpus", 0}, {"combinations", 0}, {"queries", 0}};
  rec["rejections"] = Json::array();
  rec["not_examined"] = Json::array();
  rec["caps"] = Json::array();
  rec["quirks"] = Json::array();
  return rec;
}

Json& skip_strategy_record(Trace& trace, const std::string& selector, const std::string& strategy,
                           const std::string& code, Json data) {
  Json& rec = begin_strategy_record(trace, selector, strategy, "skipped");
  rec["skip"] = Json{{"code", code}, {"data", std::move(data)}};
  return rec;
}

}  // namespace placement
