// The What-if step's state (issue 22, item 5): the latest answer of each what-if kind for the
// scenario shown, the pinned baseline, the sweep the user asked for, and what the canvas previews.
// Which answers are wanted follows what is on screen: capacity always (the decision line says how
// many more replicas fit), advice while its view is open, compare while a baseline is pinned,
// sweep once asked for. Every answer is keyed by the scenario's generation and the job's
// arguments, so an edit supersedes a running search and a stale answer is never shown.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

#include "app/whatif_service.h"
#include "scenario/types.h"

namespace placement::ui {

enum class WhatIfView { capacity, advice, compare, sweep };

inline constexpr int kCapacityLimit = 256;

struct WhatIfSlot {
  std::string wanted;     // the key of the newest request ("" = none)
  std::string answered;   // the key the answer is for
  std::string cancelled;  // a key the user cancelled: not asked again
  std::uint64_t job = 0;
  Json answer;            // parsed; null before the first answer
  std::chrono::steady_clock::time_point started;
};

class WhatIfModel {
 public:
  WhatIfView view = WhatIfView::capacity;
  int advise_replicas = 1;
  int selected_suggestion = -1;  // previewed on the canvas until deselected
  std::string sweep_spec;  // "" until the user runs a sweep
  // The sweep form: which setting (context length, memory utilisation, replicas, JSON pointer).
  int sweep_choice = 1;
  std::string sweep_pointer = "/model/replicas";
  std::string sweep_values;

  // Asks `service` for every answer wanted for the scenario of `generation` (unless `ask_now` is
  // false) and takes the answers it has. `whatif_open`: the What-if step is shown. The jobs carry
  // the scenario as text: `scenario_text` when given (the text an import read, which reads as
  // `scenario`), else `scenario` written out once however many kinds are asked (at a thousand
  // workers writing it takes ~10 ms).
  void pump(WhatIfService& service, std::uint64_t generation, const Json& scenario, bool whatif_open, bool ask_now = true,
            const std::string* scenario_text = nullptr);
  // An answer is wanted for the scenario of `generation` that has not been asked for yet.
  bool unasked(std::uint64_t generation, bool whatif_open) const;
  void cancel(WhatIfService& service, WhatIfKind kind);

  // The answer of `kind` describes the scenario shown with the current arguments.
  bool current(WhatIfKind kind) const;
  bool running(WhatIfKind kind) const;
  double seconds_running(WhatIfKind kind) const;
  bool was_cancelled(WhatIfKind kind) const;
  // Asks again for a cancelled answer.
  void retry(WhatIfKind kind) { slot(kind).cancelled.clear(); }
  const Json& answer(WhatIfKind kind) const { return slot(kind).answer; }
  // Any wanted answer is outstanding (the page's settled() waits for it).
  bool busy() const;

  // ---- baseline (Compare)
  void pin(const std::string& scenario_text, std::uint64_t generation);
  void unpin();
  bool pinned() const { return !baseline_text_.empty(); }
  std::uint64_t baseline_generation() const { return baseline_generation_; }

  // ---- canvas preview: placements ({worker_name, gpu_indexes, computed_resource_claim?,
  // subordinate_workers?}) drawn over the cluster. Panels set the next frame's preview while they
  // draw; the canvas (drawn first) shows the one set during the previous frame.
  void preview_next(Json placements, std::string caption);
  void start_frame();
  const Json& preview() const { return preview_; }
  const std::string& preview_caption() const { return caption_; }

 private:
  WhatIfSlot& slot(WhatIfKind kind) { return slots_[static_cast<std::size_t>(kind)]; }
  const WhatIfSlot& slot(WhatIfKind kind) const { return slots_[static_cast<std::size_t>(kind)]; }
  // The key the answer of `kind` must have now, "" when it is not wanted.
  std::string wanted_key(WhatIfKind kind, std::uint64_t generation, bool whatif_open) const;
  void take_answers(WhatIfService& service);
  void ask(WhatIfService& service, WhatIfKind kind, const std::string& key, const std::string& scenario_text);

  WhatIfSlot slots_[4];
  std::string keys_[4];  // the key each kind should have now (set by pump)
  std::uint64_t next_job_ = 1;
  std::string baseline_text_;
  std::uint64_t baseline_generation_ = 0;
  Json preview_, next_preview_;
  std::string caption_, next_caption_;
};

}  // namespace placement::ui
