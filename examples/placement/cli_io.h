// What every scenario sub-command shares: reading a file (or "-" for stdin) and reporting bad
// input the same way (exit status 2, the JSON pointer named).
#pragma once

#include <string>
#include <string_view>

#include "scenario/errors.h"
#include "scheduler.h"

namespace placement::cli {

bool read_all(const std::string& path, std::string& text);

// A scenario file's bytes: a regular file is mapped (its pages come from the page cache in one
// call instead of being copied into the heap page by page: a tenth of the CLI's time on a
// thousand-worker scenario), anything else ("-", a pipe) is read.
class InputText {
 public:
  InputText() = default;
  InputText(const InputText&) = delete;
  InputText& operator=(const InputText&) = delete;
  ~InputText() { release(); }

  bool open(const std::string& path);  // false: cannot read it
  std::string_view view() const { return mapped_ ? std::string_view(mapped_, size_) : std::string_view(text_); }
  void release();  // the bytes are no longer needed

 private:
  const char* mapped_ = nullptr;
  std::size_t size_ = 0;
  std::string text_;
};
int report_input_error(const char* cmd, const InputError& e);  // prints, returns 2

// A result document to stdout, byte for byte result_text(), written as it is serialized.
void write_result(const Json& result);
// The same for schedule_result_to_json(result) and scale_down_result_to_json(result), printed
// from the typed result without building it as JSON.
void write_result(const ScheduleResult& result);
void write_result(const ScaleDownResult& result);
// Flushes stdout and ends the process with `status` (1 when the output could not be written)
// without tearing down the heap: freeing a thousand-worker scenario and its trace node by node
// cost more than deciding it, and the system reclaims the memory at once.
[[noreturn]] void exit_now(const char* cmd, int status);

}  // namespace placement::cli
