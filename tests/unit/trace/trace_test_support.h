// Shared by the trace's record tests: a list record whose length shows in the text, and the text
// a record prints.
#pragma once

#include <catch2/catch.hpp>

#include <memory>
#include <string>
#include <string_view>
#include <type_traits>

#include "trace/trace.h"

namespace placement::testing {

// Writes the array [first, first + 1, ..., first + n - 1].
class CountingList final : public TraceRecord {
 public:
  CountingList(int n, int first) : n_(n), first_(first) {}
  void write(JsonOut& out) const override {
    out.begin_array();
    for (int i = 0; i < n_; ++i) out.number(first_ + i);
    out.end_array();
  }

 private:
  int n_;
  int first_;
};

// What a writer prints as the CLI prints it: a callable `void(JsonOut&)` or anything with a
// `void write(JsonOut&) const` member.
template <class Writer>
std::string text_of(const Writer& w) {
  std::string text;
  JsonTextOut out([&](const char* data, std::size_t size) { text.append(data, size); });
  if constexpr (std::is_invocable_v<const Writer&, JsonOut&>) w(out);
  else w.write(out);
  out.flush();
  return text;
}

// The tree of one section of a trace as write_section() writes it; the section must exist.
inline Json section(const Trace& t, std::string_view name) {
  JsonTreeOut tree;
  REQUIRE(t.write_section(name, tree));
  return tree.take();
}

}  // namespace placement::testing
