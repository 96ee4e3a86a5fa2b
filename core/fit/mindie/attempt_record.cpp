#include "fit/mindie/attempt_record.h"

#include "trace/json_out_values.h"

namespace placement::mindie {

namespace {

void write_data(JsonOut& out, const MindieAttempt& a) {
  out.key("data");
  out.begin_object();
  if (a.too_few_gpus) {
    out.member("world", a.too_few_gpus->world);
    out.member("local", a.too_few_gpus->local);
    out.member("devices", a.too_few_gpus->devices);
  } else if (a.tp_not_divisible) {
    out.member("n", a.tp_not_divisible->n);
    out.member("quantity", a.tp_not_divisible->quantity);
    out.member("value", a.tp_not_divisible->value);
  } else if (a.vram_short) {
    out.member("need", a.vram_short->need);
    out.member("have", a.vram_short->have);
    out.member("short", a.vram_short->short_by);
  }
  out.end_object();
}

}  // namespace

void MindieAttempt::write(JsonOut& out) const {
  out.begin_object();
  out.member("device_count", device_count);
  out.key("group");
  write_strings(out, group);
  if (walk) {
    out.member("local_size", walk->local_size);
    out.key("joined");
    write_strings(out, walk->joined);
    out.member("vram", walk->vram);
    out.member("world_remaining", walk->world_remaining);
  }
  out.member("outcome", outcome);
  if (too_few_gpus || tp_not_divisible || vram_short) write_data(out, *this);
  out.end_object();
}

void MindieAttempts::write(JsonOut& out) const {
  out.begin_array();
  for (const MindieAttempt& a : list) a.write(out);
  out.end_array();
}

}  // namespace placement::mindie
