// Which GGUF strategies GPUStack does not run (§3.2 "Order and skips"), checked in GPUStack's
// order; the first matching rule gives the §6.3 skip code. Some rules raise pre-check events
// (errors replace the whole explanation later) — GPUStack evaluates them again for each strategy
// that reaches them, and its event collector keeps each distinct event once.
#pragma once

#include <optional>
#include <string>

#include "fit/common/data_fields.h"
#include "fit/gguf/run.h"

namespace placement::gguf_fit {

struct Skip {
  std::string code;
  DataFields data{};
};

std::optional<Skip> skip_rule(GgufRun& run, Strategy strategy);

}  // namespace placement::gguf_fit
