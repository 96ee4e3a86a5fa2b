#include "trace/data_fields.h"

#include "trace/trace.h"

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
  void operator()(const std::shared_ptr<const DeferredList>& record) const { record->write(out); }
  void operator()(const std::vector<DataFields>& objects) const {
    out.begin_array();
    for (const DataFields& o : objects) o.write(out);
    out.end_array();
  }
};

}  // namespace

void DataValue::write(JsonOut& out) const { std::visit(WriteValue{out}, value_); }

void TraceValues::set(DataField field) {
  if (DataFields* fields = std::get_if<DataFields>(&value_)) {
    fields->set(std::move(field));
    return;
  }
  if (const auto* record = std::get_if<std::shared_ptr<const DeferredList>>(&value_)) value_ = (*record)->to_json();
  std::get<Json>(value_)[field.name] = json_tree(field.value);
}

void TraceValues::write(JsonOut& out) const {
  if (const DataFields* fields = std::get_if<DataFields>(&value_)) fields->write(out);
  else if (const auto* record = std::get_if<std::shared_ptr<const DeferredList>>(&value_)) (*record)->write(out);
  else out.value(std::get<Json>(value_));
}

}  // namespace placement
