#include "app/whatif_service.h"

#include <utility>

#include "app/host.h"
#include "whatif/whatif_json.h"

namespace placement::ui {

const char* whatif_kind_name(WhatIfKind kind) {
  switch (kind) {
    case WhatIfKind::capacity: return "capacity";
    case WhatIfKind::advise: return "advise";
    case WhatIfKind::compare: return "compare";
    case WhatIfKind::sweep: return "sweep";
  }
  return "capacity";
}

std::optional<WhatIfKind> parse_whatif_kind(const std::string& name) {
  for (WhatIfKind k : kWhatIfKinds)
    if (name == whatif_kind_name(k)) return k;
  return std::nullopt;
}

std::string compute_whatif(const WhatIfJob& job) {
  switch (job.kind) {
    case WhatIfKind::capacity: return whatif::capacity_json(job.scenario, job.number);
    case WhatIfKind::advise: return whatif::advise_json(job.scenario, job.number);
    case WhatIfKind::compare: return whatif::compare_json(job.other, job.scenario);
    case WhatIfKind::sweep: return whatif::sweep_json(job.scenario, job.other);
  }
  return "";
}

void WhatIfService::deliver(WhatIfKind kind, std::uint64_t id, std::string text) {
  if (id == 0 || wanted_[index(kind)] != id) return;  // superseded or cancelled
  wanted_[index(kind)] = 0;
  ready_.push_back(WhatIfAnswer{kind, id, std::move(text)});
}

std::vector<WhatIfAnswer> WhatIfService::take() {
  std::vector<WhatIfAnswer> out = std::move(ready_);
  ready_.clear();
  return out;
}

namespace {

class SyncWhatIf final : public WhatIfService {
 public:
  void request(const WhatIfJob& job) override {
    wanted_[index(job.kind)] = job.id;
    deliver(job.kind, job.id, compute_whatif(job));
  }
  void cancel(WhatIfKind kind) override { wanted_[index(kind)] = 0; }
};

class HostWhatIf final : public WhatIfService {
 public:
  void request(const WhatIfJob& job) override {
    wanted_[index(job.kind)] = job.id;
    if (!host::what_if(whatif_kind_name(job.kind), job.id, job.scenario, job.other, job.number))
      deliver(job.kind, job.id, compute_whatif(job));
  }
  void cancel(WhatIfKind kind) override {
    wanted_[index(kind)] = 0;
    host::cancel_what_if(whatif_kind_name(kind));
  }
};

}  // namespace

std::unique_ptr<WhatIfService> make_sync_whatif_service() { return std::make_unique<SyncWhatIf>(); }
std::unique_ptr<WhatIfService> make_host_whatif_service() { return std::make_unique<HostWhatIf>(); }

}  // namespace placement::ui
