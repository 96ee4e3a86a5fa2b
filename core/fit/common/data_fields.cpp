#include "fit/common/data_fields.h"

#include <cstring>

namespace placement {

void DataFields::set(DataField field) {
  for (DataField& f : fields_)
    if (std::strcmp(f.name, field.name) == 0) {
      f.value = std::move(field.value);
      return;
    }
  fields_.push_back(std::move(field));
}

void DataFields::write_members(JsonOut& out) const {
  for (const DataField& f : fields_) {
    out.key(f.name);
    f.value.write(out);
  }
}

void DataFields::write(JsonOut& out) const {
  out.begin_object();
  write_members(out);
  out.end_object();
}

namespace {

struct WriteValue {
  JsonOut& out;
  void operator()(std::nullptr_t) const { out.null(); }
  void operator()(std::int64_t v) const { out.number(v); }
  void operator()(std::uint64_t v) const { out.number(v); }
  void operator()(double v) const { out.number(v); }
  void operator()(bool v) const { out.boolean(v); }
  void operator()(const std::string& s) const { out.string(s); }
  void operator()(const std::vector<std::int64_t>& list) const {
    out.begin_array();
    for (std::int64_t v : list) out.number(v);
    out.end_array();
  }
  void operator()(const std::vector<std::string>& list) const {
    out.begin_array();
    for (const std::string& s : list) out.string(s);
    out.end_array();
  }
  void operator()(const DataFields& object) const { object.write(out); }
  void operator()(const std::vector<DataFields>& objects) const {
    out.begin_array();
    for (const DataFields& o : objects) o.write(out);
    out.end_array();
  }
};

}  // namespace

void DataValue::write(JsonOut& out) const { std::visit(WriteValue{out}, value_); }

}  // namespace placement
