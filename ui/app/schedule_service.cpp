#include "app/schedule_service.h"

#include <utility>

#include "app/host.h"
#include "scheduler.h"

namespace placement::ui {

ScheduleAnswer compute_answer(std::uint64_t generation, const std::string& scenario_text) {
  return ScheduleAnswer{generation, placement::schedule_json(scenario_text), placement::scale_down_json(scenario_text)};
}

namespace {

// Shared bookkeeping: the newest generation asked for and the newest answer waiting to be taken.
class ServiceBase : public ScheduleService {
 public:
  void deliver(std::uint64_t generation, std::string schedule_text, std::string scale_down_text) override {
    if (generation != wanted_) return;  // superseded
    ready_ = ScheduleAnswer{generation, std::move(schedule_text), std::move(scale_down_text)};
    outstanding_ = false;
  }
  bool busy() const override { return outstanding_; }
  std::optional<ScheduleAnswer> take() override {
    std::optional<ScheduleAnswer> out = std::move(ready_);
    ready_.reset();
    return out;
  }

 protected:
  void compute_now(std::uint64_t generation, const std::string& text) {
    wanted_ = generation;
    ready_ = compute_answer(generation, text);
    outstanding_ = false;
  }
  std::uint64_t wanted_ = 0;
  bool outstanding_ = false;
  std::optional<ScheduleAnswer> ready_;
};

class SyncService final : public ServiceBase {
 public:
  void request(std::uint64_t generation, const std::string& text) override { compute_now(generation, text); }
};

class HostService final : public ServiceBase {
 public:
  void request(std::uint64_t generation, const std::string& text) override {
    wanted_ = generation;
    outstanding_ = true;
    if (!host::schedule(generation, text)) compute_now(generation, text);
  }
};

}  // namespace

std::unique_ptr<ScheduleService> make_sync_schedule_service() { return std::make_unique<SyncService>(); }
std::unique_ptr<ScheduleService> make_host_schedule_service() { return std::make_unique<HostService>(); }

}  // namespace placement::ui
