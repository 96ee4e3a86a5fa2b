// What the fit strategies say about one worker or GPU ("Why (not) here?"): every rejection whose
// subject names it and every not_examined entry for it, strategy by strategy in trace order (a
// strategy's rejections before its not_examined entries). Read either from the result document,
// or from the typed trace's strategies section as events: only the subjects are built to be
// tested and only the matching entries whole, so a thousand-worker trace (thousands of
// rejections) is never built as a tree to answer for one worker.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "scenario/types.h"
#include "trace/trace.h"

namespace placement::ui {

struct StrategyFinding {
  std::string strategy;  // the record's "strategy" ("?" when it has none)
  bool rejection = true;  // false: a not_examined entry
  Json item;              // the entry as the document holds it
};

// Whether a subject (a rejection's "subject", or a not_examined entry itself) names the selection.
using SubjectTest = std::function<bool(const Json& subject)>;

std::vector<StrategyFinding> strategy_findings(const Json& trace, const SubjectTest& names_it);
std::vector<StrategyFinding> strategy_findings_of(const Trace& trace, const SubjectTest& names_it);

}  // namespace placement::ui
