#include "scenario/json_tree_reader.h"

#include <string>
#include <utility>
#include <vector>

#include "scenario/json_scan.h"

namespace placement {

namespace {

// A SAX handler that builds the document Json::parse builds: a repeated key keeps its first
// position and takes the last value (ordered_map::operator[], as nlohmann's DOM builder does).
class TreeBuilder {
 public:
  bool null() { return put(Json(nullptr)); }
  bool boolean(bool v) { return put(Json(v)); }
  bool number_integer(std::int64_t v) { return put(Json(v)); }
  bool number_unsigned(std::uint64_t v) { return put(Json(v)); }
  bool number_float(double v, const std::string&) { return put(Json(v)); }
  bool string(std::string& v) { return put(Json(std::move(v))); }

  bool start_object(std::size_t) {
    open_.push_back(Open{true, Json(), {}, 0});
    return true;
  }
  bool key(std::string& k) {
    Open& o = open_.back();
    for (std::size_t i = 0; i < o.members.size(); ++i)
      if (o.members[i].first == k) return o.slot = i, true;
    o.slot = o.members.size();
    o.members.emplace_back(std::move(k), Json());
    return true;
  }
  bool end_object() {
    Open o = std::move(open_.back());
    open_.pop_back();
    Json object(Json::value_t::object);
    auto& members = object.get_ref<Json::object_t&>();
    members.reserve(o.members.size());
    for (auto& [k, v] : o.members) members.Json::object_t::Container::emplace_back(std::move(k), std::move(v));
    return put(std::move(object));
  }
  bool start_array(std::size_t) {
    open_.push_back(Open{false, Json::array(), {}, 0});
    return true;
  }
  bool end_array() {
    Json array = std::move(open_.back().array);
    open_.pop_back();
    return put(std::move(array));
  }

  Json take() { return std::move(root_); }

 private:
  struct Open {
    bool object;
    Json array;                                     // an open array's elements so far
    std::vector<std::pair<std::string, Json>> members;  // an open object's members so far
    std::size_t slot;                               // the member the next value goes to
  };

  bool put(Json v) {
    if (open_.empty()) root_ = std::move(v);
    else if (open_.back().object) open_.back().members[open_.back().slot].second = std::move(v);
    else open_.back().array.get_ref<Json::array_t&>().push_back(std::move(v));
    return true;
  }

  std::vector<Open> open_;
  Json root_;
};

}  // namespace

Json read_json_tree(std::string_view text) {
  TreeBuilder builder;
  if (scan_json(text.data(), text.data() + text.size(), builder)) return builder.take();
  return Json::parse(text);
}

}  // namespace placement
