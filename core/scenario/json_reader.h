// A cursor over a JSON value that knows its JSON Pointer, so every validation error says where
// the bad value is (e.g. /workers/3/status/gpu_devices/1/memory/total).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "scenario/errors.h"
#include "scenario/types.h"

namespace placement {

class JsonReader {
 public:
  JsonReader(const Json& value, std::string pointer) : value_(&value), pointer_(std::move(pointer)) {}

  const Json& value() const { return *value_; }
  const std::string& pointer() const { return pointer_; }
  bool is_null() const { return value_->is_null(); }

  // Child access. `has` is true for a present, non-null member.
  bool has(const std::string& key) const;
  JsonReader at(const std::string& key) const;  // requires presence (null allowed)
  JsonReader at(std::size_t index) const;
  std::string child_pointer(const std::string& key) const { return pointer_ + "/" + pointer_token(key); }

  [[noreturn]] void fail(const std::string& message) const;
  [[noreturn]] void fail_member(const std::string& key, const std::string& message) const;

  void expect_object() const;
  void expect_array() const;

  // Typed reads of this value.
  std::string as_string() const;
  bool as_bool() const;
  double as_number() const;
  std::int64_t as_int() const;  // integral JSON number (5.0 accepted); strings rejected
  std::int64_t as_size() const; // non-negative integer, at most limits::kMaxBytes
  std::int64_t as_int_within(std::int64_t lo, std::int64_t hi, const std::string& what) const;
  std::int64_t as_int_or_int_string() const;  // int, or a string holding one ("1")

  // Members: `req_*` throw when absent or null; `opt_*` return nullopt for absent or null.
  std::string req_string(const std::string& key) const;
  std::optional<std::string> opt_string(const std::string& key) const;
  std::int64_t req_int(const std::string& key) const;
  std::optional<std::int64_t> opt_int(const std::string& key) const;
  std::int64_t req_size(const std::string& key) const;
  std::optional<std::int64_t> opt_size(const std::string& key) const;
  std::optional<double> opt_number(const std::string& key) const;
  std::optional<bool> opt_bool(const std::string& key) const;
  std::optional<std::vector<std::string>> opt_string_list(const std::string& key) const;
  std::optional<StringMap> opt_string_map(const std::string& key) const;  // values stringified if scalar

  // Iterate an array's elements / an object's members with their readers.
  std::vector<JsonReader> elements() const;
  // elements(), refusing an array longer than `max` ("N <what> is beyond the limit of max").
  std::vector<JsonReader> elements_at_most(std::size_t max, const std::string& what) const;
  std::vector<std::pair<std::string, JsonReader>> members() const;

 private:
  const Json* value_;
  std::string pointer_;
};

}  // namespace placement
