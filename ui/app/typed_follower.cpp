#include "app/typed_follower.h"

#include <exception>
#include <string>

#include "app/typed_edit.h"
#include "scenario/scenario_loader.h"

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

// The worker list loses workers [from, to) (a worker the loader warned about takes its warning
// with it).
bool erase_workers(Scenario& s, std::size_t from, std::size_t to) {
  if (from > to || to > s.workers.size()) return false;
  s.workers.erase(s.workers.begin() + std::ptrdiff_t(from), s.workers.begin() + std::ptrdiff_t(to));
  renew_warnings(s);
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

// The top-level sections the loader reads each on its own, after the model and the two lists
// (load_scenario checks nothing across them), with what each becomes in the Scenario.
struct OtherSection {
  const char* key;
  void (*take)(Scenario& to, Scenario&& from);
};
const OtherSection kOtherSections[] = {
    {"format", [](Scenario&, Scenario&&) {}},
    {"model_files", [](Scenario& to, Scenario&& from) { to.model_files = std::move(from.model_files); }},
    {"estimates", [](Scenario& to, Scenario&& from) { to.estimates = std::move(from.estimates); }},
    {"inference_backends", [](Scenario& to, Scenario&& from) { to.inference_backends = std::move(from.inference_backends); }},
    {"scale_down", [](Scenario& to, Scenario&& from) { to.scale_down = from.scale_down; }},
    {"skip_evaluation", [](Scenario& to, Scenario&& from) { to.skip_evaluation = from.skip_evaluation; }},
    {"candidates", [](Scenario& to, Scenario&& from) { to.candidates = std::move(from.candidates); }},
};

const OtherSection* other_section(const Json::json_pointer& pointer) {
  for (const OtherSection& section : kOtherSections)
    if (within(pointer, Json::json_pointer(std::string("/") + section.key))) return &section;
  return nullptr;
}

// One of those sections changed: the loader reads it from a document of the model and that
// section alone.
bool reload_section(Scenario& s, const Json& document, const OtherSection& section) {
  Json part = Json::object();
  if (document.contains("model")) part["model"] = document["model"];
  if (document.contains(section.key)) part[section.key] = document[section.key];
  try {
    section.take(s, load_scenario(part));
  } catch (const std::exception&) {
    return false;
  }
  return true;
}

// `pointer` is inside a top-level member the loader reads (any other it ignores).
bool read_by_loader(const Json::json_pointer& pointer) {
  if (pointer.empty()) return true;
  if (within(pointer, workers_list()) || within(pointer, instances_list()) || within(pointer, Json::json_pointer("/model"))) return true;
  return other_section(pointer) != nullptr;
}

// The whole worker list set: every worker loaded again.
bool reload_workers(Scenario& s, const Json& document) {
  const Json* list = list_of(document, workers_list());
  if (!list) return false;
  s.workers.clear();
  return insert_elements(s, true, *list, 0, list->size());
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
  if (pointer == workers_list()) return reload_workers(s, document);
  if (const OtherSection* section = other_section(pointer)) return reload_section(s, document, *section);
  if (!read_by_loader(pointer)) return true;  // a member the loader ignores changes nothing
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
