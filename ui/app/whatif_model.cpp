#include "app/whatif_model.h"

#include <utility>

namespace placement::ui {

std::string WhatIfModel::wanted_key(WhatIfKind kind, std::uint64_t generation, bool whatif_open) const {
  const std::string g = std::to_string(generation);
  switch (kind) {
    case WhatIfKind::capacity: return g;
    case WhatIfKind::advise: return whatif_open && view == WhatIfView::advice ? g + "|" + std::to_string(advise_replicas) : "";
    case WhatIfKind::compare: return pinned() ? g + "|" + std::to_string(baseline_generation_) : "";
    case WhatIfKind::sweep: return whatif_open && !sweep_spec.empty() ? g + "|" + sweep_spec : "";
  }
  return "";
}

void WhatIfModel::pump(WhatIfService& service, std::uint64_t generation, const Json& scenario, bool whatif_open, bool ask_now,
                       const std::string* scenario_text) {
  take_answers(service);
  std::string written;  // the scenario written out, when a kind is asked and no text was given
  for (WhatIfKind kind : kWhatIfKinds) {
    const std::string key = wanted_key(kind, generation, whatif_open);
    keys_[static_cast<std::size_t>(kind)] = key;
    WhatIfSlot& s = slot(kind);
    if (!ask_now || key.empty() || key == s.wanted || key == s.cancelled) continue;
    if (!scenario_text) written = scenario.dump(), scenario_text = &written;  // compact: half the text of scenario()
    ask(service, kind, key, *scenario_text);
  }
}

bool WhatIfModel::unasked(std::uint64_t generation, bool whatif_open) const {
  for (WhatIfKind kind : kWhatIfKinds) {
    const std::string key = wanted_key(kind, generation, whatif_open);
    const WhatIfSlot& s = slot(kind);
    if (!key.empty() && key != s.wanted && key != s.cancelled) return true;
  }
  return false;
}

void WhatIfModel::ask(WhatIfService& service, WhatIfKind kind, const std::string& key, const std::string& scenario_text) {
  WhatIfSlot& s = slot(kind);
  s.wanted = key;
  s.job = next_job_++;
  s.started = std::chrono::steady_clock::now();
  WhatIfJob job{kind, s.job, scenario_text, "", 0};
  if (kind == WhatIfKind::capacity) job.number = kCapacityLimit;
  if (kind == WhatIfKind::advise) job.number = advise_replicas;
  if (kind == WhatIfKind::compare) job.other = baseline_text_;
  if (kind == WhatIfKind::sweep) job.other = sweep_spec;
  service.request(job);
  take_answers(service);  // a synchronous service has answered already
}

void WhatIfModel::take_answers(WhatIfService& service) {
  for (WhatIfAnswer& a : service.take()) {
    WhatIfSlot& s = slot(a.kind);
    if (a.id != s.job) continue;
    s.answered = s.wanted;
    s.answer = Json::parse(a.text, nullptr, false);
    if (s.answer.is_discarded()) s.answer = Json{{"error", {{"pointer", ""}, {"message", "the what-if answer is not JSON"}}}};
  }
}

void WhatIfModel::cancel(WhatIfService& service, WhatIfKind kind) {
  WhatIfSlot& s = slot(kind);
  if (s.wanted.empty() || s.wanted == s.answered) return;
  service.cancel(kind);
  s.cancelled = s.wanted;
  s.wanted.clear();
}

bool WhatIfModel::current(WhatIfKind kind) const {
  const std::string& key = keys_[static_cast<std::size_t>(kind)];
  return !key.empty() && slot(kind).answered == key;
}

bool WhatIfModel::running(WhatIfKind kind) const {
  const WhatIfSlot& s = slot(kind);
  return !s.wanted.empty() && s.wanted != s.answered;
}

double WhatIfModel::seconds_running(WhatIfKind kind) const {
  if (!running(kind)) return 0;
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - slot(kind).started).count();
}

bool WhatIfModel::was_cancelled(WhatIfKind kind) const {
  const std::string& key = keys_[static_cast<std::size_t>(kind)];
  return !key.empty() && slot(kind).cancelled == key;
}

bool WhatIfModel::busy() const {
  for (WhatIfKind k : kWhatIfKinds)
    if (running(k)) return true;
  return false;
}

void WhatIfModel::pin(const std::string& scenario_text, std::uint64_t generation) {
  baseline_text_ = scenario_text;
  baseline_generation_ = generation;
}

void WhatIfModel::unpin() {
  baseline_text_.clear();
  baseline_generation_ = 0;
}

void WhatIfModel::preview_next(Json placements, std::string caption) {
  next_preview_ = std::move(placements);
  next_caption_ = std::move(caption);
}

void WhatIfModel::start_frame() {
  preview_ = std::move(next_preview_);
  caption_ = std::move(next_caption_);
  next_preview_ = Json();
  next_caption_.clear();
}

}  // namespace placement::ui
