#include "app/typed_follower.h"

#include <exception>
#include <string>

#include "app/typed_edit.h"
#include "scenario/scenario_loader.h"
#include "scenario/worker_state.h"

namespace placement::ui {

namespace {

using Kind = DocumentChange::Kind;

const Json::json_pointer& workers_list() {
  static const Json::json_pointer p("/workers");
  return p;
}

const Json::json_pointer& instances_list() {
  static const Json::json_pointer p("/model_instances");
  return p;
}

// `pointer` is `list` or inside it.
bool within(const Json::json_pointer& pointer, const Json::json_pointer& list) {
  const std::string text = pointer.to_string(), prefix = list.to_string();
  return text.rfind(prefix, 0) == 0 && (text.size() == prefix.size() || text[prefix.size()] == '/');
}

// The document's array at `list` (absent: empty), or null when it is something else.
const Json* list_of(const Json& document, const Json::json_pointer& list) {
  static const Json empty = Json::array();
  if (!document.contains(list)) return &empty;
  const Json& a = document.at(list);
  return a.is_array() ? &a : nullptr;
}

// The worker list loses workers [from, to): a worker the loader warned about takes its warning
// with it, which is the whole load's to word.
bool erase_workers(Scenario& s, std::size_t from, std::size_t to) {
  if (from > to || to > s.workers.size()) return false;
  for (std::size_t i = from; i < to; ++i)
    if (unknown_worker_state_warning(s.workers[i])) return false;
  s.workers.erase(s.workers.begin() + std::ptrdiff_t(from), s.workers.begin() + std::ptrdiff_t(to));
  return true;
}

bool erase_instances(Scenario& s, std::size_t from, std::size_t to) {
  if (from > to || to > s.model_instances.size()) return false;
  s.model_instances.erase(s.model_instances.begin() + std::ptrdiff_t(from), s.model_instances.begin() + std::ptrdiff_t(to));
  return true;
}

// Elements [from, from + count) of the document's list are new: loaded into the typed list.
bool insert_elements(Scenario& s, bool workers, const Json& list, std::size_t from, std::size_t count) {
  if (from + count > list.size()) return false;
  const Json* first = count ? &list[from] : nullptr;
  return workers ? insert_workers(s, from, first, count) : insert_instances(s, from, first, count);
}

// The whole instance list set (or removed): every instance loaded again.
bool reload_instances(Scenario& s, const Json& document) {
  const Json* list = list_of(document, instances_list());
  if (!list) return false;
  s.model_instances.clear();
  return insert_elements(s, false, *list, 0, list->size());
}

// The scale-down target changed: the loader reads it from a document of the model and that
// section alone (it checks nothing across sections).
bool reload_scale_down(Scenario& s, const Json& document) {
  Json part = Json::object();
  if (document.contains("model")) part["model"] = document["model"];
  if (document.contains("scale_down")) part["scale_down"] = document["scale_down"];
  try {
    s.scale_down = load_scenario(part).scale_down;
  } catch (const std::exception&) {
    return false;
  }
  return true;
}

// One element of a list changed in place (/model_instances/<i>/...): loaded again.
bool reload_instance(Scenario& s, const Json& document, const Json::json_pointer& pointer) {
  const long i = element_of(pointer, "model_instances");
  const Json* list = list_of(document, instances_list());
  if (i < 0 || !list || std::size_t(i) >= s.model_instances.size() || std::size_t(i) >= list->size()) return false;
  try {
    s.model_instances[std::size_t(i)] = load_instance((*list)[std::size_t(i)], "/model_instances/" + std::to_string(i));
  } catch (const std::exception&) {
    return false;
  }
  return true;
}

bool follow_value(Scenario& s, const Json::json_pointer& pointer, const Json& document) {
  if (pointer == instances_list()) return reload_instances(s, document);
  if (within(pointer, instances_list())) return reload_instance(s, document, pointer);
  if (within(pointer, Json::json_pointer("/scale_down"))) return reload_scale_down(s, document);
  return edit_part(s, document, pointer);
}

}  // namespace

bool TypedFollower::follow(Scenario& s, const DocumentChange& change, const Json& document) {
  if (change.kind == Kind::document) return false;
  if (change.kind == Kind::value) return follow_value(s, change.pointer, document);
  const bool workers = change.pointer == workers_list();
  if (!workers && change.pointer != instances_list()) return false;
  const Json* list = list_of(document, change.pointer);
  if (!list) return false;
  const std::size_t before = workers ? s.workers.size() : s.model_instances.size();
  const auto erase = [&](std::size_t from, std::size_t to) { return workers ? erase_workers(s, from, to) : erase_instances(s, from, to); };
  bool ok = false;
  switch (change.kind) {
    case Kind::erased: ok = erase(change.index, change.index + 1); break;
    case Kind::inserted: ok = insert_elements(s, workers, *list, change.index, 1); break;
    case Kind::tail_dropped: ok = change.index <= before && erase(before - change.index, before); break;
    case Kind::tail_appended: ok = insert_elements(s, workers, *list, before, change.index); break;
    default: break;
  }
  // The typed list and the document's must agree after every change.
  return ok && (workers ? s.workers.size() : s.model_instances.size()) == list->size();
}

void TypedFollower::changed(const DocumentChange& change, const Json& document) {
  if (within(change.pointer, instances_list()) || change.kind == Kind::document) instances_changed_ = true;
  if (lost_ || !start_) return;
  if (!next_) next_ = std::make_shared<Scenario>(*start_);
  if (!follow(*next_, change, document)) lost_ = true, next_.reset();
}

std::shared_ptr<const Scenario> TypedFollower::result() const {
  if (lost_ || !start_) return nullptr;
  return next_ ? next_ : std::make_shared<Scenario>(*start_);
}

}  // namespace placement::ui
