// The custom backend's requirement record (§6.1 requirement): what one replica asks for and
// where the figures come from.
#pragma once

#include "fit/custom/custom_paths.h"
#include "trace/trace.h"

namespace placement::custom {

class CustomRequirement final : public TraceRecord {
 public:
  explicit CustomRequirement(CustomRequest request) : request_(std::move(request)) {}
  // The record's members (the trace opens the object).
  void write(JsonOut& out) const override {
    out.member("selector", kSelector);
    out.member("vram", request_.vram);
    out.member("ram", request_.ram);
    out.member("vram_source", request_.vram_source);
    out.member("ram_rule", "max(int(vram * 0.1), 2 GiB)");
  }

 private:
  CustomRequest request_;
};

}  // namespace placement::custom
