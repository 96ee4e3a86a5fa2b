// The bounded search behind `advise`: every change a lever proposes is applied to the scenario as
// a JSON Patch and decided by the scheduler; only changes it confirms become suggestions. Runs
// are counted and capped; a cap that stopped a lever is recorded so the answer says so.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "scheduler.h"
#include "whatif/outcome.h"

namespace placement::whatif {

enum class CostClass { parameter = 0, setting = 1, cluster = 2, hardware = 3 };
const char* cost_class_name(CostClass c);

struct Suggestion {
  std::string lever;
  std::string summary;
  Json patch;
  Candidate winner;  // the patched scenario's winner (first replica)
  CostClass cost_class = CostClass::parameter;
  double size = 0;  // how big the change is, within its class
  std::vector<std::string> parts = {};  // a pair of levers: the lever of each change, in patch order
};

class Search {
 public:
  // `replicas`: how many replicas must fit. `budget`: scheduler runs for the whole search.
  Search(const Json& document, const Scenario& scenario, int replicas, int budget);

  const Json& document() const { return document_; }
  const Scenario& scenario() const { return scenario_; }
  int replicas() const { return replicas_; }

  // The winner if the patched scenario fits; nullopt if it does not, the patch produced bad input,
  // or the budget is spent (then exhausted() is true and the cap is recorded).
  std::optional<Candidate> fits(const Json& patch);
  bool exhausted() const { return runs_ >= budget_; }

  // A lever stopped early (its own bound): recorded once per id.
  void cap(const std::string& id, long long limit, const std::string& effect);

  int runs() const { return runs_; }
  int budget() const { return budget_; }
  int remaining() const { return budget_ - runs_; }
  // Runs made by a search on a changed scenario (combinations of levers) count against this one.
  void charge(int runs) { runs_ += runs; }
  const Json& caps() const { return caps_; }
  std::vector<Suggestion>& suggestions() { return suggestions_; }
  void suggest(std::string lever, std::string summary, Json patch, Candidate winner, CostClass cost, double size);

 private:
  const Json& document_;
  const Scenario& scenario_;
  Scenario work_;  // a copy that each trial's patch edits in place and puts back (typed_patch.h)
  int replicas_;
  int budget_;
  int runs_ = 0;
  Json caps_ = Json::array();
  std::vector<Suggestion> suggestions_;
};

}  // namespace placement::whatif
