// The `data` object of a §6.4 rejection, a §6.3 skip or a not-examined entry, typed: named values
// written in the order they were given, so a fit algorithm states its figures without building
// JSON, and the trace prints exactly what the JSON object printed.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "trace/trace.h"

namespace placement {

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
// or strings, a nested object, or a list of objects.
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
  DataValue(std::vector<std::int64_t> list) : value_(std::move(list)) {}
  DataValue(std::vector<std::string> list) : value_(std::move(list)) {}
  DataValue(DataFields object) : value_(std::move(object)) {}
  DataValue(std::vector<DataFields> objects) : value_(std::move(objects)) {}

  void write(JsonOut& out) const;

 private:
  std::variant<std::nullptr_t, std::int64_t, std::uint64_t, double, bool, std::string, std::vector<std::int64_t>,
               std::vector<std::string>, DataFields, std::vector<DataFields>>
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

// A list of objects typed as DataFields (entries of a record's list), written as a JSON array.
class DataFieldsList final : public DeferredList {
 public:
  std::vector<DataFields> list;
  void write(JsonOut& out) const override {
    out.begin_array();
    for (const DataFields& item : list) item.write(out);
    out.end_array();
  }
};

}  // namespace placement
