#include "result_writer.h"

namespace placement {

void write_result_text(const Json& result, const TextSink& sink) {
  JsonTextOut out(sink);
  out.value(result);
  out.raw("\n");
  out.flush();
}

void write_schedule_result_text(const ScheduleResult& r, const TextSink& sink) {
  JsonTextOut out(sink);
  write_schedule_result(out, r);
  out.raw("\n");
  out.flush();
}

void write_scale_down_result_text(const ScaleDownResult& r, const TextSink& sink) {
  JsonTextOut out(sink);
  write_scale_down_result(out, r);
  out.raw("\n");
  out.flush();
}

}  // namespace placement
