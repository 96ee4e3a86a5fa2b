// What every scenario sub-command shares: reading a file (or "-" for stdin) and reporting bad
// input the same way (exit status 2, the JSON pointer named).
#pragma once

#include <string>

#include "scenario/errors.h"

namespace placement::cli {

bool read_all(const std::string& path, std::string& text);
int report_input_error(const char* cmd, const InputError& e);  // prints, returns 2

}  // namespace placement::cli
