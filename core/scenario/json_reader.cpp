#include "scenario/json_reader.h"

#include <cmath>
#include <limits>

#include "scenario/limits.h"

namespace placement {

std::string pointer_token(const std::string& key) {
  std::string out;
  out.reserve(key.size());
  for (char c : key) {
    if (c == '~') out += "~0";
    else if (c == '/') out += "~1";
    else out += c;
  }
  return out;
}

namespace {
const char* type_name(const Json& j) {
  if (j.is_null()) return "null";
  if (j.is_boolean()) return "a boolean";
  if (j.is_number()) return "a number";
  if (j.is_string()) return "a string";
  if (j.is_array()) return "an array";
  return "an object";
}
}  // namespace

bool JsonReader::has(const std::string& key) const {
  if (!value_->is_object()) return false;
  auto it = value_->find(key);
  return it != value_->end() && !it->is_null();
}

JsonReader JsonReader::at(const std::string& key) const {
  expect_object();
  auto it = value_->find(key);
  if (it == value_->end()) fail_member(key, "required field '" + key + "' is missing");
  return JsonReader(*it, child_pointer(key));
}

JsonReader JsonReader::at(std::size_t index) const {
  expect_array();
  if (index >= value_->size()) fail("index " + std::to_string(index) + " out of range");
  return JsonReader((*value_)[index], pointer_ + "/" + std::to_string(index));
}

void JsonReader::fail(const std::string& message) const { throw InputError(pointer_, message); }

void JsonReader::fail_member(const std::string& key, const std::string& message) const {
  throw InputError(child_pointer(key), message);
}

void JsonReader::expect_object() const {
  if (!value_->is_object()) fail(std::string("expected an object, got ") + type_name(*value_));
}

void JsonReader::expect_array() const {
  if (!value_->is_array()) fail(std::string("expected an array, got ") + type_name(*value_));
}

std::string JsonReader::as_string() const {
  if (!value_->is_string()) fail(std::string("expected a string, got ") + type_name(*value_));
  return value_->get<std::string>();
}

bool JsonReader::as_bool() const {
  if (!value_->is_boolean()) fail(std::string("expected a boolean, got ") + type_name(*value_));
  return value_->get<bool>();
}

double JsonReader::as_number() const {
  if (!value_->is_number()) fail(std::string("expected a number, got ") + type_name(*value_));
  double d = value_->get<double>();
  if (!std::isfinite(d)) fail("expected a finite number");
  return d;
}

std::int64_t JsonReader::as_int() const {
  if (value_->is_number_integer()) {
    if (value_->is_number_unsigned() && value_->get<std::uint64_t>() > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
      fail("integer does not fit in 64 bits");
    return value_->get<std::int64_t>();
  }
  if (value_->is_number_float()) {
    double d = value_->get<double>();
    // Accept integral renderings such as 5.0; anything else is a type error.
    if (std::isfinite(d) && d == std::floor(d) && std::fabs(d) < 9.0e18) return static_cast<std::int64_t>(d);
    fail("expected an integer, got a non-integral number");
  }
  fail(std::string("expected an integer, got ") + type_name(*value_));
}

std::int64_t JsonReader::as_size() const {
  std::int64_t v = as_int();
  if (v < 0) fail("expected a non-negative size, got " + std::to_string(v));
  if (v > limits::kMaxBytes)
    fail(std::to_string(v) + " is beyond the explorer's limit of " + std::to_string(limits::kMaxBytes) + " (64 TiB) for a size");
  return v;
}

std::int64_t JsonReader::as_int_within(std::int64_t lo, std::int64_t hi, const std::string& what) const {
  std::int64_t v = as_int();
  if (v < lo || v > hi)
    fail(what + " " + std::to_string(v) + " is out of range (" + std::to_string(lo) + " to " + std::to_string(hi) + ")");
  return v;
}

std::vector<JsonReader> JsonReader::elements_at_most(std::size_t max, const std::string& what) const {
  expect_array();
  if (value_->size() > max)
    fail(std::to_string(value_->size()) + " " + what + " is beyond the explorer's limit of " + std::to_string(max));
  return elements();
}

std::int64_t JsonReader::as_int_or_int_string() const {
  if (value_->is_string()) {
    const std::string s = value_->get<std::string>();
    std::size_t pos = 0;
    long long v = 0;
    try {
      v = std::stoll(s, &pos);
    } catch (...) {
      fail("expected an integer key, got '" + s + "'");
    }
    if (pos != s.size()) fail("expected an integer key, got '" + s + "'");
    return v;
  }
  return as_int();
}

std::string JsonReader::req_string(const std::string& key) const {
  JsonReader r = at(key);
  if (r.is_null()) fail_member(key, "required field '" + key + "' is null");
  return r.as_string();
}

std::optional<std::string> JsonReader::opt_string(const std::string& key) const {
  if (!has(key)) return std::nullopt;
  return at(key).as_string();
}

std::int64_t JsonReader::req_int(const std::string& key) const {
  JsonReader r = at(key);
  if (r.is_null()) fail_member(key, "required field '" + key + "' is null");
  return r.as_int();
}

std::optional<std::int64_t> JsonReader::opt_int(const std::string& key) const {
  if (!has(key)) return std::nullopt;
  return at(key).as_int();
}

std::int64_t JsonReader::req_size(const std::string& key) const {
  JsonReader r = at(key);
  if (r.is_null()) fail_member(key, "required field '" + key + "' is null");
  return r.as_size();
}

std::optional<std::int64_t> JsonReader::opt_size(const std::string& key) const {
  if (!has(key)) return std::nullopt;
  return at(key).as_size();
}

std::optional<double> JsonReader::opt_number(const std::string& key) const {
  if (!has(key)) return std::nullopt;
  return at(key).as_number();
}

std::optional<bool> JsonReader::opt_bool(const std::string& key) const {
  if (!has(key)) return std::nullopt;
  return at(key).as_bool();
}

std::optional<std::vector<std::string>> JsonReader::opt_string_list(const std::string& key) const {
  if (!has(key)) return std::nullopt;
  std::vector<std::string> out;
  for (const JsonReader& e : at(key).elements()) out.push_back(e.as_string());
  return out;
}

std::optional<StringMap> JsonReader::opt_string_map(const std::string& key) const {
  if (!has(key)) return std::nullopt;
  StringMap out;
  for (const auto& [k, v] : at(key).members()) {
    if (v.value().is_string()) out.emplace_back(k, v.value().get<std::string>());
    else if (v.value().is_number() || v.value().is_boolean()) out.emplace_back(k, v.value().dump());
    else if (v.value().is_null()) out.emplace_back(k, "");
    else v.fail("expected a string value");
  }
  return out;
}

std::vector<JsonReader> JsonReader::elements() const {
  expect_array();
  std::vector<JsonReader> out;
  out.reserve(value_->size());
  for (std::size_t i = 0; i < value_->size(); ++i)
    out.emplace_back((*value_)[i], pointer_ + "/" + std::to_string(i));
  return out;
}

std::vector<std::pair<std::string, JsonReader>> JsonReader::members() const {
  expect_object();
  std::vector<std::pair<std::string, JsonReader>> out;
  for (auto it = value_->begin(); it != value_->end(); ++it)
    out.emplace_back(it.key(), JsonReader(it.value(), child_pointer(it.key())));
  return out;
}

}  // namespace placement
