// Arguments of the what-if commands (capacity, diff, sweep, advise): scenario files, --json, and
// the options each command takes.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace placement::cli {

struct WhatIfArgs {
  std::vector<std::string> files;
  bool json = false;
  std::optional<long long> limit;     // --limit N
  std::optional<long long> replicas;  // --replicas K
  std::vector<std::string> sets;      // --set POINTER=V1,V2,...
};

// `allowed` lists the options this command takes besides --json ("--limit", "--set", ...); the
// command takes from `min_files` to `max_files` scenario files. Returns 0 when the arguments are
// usable, else the exit status: 1 usage (unknown option, wrong file count), 2 a bad value.
int parse_whatif_args(int argc, char** argv, const char* cmd, const std::vector<std::string>& allowed, std::size_t min_files,
                       std::size_t max_files, const char* usage, WhatIfArgs& out);

}  // namespace placement::cli
