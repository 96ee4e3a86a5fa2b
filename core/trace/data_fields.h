// The `data` object of a §6.4 rejection, a §6.3 skip or a not-examined entry, and the values of a
// trace message, summary line or error, typed: named values written in the order they were given,
// so a stage states its figures without building JSON, and the trace prints exactly what the JSON
// object printed.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "trace/json_out.h"

namespace placement {

class DeferredList;  // trace/trace.h: a typed record that writes itself
struct DataField;

class DataFields {
 public:
  DataFields() = default;
  DataFields(std::initializer_list<DataField> fields);
  // Defined below DataField: a list's copies and destruction need its element type complete,
  // and clang instantiates them where DataValue's variant first names DataFields.
  DataFields(const DataFields&);
  DataFields(DataFields&&) noexcept;
  DataFields& operator=(const DataFields&);
  DataFields& operator=(DataFields&&) noexcept;
  ~DataFields();

  bool empty() const { return fields_.empty(); }
  const std::vector<DataField>& fields() const { return fields_; }
  // Appends `field`, or replaces the value of a field of the same name where it stands.
  void set(DataField field);
  // The object {name: value, ...}.
  void write(JsonOut& out) const;
  // The members only, into an object already open.
  void write_members(JsonOut& out) const;
  Json to_json() const { return json_tree(*this); }

 private:
  std::vector<DataField> fields_;
};

// One value: a number (signed, unsigned or floating), a bool, a string, null, a list of integers
// or strings, a nested object, a list of objects, or a typed record (a filter's summary).
class DataValue {
 public:
  DataValue() = default;  // null
  DataValue(std::nullptr_t) {}
  template <class T, std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool>, int> = 0>
  DataValue(T v) {
    if constexpr (std::is_signed_v<T>) value_ = static_cast<std::int64_t>(v);
    else value_ = static_cast<std::uint64_t>(v);
  }
  DataValue(double v) : value_(v) {}
  DataValue(bool v) : value_(v) {}
  DataValue(const char* s) : value_(std::string(s)) {}
  DataValue(std::string s) : value_(std::move(s)) {}
  DataValue(const std::optional<std::string>& s) {
    if (s) value_ = *s;
  }
  DataValue(std::vector<std::int64_t> list) : value_(std::move(list)) {}
  DataValue(std::vector<std::string> list) : value_(std::move(list)) {}
  DataValue(DataFields object) : value_(std::move(object)) {}
  DataValue(std::vector<DataFields> objects) : value_(std::move(objects)) {}
  DataValue(std::shared_ptr<const DeferredList> record) : value_(std::move(record)) {}

  void write(JsonOut& out) const;

 private:
  std::variant<std::nullptr_t, std::int64_t, std::uint64_t, double, bool, std::string, std::vector<std::int64_t>,
               std::vector<std::string>, DataFields, std::vector<DataFields>, std::shared_ptr<const DeferredList>>
      value_;
};

struct DataField {
  const char* name;  // a string literal
  DataValue value;
};

inline DataFields::DataFields(std::initializer_list<DataField> fields) : fields_(fields) {}
inline DataFields::DataFields(const DataFields&) = default;
inline DataFields::DataFields(DataFields&&) noexcept = default;
inline DataFields& DataFields::operator=(const DataFields&) = default;
inline DataFields& DataFields::operator=(DataFields&&) noexcept = default;
inline DataFields::~DataFields() = default;

// The values of a trace message, summary line or error (§6.6, §6.9, §7.2): typed fields, a typed
// record shared with the stage that wrote it (a filter's summary), or a Json object (what set()
// makes of a shared record it adds a member to; no stage builds one). All write the same bytes.
class TraceValues {
 public:
  TraceValues() = default;  // {}
  TraceValues(DataFields fields) : value_(std::move(fields)) {}
  TraceValues(std::shared_ptr<const DeferredList> record) : value_(std::move(record)) {}
  TraceValues(Json json) : value_(std::move(json)) {}

  // The typed fields, or null for a Json value.
  const DataFields* fields() const { return std::get_if<DataFields>(&value_); }
  // Adds or replaces one member (a stage naming what it was doing when an error came up); a
  // shared record is copied into its Json first (it may still be filled by its stage).
  void set(DataField field);
  void write(JsonOut& out) const;
  Json to_json() const { return json_tree(*this); }

 private:
  std::variant<DataFields, std::shared_ptr<const DeferredList>, Json> value_;
};

}  // namespace placement
