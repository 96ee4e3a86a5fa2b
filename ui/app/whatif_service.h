// Where what-if answers come from (capacity, advice, compare, sweep): like ScheduleService, the
// app asks with a job and hears back the exact text the core's what-if calls return
// (core/whatif/whatif_json.h, the CLI's --json). Natively the job is computed inside request();
// in the browser the page's what-if Web Worker runs it (peHost.whatIf) and answers through
// Module.deliverWhatIf, so a long search never freezes the page. One job per kind is wanted at a
// time: a newer request of a kind supersedes the older (its answer is dropped), and cancel() drops
// the wanted one.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace placement::ui {

enum class WhatIfKind { capacity, advise, compare, sweep };
inline constexpr WhatIfKind kWhatIfKinds[] = {WhatIfKind::capacity, WhatIfKind::advise, WhatIfKind::compare, WhatIfKind::sweep};
const char* whatif_kind_name(WhatIfKind kind);  // "capacity", ... (the core binding's name)
std::optional<WhatIfKind> parse_whatif_kind(const std::string& name);

struct WhatIfJob {
  WhatIfKind kind = WhatIfKind::capacity;
  std::uint64_t id = 0;    // increases with every request
  std::string scenario;    // scenario text
  std::string other;       // compare: the baseline's text (side a); sweep: "SETTING=V1,V2,..."
  int number = 0;          // capacity: the limit; advise: the replicas
};

struct WhatIfAnswer {
  WhatIfKind kind = WhatIfKind::capacity;
  std::uint64_t id = 0;
  std::string text;
};

// The core's answer to a job, on this thread.
std::string compute_whatif(const WhatIfJob& job);

class WhatIfService {
 public:
  virtual ~WhatIfService() = default;
  virtual void request(const WhatIfJob& job) = 0;
  virtual void cancel(WhatIfKind kind) = 0;
  // An answer from elsewhere; ignored unless it answers the wanted job of its kind.
  void deliver(WhatIfKind kind, std::uint64_t id, std::string text);
  bool busy(WhatIfKind kind) const { return wanted_[index(kind)] != 0; }
  // Answers not yet taken, in arrival order.
  std::vector<WhatIfAnswer> take();

 protected:
  static std::size_t index(WhatIfKind kind) { return static_cast<std::size_t>(kind); }
  std::uint64_t wanted_[4] = {0, 0, 0, 0};  // 0: none outstanding
  std::vector<WhatIfAnswer> ready_;
};

std::unique_ptr<WhatIfService> make_sync_whatif_service();
// peHost.whatIf when the page offers it at the time of the request, else computed in request().
std::unique_ptr<WhatIfService> make_host_whatif_service();

}  // namespace placement::ui
