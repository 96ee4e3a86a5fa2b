// The members of a record kept as JSON while a stage fills them, some of whose values are typed
// lists (a rejection per GPU, a score row per candidate) written in their member's place when the
// trace is read. The strategy and scorer records share it.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "trace/trace.h"

namespace placement {

class ListedMembers {
 public:
  Json& json() { return members_; }
  const Json& json() const { return members_; }
  // `list` is the value of member `key` (which keeps its place when it is already there).
  void list(const std::string& key, std::shared_ptr<const TraceRecord> list);
  // The members, into an open object.
  void write(JsonOut& out) const;

 private:
  const TraceRecord* list_of(const std::string& key) const;

  Json members_ = Json::object();
  std::vector<std::pair<std::string, std::shared_ptr<const TraceRecord>>> lists_;
};

}  // namespace placement
