#include "app/schedule_service.h"

#include <memory>
#include <optional>
#include <utility>

#include "app/host.h"
#include "scenario/errors.h"
#include "scenario/scenario_loader.h"
#include "scheduler.h"

namespace placement::ui {

namespace {

Json parse_or_error(const std::string& text) {
  Json j = Json::parse(text, nullptr, false);
  if (j.is_discarded()) return Json{{"error", {{"pointer", ""}, {"message", "the scheduler's answer is not JSON"}}}};
  return j;
}

}  // namespace

ScheduleAnswer answer_from_texts(std::uint64_t generation, std::string schedule_text, std::string scale_down_text) {
  ScheduleAnswer a;
  a.generation = generation;
  a.schedule = parse_or_error(schedule_text);
  a.scale_down = parse_or_error(scale_down_text);
  a.schedule_text = std::move(schedule_text);
  a.scale_down_text = std::move(scale_down_text);
  return a;
}

ScheduleAnswer compute_answer(std::uint64_t generation, const Json& scenario, std::shared_ptr<const Scenario> loaded) {
  ScheduleAnswer a;
  a.generation = generation;
  try {
    if (!loaded) loaded = std::make_shared<const Scenario>(load_scenario(scenario));
    a.typed = schedule(*loaded);
    a.scenario = std::move(loaded);
  } catch (const InputError&) {
    // Loading or deciding refused it (missing model facts are found while deciding).
    const std::string text = scenario.dump(2);
    return answer_from_texts(generation, placement::schedule_json(text), placement::scale_down_json(text));
  }
  return a;
}

bool may_search_long(const Json& scenario) {
  if (!scenario.is_object()) return false;
  const auto estimates = scenario.find("estimates");
  if (estimates == scenario.end() || !estimates->is_object()) return false;
  for (const char* key : {"gguf_profile", "gguf_parser"}) {
    const auto gguf = estimates->find(key);
    if (gguf != estimates->end() && !gguf->is_null()) return true;
  }
  return false;
}

namespace {

// Shared bookkeeping: the newest generation asked for and the newest answer waiting to be taken.
class ServiceBase : public ScheduleService {
 public:
  void deliver(std::uint64_t generation, std::string schedule_text, std::string scale_down_text) override {
    if (generation != wanted_) return;  // superseded
    ready_ = answer_from_texts(generation, std::move(schedule_text), std::move(scale_down_text));
    outstanding_ = false;
  }
  bool busy() const override { return outstanding_; }
  std::optional<ScheduleAnswer> take() override {
    std::optional<ScheduleAnswer> out = std::move(ready_);
    ready_.reset();
    return out;
  }

 protected:
  void compute_now(std::uint64_t generation, const Json& scenario, std::shared_ptr<const Scenario> loaded) {
    wanted_ = generation;
    ready_ = compute_answer(generation, scenario, std::move(loaded));
    outstanding_ = false;
  }
  std::uint64_t wanted_ = 0;
  bool outstanding_ = false;
  std::optional<ScheduleAnswer> ready_;
};

class SyncService final : public ServiceBase {
 public:
  void request(std::uint64_t generation, const Json& scenario, std::shared_ptr<const Scenario> loaded) override {
    compute_now(generation, scenario, std::move(loaded));
  }
};

class HostService final : public ServiceBase {
 public:
  void request(std::uint64_t generation, const Json& scenario, std::shared_ptr<const Scenario> loaded) override {
    wanted_ = generation;
    outstanding_ = true;
    if (!may_search_long(scenario) || !host::schedule(generation, scenario.dump())) compute_now(generation, scenario, std::move(loaded));
  }
};

}  // namespace

std::unique_ptr<ScheduleService> make_sync_schedule_service() { return std::make_unique<SyncService>(); }
std::unique_ptr<ScheduleService> make_host_schedule_service() { return std::make_unique<HostService>(); }

}  // namespace placement::ui
