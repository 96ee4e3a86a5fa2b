// Where decisions come from. The app asks for the scenario of a generation; the answer is the
// core's typed result (the UI never schedules by itself). Scenarios are decided right here, on
// the calling thread, from the typed Scenario: no text between the app and the core (a vLLM
// decision at 1,024 workers takes milliseconds). A scenario whose fit runs the GGUF estimator
// (may_search_long) is first offered to the page (peHost.schedule), whose Web Worker decides it
// and hands back the estimator's answers (core/estimate_handoff.h) through
// Module.deliverEstimates; it is then decided here with them, without the estimator's work. Only
// when those answers pass their budget does the worker send the result texts instead
// (Module.deliverResult). The page declines small scenarios, which are decided here at once.
// Newer generations supersede older ones: an answer for anything but the newest request is
// dropped.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "fit/gguf/estimate_memo.h"
#include "scenario/types.h"
#include "scheduler.h"

namespace placement::ui {

struct ScheduleAnswer {
  std::uint64_t generation = 0;
  // Decided here: the core's typed result and the Scenario it was decided from (the scale-down
  // ranking is decided from it when first read, Results). Both documents are built from them
  // only when a panel asks (a thousand-worker trace is a tree of tens of milliseconds).
  std::optional<ScheduleResult> typed;
  std::shared_ptr<const Scenario> scenario;
  // Otherwise the documents of the core's texts (placement::schedule_json / scale_down_json).
  Json schedule;
  Json scale_down;
  // The exact texts when the answer came as text (the page's worker, or the core's own error
  // answer); empty: render when asked.
  std::string schedule_text;
  std::string scale_down_text;
};

// The schedule decision for one scenario, on this thread, without text: typed, equal to
// schedule_json / scale_down_json of scenario.dump(2) once printed (a scenario the core refuses is
// answered by those calls themselves, so the error reads exactly as theirs). `loaded`, when given,
// is what load_scenario(scenario) returns (the app checked the document with it already).
ScheduleAnswer compute_answer(std::uint64_t generation, const Json& scenario, std::shared_ptr<const Scenario> loaded = nullptr);
// The same from the scenario's text (what the page's worker was given), deciding with the GGUF
// estimates in `memo` (fit/gguf/estimate_memo.h): the answer is the same with or without it.
ScheduleAnswer compute_answer(std::uint64_t generation, const std::string& scenario_text, std::shared_ptr<const Scenario> loaded,
                              GgufEstimateMemo* memo);
// An answer that came as the core's texts (parsed here; text that is not JSON becomes an error).
ScheduleAnswer answer_from_texts(std::uint64_t generation, std::string schedule_text, std::string scale_down_text);
// The fit may search for long (seconds on a large cluster): the scenario's estimates hold a GGUF
// profile, which the fit runs the built-in estimator over for each query (recorded gguf-parser
// output alone is looked up, and a worker could not save the main thread any of that work).
bool may_search_long(const Json& scenario);

class ScheduleService {
 public:
  virtual ~ScheduleService() = default;
  // `loaded`: load_scenario(scenario), when the caller has it (see compute_answer).
  virtual void request(std::uint64_t generation, const Json& scenario, std::shared_ptr<const Scenario> loaded = nullptr) = 0;
  // An answer from elsewhere (the page's worker); ignored unless it answers the newest request.
  virtual void deliver(std::uint64_t generation, std::string schedule_text, std::string scale_down_text) = 0;
  // The page's worker's GGUF estimates for the newest request, which is then decided with them
  // (bytes that do not decode are set aside: the request is decided without them).
  virtual void deliver_estimates(std::uint64_t generation, const std::string& estimates) = 0;
  // A request is outstanding.
  virtual bool busy() const = 0;
  // The newest answer not yet taken, if any.
  virtual std::optional<ScheduleAnswer> take() = 0;
};

// Computes inside request().
std::unique_ptr<ScheduleService> make_sync_schedule_service();
// Offers a scenario that may_search_long to peHost.schedule (when the page has it at the time of
// the request; the page declines small scenarios, and removes peHost.schedule when its worker
// cannot run), keeping the request to decide when the worker's estimates come; computes
// everything else, and whatever the page declines, inside request().
std::unique_ptr<ScheduleService> make_host_schedule_service();

}  // namespace placement::ui
