#include "fit/common/selector_messages.h"

#include <algorithm>

namespace placement {

void SelectorMessages::add(std::string source, std::string key, TraceValues values) {
  list_.push_back(SelectorMessage{std::move(source), std::move(key), std::move(values)});
}

void SelectorMessages::insert(std::size_t at, SelectorMessage message) {
  list_.insert(list_.begin() + static_cast<std::ptrdiff_t>(std::min(at, list_.size())), std::move(message));
}

const SelectorMessage* SelectorMessages::last(const std::string& source, const std::string& key) const {
  for (auto it = list_.rbegin(); it != list_.rend(); ++it)
    if (it->source == source && it->key == key) return &*it;
  return nullptr;
}

void SelectorMessages::commit(Trace& trace) {
  for (SelectorMessage& m : list_) {
    if (const DataFields* fields = m.values.fields()) trace.message(m.source, m.key, *fields);
    else trace.message(m.source, m.key, m.values.to_json());
  }
  list_.clear();
}

}  // namespace placement
