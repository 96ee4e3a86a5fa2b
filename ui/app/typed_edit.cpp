#include "app/typed_edit.h"

#include "scenario/limits.h"

namespace placement::ui {

namespace {

// model.replicas as the loader reads it (scenario_loader.cpp, load_model): an integer in
// [0, kMaxReplicas]; anything else is an error or another reading, left to the loader.
std::shared_ptr<const Scenario> with_replicas(const Scenario& before, const Json& value) {
  if (!value.is_number_integer()) return nullptr;
  if (value.is_number_unsigned() ? value.get<std::uint64_t>() > std::uint64_t(limits::kMaxReplicas)
                                 : (value.get<std::int64_t>() < 0 || value.get<std::int64_t>() > limits::kMaxReplicas))
    return nullptr;
  auto after = std::make_shared<Scenario>(before);
  after->model.replicas = static_cast<int>(value.get<std::int64_t>());
  return after;
}

}  // namespace

std::shared_ptr<const Scenario> typed_edit(const Scenario& before, const Json::json_pointer& pointer, const Json& value) {
  if (pointer == Json::json_pointer("/model/replicas")) return with_replicas(before, value);
  return nullptr;
}

}  // namespace placement::ui
