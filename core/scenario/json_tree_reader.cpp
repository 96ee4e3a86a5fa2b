#include "scenario/json_tree_reader.h"

#include <string>
#include <utility>
#include <vector>

#include "scenario/json_scan.h"

namespace placement {

namespace {

// A SAX handler that builds the document Json::parse builds: a repeated key keeps its first
// position and takes the last value (ordered_map::operator[], as nlohmann's DOM builder does).
// The members and elements of every open container wait on two shared stacks and move into their
// container, sized once, when it closes: no list of its own per open container (at a thousand
// workers those allocations were half of the parse).
class TreeBuilder {
 public:
  bool null() { return put(Json(nullptr)); }
  bool boolean(bool v) { return put(Json(v)); }
  bool number_integer(std::int64_t v) { return put(Json(v)); }
  bool number_unsigned(std::uint64_t v) { return put(Json(v)); }
  bool number_float(double v, const std::string&) { return put(Json(v)); }
  bool string(std::string& v) { return put(Json(std::move(v))); }

  bool start_object(std::size_t) {
    open_.push_back(Open{true, members_.size(), 0});
    return true;
  }
  bool key(std::string& k) {
    Open& o = open_.back();
    for (std::size_t i = o.first; i < members_.size(); ++i)
      if (members_[i].first == k) return o.slot = i, true;
    o.slot = members_.size();
    members_.emplace_back(std::move(k), Json());
    return true;
  }
  bool end_object() {
    const std::size_t first = open_.back().first;
    open_.pop_back();
    Json object(Json::value_t::object);
    auto& members = object.get_ref<Json::object_t&>();
    members.reserve(members_.size() - first);
    for (std::size_t i = first; i < members_.size(); ++i)
      members.Json::object_t::Container::emplace_back(std::move(members_[i].first), std::move(members_[i].second));
    members_.resize(first);
    return put(std::move(object));
  }
  bool start_array(std::size_t) {
    open_.push_back(Open{false, elements_.size(), 0});
    return true;
  }
  bool end_array() {
    const std::size_t first = open_.back().first;
    open_.pop_back();
    Json array(Json::value_t::array);
    auto& elements = array.get_ref<Json::array_t&>();
    elements.reserve(elements_.size() - first);
    for (std::size_t i = first; i < elements_.size(); ++i) elements.push_back(std::move(elements_[i]));
    elements_.resize(first);
    return put(std::move(array));
  }

  Json take() { return std::move(root_); }

 private:
  struct Open {
    bool object;
    std::size_t first;  // its first member (object) or element (array) on the shared stack
    std::size_t slot;   // an object's member the next value goes to
  };

  bool put(Json v) {
    if (open_.empty()) root_ = std::move(v);
    else if (open_.back().object) members_[open_.back().slot].second = std::move(v);
    else elements_.push_back(std::move(v));
    return true;
  }

  std::vector<Open> open_;
  std::vector<std::pair<std::string, Json>> members_;
  std::vector<Json> elements_;
  Json root_;
};

}  // namespace

Json read_json_tree(std::string_view text) {
  TreeBuilder builder;
  if (scan_json(text.data(), text.data() + text.size(), builder)) return builder.take();
  return Json::parse(text);
}

}  // namespace placement
