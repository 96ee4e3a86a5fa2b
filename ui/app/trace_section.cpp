#include "app/trace_section.h"

#include <string>

namespace placement::ui {

namespace {

// Thrown once the section is complete: Trace::write has no way to stop early, and the sections
// after the filters (strategies, scoring) hold the bulk of a large trace.
struct SectionDone {};

// Forwards to a tree the events of the value of one member of the outermost object; ignores the rest.
class SectionOut final : public JsonOut {
 public:
  explicit SectionOut(std::string_view name) : name_(name) {}

  void begin_object() override {
    if (begin()) tree_.begin_object();
    ++depth_;
  }
  void begin_array() override {
    if (begin()) tree_.begin_array();
    ++depth_;
  }
  void end_object() override {
    --depth_;
    if (capturing_) tree_.end_object(), end();
  }
  void end_array() override {
    --depth_;
    if (capturing_) tree_.end_array(), end();
  }
  void key(std::string_view k) override {
    if (capturing_) tree_.key(k);
    else if (depth_ == 1) wanted_ = k == name_;
  }
  void value(const Json& v) override {
    if (capturing_) return tree_.value(v);
    if (wanted_) tree_.value(v), throw SectionDone{};
  }
  void string(std::string_view s) override {
    if (capturing_) return tree_.string(s);
    if (wanted_) tree_.string(s), throw SectionDone{};
  }
  Json take() { return tree_.take(); }

 private:
  // Whether the container that begins is (inside) the section.
  bool begin() {
    if (!capturing_ && wanted_) capturing_ = true, start_ = depth_;
    return capturing_;
  }
  void end() {
    if (depth_ == start_) throw SectionDone{};
  }

  std::string_view name_;
  JsonTreeOut tree_;
  int depth_ = 0;  // open containers
  int start_ = 0;  // depth_ where the section's value began
  bool wanted_ = false;
  bool capturing_ = false;
};

}  // namespace

Json trace_section(const Trace& trace, std::string_view name) {
  SectionOut out(name);
  try {
    trace.write(out);
  } catch (const SectionDone&) {
    Json section = Json::object();
    section[std::string(name)] = out.take();
    return section;
  }
  return Json::object();
}

}  // namespace placement::ui
