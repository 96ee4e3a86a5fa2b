#include "cli_io.h"

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <iterator>
#include <utility>

#include "result_writer.h"

namespace placement::cli {

namespace {
// The whole stream into `text`, growing it in large steps (a file's size is known up front, a
// pipe's is not); one copy of the input, not a stream buffer plus its copy.
bool read_stream(std::FILE* in, std::string& text) {
  if (std::fseek(in, 0, SEEK_END) == 0) {
    const long size = std::ftell(in);
    if (size > 0) text.reserve(static_cast<std::size_t>(size));
    std::rewind(in);
  }
  char buffer[1 << 16];
  std::size_t n = 0;
  while ((n = std::fread(buffer, 1, sizeof buffer, in)) > 0) text.append(buffer, n);
  return !std::ferror(in);
}
}  // namespace

bool read_all(const std::string& path, std::string& text) {
  text.clear();
  if (path == "-") return read_stream(stdin, text);
  std::FILE* in = std::fopen(path.c_str(), "rb");
  if (!in) return false;
  const bool ok = read_stream(in, text);
  std::fclose(in);
  return ok;
}

int report_input_error(const char* cmd, const InputError& e) {
  std::fprintf(stderr, "placement %s: bad input at %s: %s\n", cmd, e.pointer().empty() ? "/" : e.pointer().c_str(),
               e.message().c_str());
  return 2;
}

namespace {
void to_stdout(const char* data, std::size_t size) { std::fwrite(data, 1, size, stdout); }
}  // namespace

void write_result(const Json& result) { write_result_text(result, to_stdout); }

void write_result(ScheduleResult&& result) { write_schedule_result_text(std::move(result), to_stdout); }

[[noreturn]] void exit_now(const char* cmd, int status) {
  if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
    std::fprintf(stderr, "placement %s: cannot write the output\n", cmd);
    status = 1;
  }
  std::_Exit(status);
}

}  // namespace placement::cli
