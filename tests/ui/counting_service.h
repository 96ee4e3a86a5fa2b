// A schedule service for app tests: decides as the app's own (make_sync_schedule_service) and
// counts the requests that came with the typed Scenario (the app did not need the document
// loaded again) and those without.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "app/schedule_service.h"

namespace placement::ui::testing {

class CountingService final : public ScheduleService {
 public:
  int typed = 0, untyped = 0;
  void request(std::uint64_t generation, const Json& scenario, std::shared_ptr<const placement::Scenario> loaded) override {
    ++(loaded ? typed : untyped);
    inner_->request(generation, scenario, std::move(loaded));
  }
  void deliver(std::uint64_t generation, std::string schedule, std::string scale_down) override {
    inner_->deliver(generation, std::move(schedule), std::move(scale_down));
  }
  void deliver_estimates(std::uint64_t generation, const std::string& estimates) override {
    inner_->deliver_estimates(generation, estimates);
  }
  bool busy() const override { return inner_->busy(); }
  std::optional<ScheduleAnswer> take() override { return inner_->take(); }

 private:
  std::unique_ptr<ScheduleService> inner_ = make_sync_schedule_service();
};

}  // namespace placement::ui::testing
