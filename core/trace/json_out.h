// Where a record's JSON goes, event by event (begin an object, a key, a value, ...). A record is
// written once, to this interface, and the same events either build a Json tree (JsonTreeOut: the
// UI, the explanations) or print text straight to a sink (JsonTextOut: the CLI, the page's
// result()), so the tree and the text can never disagree, and a 12 MB trace need not exist as a
// tree before it is printed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "scenario/types.h"

namespace placement {

class JsonOut {
 public:
  virtual ~JsonOut() = default;

  virtual void begin_object() = 0;
  virtual void end_object() = 0;
  virtual void begin_array() = 0;
  virtual void end_array() = 0;
  // The next member's key; only inside an object, before its value.
  virtual void key(std::string_view k) = 0;
  // A whole value (scalar or tree) in the next slot.
  virtual void value(const Json& v) = 0;
  virtual void string(std::string_view s) = 0;

  // Scalars, written as value(Json(v)) writes them. Integers keep their signedness as Json(v)
  // would (the text is the same either way). A printer writes them without the Json: a result
  // holds hundreds of thousands of numbers.
  template <class T, std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool>, int> = 0>
  void number(T v) {
    if constexpr (std::is_signed_v<T>) signed_number(static_cast<std::int64_t>(v));
    else unsigned_number(static_cast<std::uint64_t>(v));
  }
  virtual void number(double v) { value(Json(v)); }
  virtual void boolean(bool v) { value(Json(v)); }
  virtual void null() { value(Json(nullptr)); }
  virtual void signed_number(std::int64_t v) { value(Json(v)); }
  virtual void unsigned_number(std::uint64_t v) { value(Json(v)); }

  // key + value in one call.
  void member(std::string_view k, const Json& v) { key(k), value(v); }
  void member(std::string_view k, std::string_view s) { key(k), string(s); }
  void member(std::string_view k, const char* s) { key(k), string(s); }
  void member(std::string_view k, const std::string& s) { key(k), string(s); }
  template <class T, std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool>, int> = 0>
  void member(std::string_view k, T v) {
    key(k), number(v);
  }
  void member(std::string_view k, double v) { key(k), number(v); }
  void member(std::string_view k, bool v) { key(k), boolean(v); }
};

// Builds the tree the events describe.
class JsonTreeOut final : public JsonOut {
 public:
  void begin_object() override;
  void end_object() override;
  void begin_array() override;
  void end_array() override;
  void key(std::string_view k) override;
  void value(const Json& v) override;
  void string(std::string_view s) override;

  // The finished value (after the outermost end_*, or the one value written).
  Json take() { return std::move(root_); }

 private:
  Json& slot();

  Json root_;
  std::vector<Json*> open_;
  std::string key_;
};

// The tree a writer writes: a callable `void(JsonOut&)`, or anything that writes itself (a
// `void write(JsonOut&) const` member).
template <class Writer>
Json json_tree(const Writer& w) {
  JsonTreeOut tree;
  if constexpr (std::is_invocable_v<const Writer&, JsonOut&>) w(tree);
  else w.write(tree);
  return tree.take();
}

// An array with one object per item, its members written by `members(item)`.
template <class Items, class Members>
void write_object_array(JsonOut& out, const Items& items, Members members) {
  out.begin_array();
  for (const auto& item : items) {
    out.begin_object();
    members(item);
    out.end_object();
  }
  out.end_array();
}

// `data` of a record as §6 writes it: null reads as {}.
inline void write_data(JsonOut& out, const Json& data) {
  if (data.is_null()) {
    out.begin_object();
    out.end_object();
  } else {
    out.value(data);
  }
}

// Receives text in order, in pieces of up to 64 KiB.
using TextSink = std::function<void(const char* data, std::size_t size)>;

// Prints exactly what Json::dump(2) prints for the same tree (two-space indent, "{}"/"[]" when
// empty, invalid UTF-8 as U+FFFD), into a 64 KiB buffer handed to the sink when full and at flush().
class JsonTextOut final : public JsonOut {
 public:
  explicit JsonTextOut(const TextSink& sink);
  ~JsonTextOut() override;
  JsonTextOut(const JsonTextOut&) = delete;
  JsonTextOut& operator=(const JsonTextOut&) = delete;

  void begin_object() override;
  void end_object() override;
  void begin_array() override;
  void end_array() override;
  void key(std::string_view k) override;
  void value(const Json& v) override;
  void string(std::string_view s) override;
  using JsonOut::number;
  void number(double v) override;
  void boolean(bool v) override;
  void null() override;
  void signed_number(std::int64_t v) override;
  void unsigned_number(std::uint64_t v) override;

  // Raw text (a final newline); then everything written so far goes to the sink.
  void raw(std::string_view text);
  void flush();

 private:
  class Buffer;
  void before_value();
  void open(char bracket);
  void close(char bracket);
  void quoted(std::string_view s);

  std::shared_ptr<Buffer> buffer_;
  std::unique_ptr<nlohmann::detail::serializer<Json>> serializer_;
  // Per open container: how many members or elements it has so far.
  std::vector<std::size_t> counts_;
  bool after_key_ = false;
};

}  // namespace placement
