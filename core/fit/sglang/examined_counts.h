// SGLang's `examined` extra: each strategy counts its own units (workers and GPUs, workers and
// GPU groups, GPU types), not the §6.3 four, so it is written as the counts it names, in order.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "trace/trace.h"

namespace placement {

class SglangExamined final : public DeferredList {
 public:
  // (unit, count) pairs; the unit a string literal.
  std::vector<std::pair<const char*, std::uint64_t>> counts;

  explicit SglangExamined(std::vector<std::pair<const char*, std::uint64_t>> c) : counts(std::move(c)) {}
  void write(JsonOut& out) const override {
    out.begin_object();
    for (const auto& [unit, count] : counts) out.member(unit, count);
    out.end_object();
  }
};

}  // namespace placement
