#include "trace/listed_members.h"

namespace placement {

void ListedMembers::list(const std::string& key, std::shared_ptr<const TraceRecord> list) {
  if (!members_.contains(key)) members_[key] = nullptr;  // the slot; its place is the member's
  for (auto& [k, l] : lists_)
    if (k == key) {
      l = std::move(list);
      return;
    }
  lists_.emplace_back(key, std::move(list));
}

const TraceRecord* ListedMembers::list_of(const std::string& key) const {
  for (const auto& [k, l] : lists_)
    if (k == key) return l.get();
  return nullptr;
}

void ListedMembers::write(JsonOut& out) const {
  for (auto it = members_.begin(); it != members_.end(); ++it) {
    out.key(it.key());
    if (const TraceRecord* list = lists_.empty() ? nullptr : list_of(it.key())) list->write(out);
    else out.value(it.value());
  }
}

}  // namespace placement
