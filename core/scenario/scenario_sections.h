// The two big arrays of a scenario, workers and model_instances, loaded element by element, so
// the loader can take them from a whole document (load_scenario) or while the text is parsed
// (scenario_stream.cpp) with the same checks, in the same order, and the same errors.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <type_traits>
#include <vector>

#include "scenario/errors.h"
#include "scenario/limits.h"
#include "scenario/types.h"

namespace placement {

// GPUStack's model instance states (any other is refused).
const std::vector<std::string>& instance_states();

// The JSON Pointer of element `index` of the top-level array `key` ("/workers/3"): built only
// when an error names it (a thousand-worker scenario has thousands of elements).
std::string element_pointer(const char* key, std::size_t index);

// Workers in document order: each loaded (load_worker), then its id and name checked against
// the earlier ones; unknown states become warnings.
// A section's list as the scenario keeps it: growth by doubling leaves up to half the list's room
// unused for as long as the scenario lives, so a list with more than a quarter spare is trimmed.
template <class T>
std::vector<T>& fit_room(std::vector<T>& list) {
  if (list.capacity() - list.size() > list.size() / 4) list.shrink_to_fit();
  return list;
}

class WorkerSection {
 public:
  static constexpr const char* kKey = "workers";
  static constexpr const char* kWhat = "workers";
  static constexpr std::size_t kLimit = limits::kMaxWorkers;

  void add(const Json& value, std::size_t index);  // element `index`; throws InputError
  void accept(Worker&& worker, std::size_t index);  // a loaded one (throws InputError)
  void move_into(Scenario& s);

 private:
  std::vector<Worker> workers_;
  std::vector<std::string> warnings_;
  std::set<std::int64_t> ids_;
  std::set<std::string> names_;
};

class InstanceSection {
 public:
  static constexpr const char* kKey = "model_instances";
  static constexpr const char* kWhat = "model instances";
  static constexpr std::size_t kLimit = limits::kMaxModelInstances;
  void add(const Json& value, std::size_t index);  // element `index`; throws InputError
  void accept(ModelInstance&& instance, std::size_t) { instances_.push_back(std::move(instance)); }
  void move_into(Scenario& s) { s.model_instances = std::move(fit_room(instances_)); }

 private:
  std::vector<ModelInstance> instances_;
};

// A section fed while the document is parsed. Errors are kept, not thrown, until the loader
// reaches the section, so a later syntax error or an earlier section's error still comes first.
template <class Section>
struct StreamedSection {
  bool active = false;  // the document's (last) value of the key is an array read this way
  std::size_t count = 0;
  std::optional<InputError> error;
  Section section;

  void restart() { *this = StreamedSection(); }
  // Only the first error matters, and nothing beyond the limit is kept (it is refused anyway).
  bool wants_elements() const { return !error && count < Section::kLimit; }
  // The next element, as a document or already loaded (typed).
  template <class Element>
  void add(Element&& element) {
    const std::size_t index = count++;
    try {
      if constexpr (std::is_same_v<std::decay_t<Element>, Json>) section.add(element, index);
      else section.accept(std::forward<Element>(element), index);
    } catch (const InputError& e) {
      error = e;
    }
  }
  void skip() { ++count; }
  // Throws what loading the whole array at once would have thrown, else hands the result over.
  void finish(Scenario& s) {
    if (count > Section::kLimit)
      throw InputError(std::string("/") + Section::kKey, std::to_string(count) + " " + Section::kWhat +
                                                             " is beyond the explorer's limit of " + std::to_string(Section::kLimit));
    if (error) throw *error;
    section.move_into(s);
  }
};

struct StreamedSections {
  StreamedSection<WorkerSection> workers;
  StreamedSection<InstanceSection> instances;
};

// parse() (Json::parse or Json::sax_parse), its refusals as InputErrors: parse errors name the
// byte offset; the parser's other refusals (a number beyond double's range, e.g. 1e999; found by
// fragment_fuzz) carry none.
template <class Parse>
auto parse_or_input_error(Parse parse) {
  try {
    return parse();
  } catch (const nlohmann::json::parse_error& e) {
    throw InputError("", std::string("invalid JSON at byte ") + std::to_string(e.byte) + ": " + e.what());
  } catch (const nlohmann::json::exception& e) {
    throw InputError("", std::string("invalid JSON: ") + e.what());
  }
}

// load_scenario(document) where `document` holds empty placeholders for the streamed arrays.
Scenario load_scenario_with(const Json& document, StreamedSections* streamed);

}  // namespace placement
