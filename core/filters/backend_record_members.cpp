#include "filters/backend_record_members.h"

#include "filters/verdict_data.h"
#include "trace/json_out_values.h"

namespace placement::filters {

void AllDroppedNote::write(JsonOut& out) const {
  out.begin_object();
  out.member("cause", cause);
  out.member("field", field);
  write_optional(out, "value", value);
  out.member("backend", backend);
  out.member("why", why);
  out.key("pass_with");
  write_object_array(out, pass_with, [&](const PassingValue& p) {
    write_optional(out, "value", p.value);
    out.member("why", p.why);
  });
  out.end_object();
}

void BackendRecordMembers::write(JsonOut& out) const {
  out.member("backend", backend);
  out.key("rows");
  if (!rows) {
    out.null();
    return;
  }
  out.string(rows);
  write_optional(out, "backend_version", backend_version);
  out.member("runner_release", runner_release);
  if (!all_dropped) return;
  out.key("all_dropped");
  all_dropped->write(out);
}

}  // namespace placement::filters
