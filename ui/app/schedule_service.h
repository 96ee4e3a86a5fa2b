// Where decisions come from. The app asks for the scenario of a generation; the answer is the
// core's result documents (the JSON contract of placement::schedule_json / scale_down_json, as
// trees; the UI never schedules by itself). Most scenarios are decided right here, on the calling
// thread, from the scenario's tree: no text between the app and the core (a vLLM decision at
// 1,024 workers takes milliseconds). Only a scenario whose fit may search long (GGUF estimates,
// may_search_long) is offered to the page (peHost.schedule), whose Web Worker answers with the
// result texts through Module.deliverResult; the page declines small ones, which are then decided
// here too. Newer generations supersede older ones: an answer for anything but the newest request
// is dropped.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

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
// An answer that came as the core's texts (parsed here; text that is not JSON becomes an error).
ScheduleAnswer answer_from_texts(std::uint64_t generation, std::string schedule_text, std::string scale_down_text);
// The fit may search for long (seconds on a large cluster): the scenario's estimates hold a GGUF
// profile or gguf-parser output (the GGUF estimator's search, scheduler-rules.md).
bool may_search_long(const Json& scenario);

class ScheduleService {
 public:
  virtual ~ScheduleService() = default;
  // `loaded`: load_scenario(scenario), when the caller has it (see compute_answer).
  virtual void request(std::uint64_t generation, const Json& scenario, std::shared_ptr<const Scenario> loaded = nullptr) = 0;
  // An answer from elsewhere (the page's worker); ignored unless it answers the newest request.
  virtual void deliver(std::uint64_t generation, std::string schedule_text, std::string scale_down_text) = 0;
  // A request is outstanding.
  virtual bool busy() const = 0;
  // The newest answer not yet taken, if any.
  virtual std::optional<ScheduleAnswer> take() = 0;
};

// Computes inside request().
std::unique_ptr<ScheduleService> make_sync_schedule_service();
// Offers a scenario that may_search_long to peHost.schedule (when the page has it at the time of
// the request; the page declines small scenarios, and removes peHost.schedule when its worker
// cannot run); computes everything else, and whatever the page declines, inside request().
std::unique_ptr<ScheduleService> make_host_schedule_service();

}  // namespace placement::ui
