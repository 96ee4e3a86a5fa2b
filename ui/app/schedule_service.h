// Where decisions come from. The app asks for the scenario of a generation; the answer is the
// exact text of placement::schedule_json / scale_down_json (the UI never schedules by itself).
// Synchronous natively; in the browser a small scenario is decided on the main thread too, and a
// large one by the page's Web Worker (peHost.schedule), which answers through Module.deliverResult. Newer generations supersede older ones: an answer for
// anything but the newest request is dropped.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace placement::ui {

struct ScheduleAnswer {
  std::uint64_t generation = 0;
  std::string schedule_text;
  std::string scale_down_text;
};

// Both core calls for one scenario text, on this thread.
ScheduleAnswer compute_answer(std::uint64_t generation, const std::string& scenario_text);

class ScheduleService {
 public:
  virtual ~ScheduleService() = default;
  virtual void request(std::uint64_t generation, const std::string& scenario_text) = 0;
  // An answer from elsewhere (the page's worker); ignored unless it answers the newest request.
  virtual void deliver(std::uint64_t generation, std::string schedule_text, std::string scale_down_text) = 0;
  // A request is outstanding.
  virtual bool busy() const = 0;
  // The newest answer not yet taken, if any.
  virtual std::optional<ScheduleAnswer> take() = 0;
};

// Computes inside request().
std::unique_ptr<ScheduleService> make_sync_schedule_service();
// Uses peHost.schedule when the page offers it at the time of the request and accepts the scenario,
// else computes inside request() (the page declines small scenarios, and removes peHost.schedule
// when its worker cannot run).
std::unique_ptr<ScheduleService> make_host_schedule_service();

}  // namespace placement::ui
