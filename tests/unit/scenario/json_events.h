// The SAX events of a JSON text, as one string per event, from nlohmann's parser or from the fast
// reader of core/scenario/json_scan.h: what json_scan_test and json_scan_fuzz compare.
#pragma once

#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "scenario/json_scan.h"
#include "scenario/types.h"

namespace placement::testing {

class JsonEventLog {
 public:
  std::vector<std::string> events;

  bool null() { return add("null"); }
  bool boolean(bool v) { return add(v ? "true" : "false"); }
  bool number_integer(std::int64_t v) { return add("int " + std::to_string(v)); }
  bool number_unsigned(std::uint64_t v) { return add("uint " + std::to_string(v)); }
  bool number_float(double v, const std::string& text) {
    std::uint64_t bits = 0;
    std::memcpy(&bits, &v, sizeof bits);
    return add("float " + std::to_string(bits) + " " + text);
  }
  bool string(std::string& v) { return add("string " + v); }
  bool binary(Json::binary_t&) { return add("binary"); }
  bool start_object(std::size_t n) { return add("{ " + std::to_string(n)); }
  bool key(std::string& k) { return add("key " + k); }
  bool end_object() { return add("}"); }
  bool start_array(std::size_t n) { return add("[ " + std::to_string(n)); }
  bool end_array() { return add("]"); }
  template <class Exception>
  bool parse_error(std::size_t, const std::string&, const Exception&) {
    return false;
  }

 private:
  bool add(std::string event) {
    events.push_back(std::move(event));
    return true;
  }
};

// nlohmann's events for `text`, or nullopt when it refuses the text (any exception included).
inline std::optional<std::vector<std::string>> nlohmann_events(const std::string& text) {
  JsonEventLog log;
  try {
    if (!Json::sax_parse(text, &log)) return std::nullopt;
  } catch (const Json::exception&) {
    return std::nullopt;
  }
  return log.events;
}

// The fast reader's events, or nullopt when it declines the text.
inline std::optional<std::vector<std::string>> scanned_events(const std::string& text) {
  JsonEventLog log;
  if (!scan_json(text.data(), text.data() + text.size(), log)) return std::nullopt;
  return log.events;
}

// Whether the fast reader may leave `text` to nlohmann although nlohmann accepts it: a leading
// byte-order mark (nlohmann skips it) or a NUL byte (nlohmann's input ends there, so "5\0junk"
// reads as 5). Anything else nlohmann accepts, the fast reader must read.
inline bool reader_may_decline(const std::string& text) {
  return text.compare(0, 3, "\xEF\xBB\xBF") == 0 || text.find('\0') != std::string::npos;
}

}  // namespace placement::testing
