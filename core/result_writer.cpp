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

namespace {
template <class Result>
std::string printed(void (*write)(const Result&, const TextSink&), const Result& r) {
  std::string text;
  write(r, [&text](const char* data, std::size_t size) { text.append(data, size); });
  return text;
}
}  // namespace

std::string schedule_result_text(const ScheduleResult& r) { return printed(write_schedule_result_text, r); }
std::string scale_down_result_text(const ScaleDownResult& r) { return printed(write_scale_down_result_text, r); }

}  // namespace placement
