// The GPUStack-equivalent messages (§6.9 {source, key, values}) of one selector run, kept by the
// selector while it decides. GPUStack's rules of which notes it shows (the requirement first, one
// strategy event, the distributed-instance notice replacing everything, Q22) are applied to this
// list; the survivors go to the trace once, so nothing reads the trace back while deciding.
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "fit/common/commit_after.h"
#include "trace/trace.h"

namespace placement {

struct SelectorMessage {
  std::string source;
  std::string key;
  TraceValues values;
};

class SelectorMessages {
 public:
  void add(std::string source, std::string key, TraceValues values = {});
  // Before the message at `at` (clamped to the end): a note GPUStack prints before what an
  // inner routine (manual selection) already said.
  void insert(std::size_t at, SelectorMessage message);
  void clear() { list_.clear(); }

  bool empty() const { return list_.empty(); }
  std::size_t size() const { return list_.size(); }
  const std::vector<SelectorMessage>& list() const { return list_; }
  // The last message with this source and key, or null.
  const SelectorMessage* last(const std::string& source, const std::string& key) const;

  // Writes the messages into the trace in order and empties the list.
  void commit(Trace& trace);

 private:
  std::vector<SelectorMessage> list_;
};

// Runs `decide(messages)` with a fresh list and commits what is in it afterwards, also when the
// decision throws: the notes set before a failure stay in the trace, as GPUStack's do.
template <class Decide>
auto decide_with_messages(Trace& trace, Decide&& decide) {
  SelectorMessages messages;
  return run_then_commit([&] { return std::forward<Decide>(decide)(messages); }, [&] { messages.commit(trace); });
}

}  // namespace placement
