#include "cli_io.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <utility>

#include "result_writer.h"

namespace placement::cli {

namespace {
// The whole stream into `text`, reserved up front when it is a regular file of known size; one
// copy of the input, not a stream buffer plus its copy. What cannot be read (a directory) reads
// as empty text, which the loader then refuses as invalid JSON (exit 2), as before.
void read_stream(std::FILE* in, std::string& text) {
  struct stat info {};
  if (fstat(fileno(in), &info) == 0 && S_ISREG(info.st_mode) && info.st_size > 0) text.reserve(static_cast<std::size_t>(info.st_size));
  char buffer[1 << 16];
  std::size_t n = 0;
  while ((n = std::fread(buffer, 1, sizeof buffer, in)) > 0) text.append(buffer, n);
}
}  // namespace

bool read_all(const std::string& path, std::string& text) {
  text.clear();
  if (path == "-") {
    read_stream(stdin, text);
    return true;
  }
  std::FILE* in = std::fopen(path.c_str(), "rb");
  if (!in) return false;
  read_stream(in, text);
  std::fclose(in);
  return true;
}

bool InputText::open(const std::string& path) {
  release();
  if (path != "-") {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return false;
    struct stat info {};
    if (fstat(fd, &info) == 0 && S_ISREG(info.st_mode) && info.st_size > 0) {
      void* at = mmap(nullptr, static_cast<std::size_t>(info.st_size), PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
      if (at != MAP_FAILED) {
        mapped_ = static_cast<const char*>(at);
        size_ = static_cast<std::size_t>(info.st_size);
      }
    }
    if (mapped_) {
      ::close(fd);
      return true;
    }
    // Not mappable (a pipe, a FIFO, a directory): read what is already open; opening a FIFO a
    // second time would wait for another writer and lose the first one's data.
    std::FILE* in = fdopen(fd, "rb");
    if (!in) {
      ::close(fd);
      return false;
    }
    read_stream(in, text_);
    std::fclose(in);
    return true;
  }
  return read_all(path, text_);
}

void InputText::release() {
  if (mapped_) munmap(const_cast<char*>(mapped_), size_);
  mapped_ = nullptr;
  size_ = 0;
  std::string().swap(text_);
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

void write_result(const ScheduleResult& result) { write_schedule_result_text(result, to_stdout); }

void write_result(const ScaleDownResult& result) { write_scale_down_result_text(result, to_stdout); }

[[noreturn]] void exit_now(const char* cmd, int status) {
  if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
    std::fprintf(stderr, "placement %s: cannot write the output\n", cmd);
    status = 1;
  }
  std::_Exit(status);
}

}  // namespace placement::cli
