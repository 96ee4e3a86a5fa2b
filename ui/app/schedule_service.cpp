#include "app/schedule_service.h"

#include <memory>
#include <optional>
#include <stdexcept>
#include <utility>

#include "app/host.h"
#include "scenario/errors.h"
#include "scenario/scenario_loader.h"
#include "schedule_rounds.h"
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

namespace {

// Decides the Scenario `load()` gives, with the GGUF estimates `memo` holds (if any); when loading
// or deciding refuses it (missing model facts are found while deciding), the answer is the core's
// own texts for the scenario text `text()`, so the error reads exactly as theirs.
template <class Load, class Text>
ScheduleAnswer decided(std::uint64_t generation, Load load, Text text, GgufEstimateMemo* memo) {
  ScheduleAnswer a;
  a.generation = generation;
  try {
    std::shared_ptr<const Scenario> scenario = load();
    a.typed = ScheduleRounds(*scenario).decide(memo);
    a.scenario = std::move(scenario);
  } catch (const InputError&) {
    const std::string scenario_text = text();
    return answer_from_texts(generation, placement::schedule_json(scenario_text), placement::scale_down_json(scenario_text));
  }
  return a;
}

}  // namespace

ScheduleAnswer compute_answer(std::uint64_t generation, const Json& scenario, std::shared_ptr<const Scenario> loaded) {
  return decided(
      generation, [&] { return loaded ? loaded : std::make_shared<const Scenario>(load_scenario(scenario)); },
      [&] { return scenario.dump(2); }, nullptr);
}

ScheduleAnswer compute_answer(std::uint64_t generation, const std::string& scenario_text, std::shared_ptr<const Scenario> loaded,
                              GgufEstimateMemo* memo) {
  return decided(
      generation, [&] { return loaded ? loaded : std::make_shared<const Scenario>(load_scenario_text(scenario_text)); },
      [&] { return scenario_text; }, memo);
}

bool may_search_long(const Json& scenario) {
  if (!scenario.is_object()) return false;
  const auto estimates = scenario.find("estimates");
  if (estimates == scenario.end() || !estimates->is_object()) return false;
  const auto profile = estimates->find("gguf_profile");
  return profile != estimates->end() && !profile->is_null();
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
  void deliver_estimates(std::uint64_t, const std::string&) override {}
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
    offered_.reset();
    if (may_search_long(scenario)) {
      std::string text = scenario.dump();
      if (host::schedule(generation, text)) {
        offered_ = Offered{std::move(text), std::move(loaded)};
        return;
      }
    }
    compute_now(generation, scenario, std::move(loaded));
  }

  // The worker answered with the result texts (its estimates passed their budget): the offered
  // request (megabytes of text at a thousand workers) is done with.
  void deliver(std::uint64_t generation, std::string schedule_text, std::string scale_down_text) override {
    if (generation == wanted_) offered_.reset();
    ServiceBase::deliver(generation, std::move(schedule_text), std::move(scale_down_text));
  }

  void deliver_estimates(std::uint64_t generation, const std::string& estimates) override {
    if (generation != wanted_ || !offered_) return;  // superseded
    std::optional<GgufEstimateMemo> memo;
    try {
      memo = GgufEstimateMemo::decode(estimates);
    } catch (const std::invalid_argument&) {
      // Not the worker's bytes (another build of the core?): decided without them.
    }
    ready_ = compute_answer(generation, offered_->text, std::move(offered_->loaded), memo ? &*memo : nullptr);
    offered_.reset();
    outstanding_ = false;
  }

 private:
  // The request the worker is searching: its text (for a refusal's answer, or to load it when the
  // app had no Scenario at hand) and its Scenario.
  struct Offered {
    std::string text;
    std::shared_ptr<const Scenario> loaded;
  };
  std::optional<Offered> offered_;
};

}  // namespace

std::unique_ptr<ScheduleService> make_sync_schedule_service() { return std::make_unique<SyncService>(); }
std::unique_ptr<ScheduleService> make_host_schedule_service() { return std::make_unique<HostService>(); }

}  // namespace placement::ui
