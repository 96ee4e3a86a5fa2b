#include "cli_io.h"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

namespace placement::cli {

bool read_all(const std::string& path, std::string& text) {
  if (path == "-") {
    std::ostringstream ss;
    ss << std::cin.rdbuf();
    text = ss.str();
    return true;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream ss;
  ss << in.rdbuf();
  text = ss.str();
  return true;
}

int report_input_error(const char* cmd, const InputError& e) {
  std::fprintf(stderr, "placement %s: bad input at %s: %s\n", cmd, e.pointer().empty() ? "/" : e.pointer().c_str(),
               e.message().c_str());
  return 2;
}

}  // namespace placement::cli
