// GGUF's explanation events (fit/gguf/events.h, add_insufficient_event): which are kept, which are
// shown, and each message's fields in GPUStack's order (level, reason, then the event's figures).
#include <catch2/catch.hpp>

#include <optional>
#include <string>
#include <vector>

#include "fit/gguf/events.h"
#include "fit/gguf/strategies.h"

using namespace placement;
using namespace placement::gguf_fit;

namespace {

struct Added {
  Level level;
  const char* action;
  const char* key;
  DataFields values;
};

// "source/key values" of each message the log shows.
std::vector<std::string> shown(const std::vector<Added>& added, bool have_candidates) {
  EventLog log;
  for (const Added& a : added) log.add(a.level, a.action, a.key, kInsufficient, a.values);
  SelectorMessages messages;
  log.emit(messages, have_candidates);
  std::vector<std::string> out;
  for (const SelectorMessage& m : messages.list()) out.push_back(m.source + "/" + m.key + " " + m.values.to_json().dump());
  return out;
}

}  // namespace

TEST_CASE("GGUF events: kept once, shown by GPUStack's rules, level and reason first") {
  struct Row {
    const char* what;
    std::vector<Added> added;
    bool have_candidates;
    std::vector<std::string> expected;
  };
  const Row rows[] = {
      {"the first action's last info event, figures after level and reason",
       {{Level::info, "cpu_only", "cpu_short", {{"ram", 5}}},
        {Level::info, "single_worker_single_gpu", "a", {{"vram", 1}}},
        {Level::info, "single_worker_single_gpu", "b", {{"vram", 2}, {"worker_name", "w"}}}},
       false,
       {R"(gguf.single_worker_single_gpu/b {"level":"info","reason":"INSUFFICIENT_RESOURCES","vram":2,"worker_name":"w"})"}},
      {"an identical event is kept once; one printing differently is not",
       {{Level::warning, "pre_check", "w", {{"n", 1}}},
        {Level::warning, "pre_check", "w", {{"n", 1}}},
        {Level::warning, "pre_check", "w", {{"n", "1"}}}},
       true,
       {R"(gguf.pre_check/w {"level":"warning","reason":"INSUFFICIENT_RESOURCES","n":1})",
        R"(gguf.pre_check/w {"level":"warning","reason":"INSUFFICIENT_RESOURCES","n":"1"})"}},
      {"errors replace everything; no info event with candidates",
       {{Level::info, "pre_check", "i", {}}, {Level::error, "pre_check", "e", {{"ngl", -1}}}},
       true,
       {R"(gguf.pre_check/e {"level":"error","reason":"INSUFFICIENT_RESOURCES","ngl":-1})"}},
  };
  for (const Row& row : rows) {
    CAPTURE(row.what);
    CHECK(shown(row.added, row.have_candidates) == row.expected);
  }
}

TEST_CASE("GGUF insufficient event: the strategy's figures, the worker's, then the totals or a missing estimate") {
  WorkerView w;
  w.worker.name = "host";
  w.vram_sum = 300;
  w.alloc.ram = 50;
  struct Row {
    DataFields values;
    std::optional<EstimateTotals> totals;
    const char* expected;
  };
  const Row rows[] = {
      {{{"ngl", 4}}, EstimateTotals{200, 40},
       R"({"ngl":4,"worker_name":"host","worker_vram":300,"worker_ram":50,"vram":200,"ram":40,"totals_fit":true})"},
      {{}, EstimateTotals{200, 60},
       R"({"worker_name":"host","worker_vram":300,"worker_ram":50,"vram":200,"ram":60,"totals_fit":false})"},
      {{}, std::nullopt, R"({"worker_name":"host","worker_vram":300,"worker_ram":50,"estimate":"missing"})"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.expected);
    CHECK(insufficient_event_values("totals_fit", w, row.values, row.totals).to_json().dump() == row.expected);
  }
}
