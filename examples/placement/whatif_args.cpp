#include "whatif_args.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

namespace placement::cli {

namespace {
// --limit: a count of decisions; --replicas: each advise trial deploys up to that many.
long long largest_allowed(const std::string& opt) { return opt == "--limit" ? 100000 : 4096; }

bool positive_number(const char* cmd, const std::string& opt, const std::string& text, long long& out) {
  char* end = nullptr;
  out = std::strtoll(text.c_str(), &end, 10);
  if (text.empty() || *end != '\0' || out < 1 || out > largest_allowed(opt)) {
    std::fprintf(stderr, "placement %s: %s needs a whole number from 1 to %lld, not '%s'\n", cmd, opt.c_str(), largest_allowed(opt),
                 text.c_str());
    return false;
  }
  return true;
}
}  // namespace

int parse_whatif_args(int argc, char** argv, const char* cmd, const std::vector<std::string>& allowed, std::size_t min_files,
                       std::size_t max_files, const char* usage, WhatIfArgs& out) {
  for (int i = 0; i < argc; ++i) {
    const std::string a = argv[i];
    const bool takes_value = a == "--limit" || a == "--replicas" || a == "--set";
    if (a == "--json") {
      out.json = true;
    } else if (takes_value && std::find(allowed.begin(), allowed.end(), a) != allowed.end()) {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "placement %s: %s needs a value\nusage: %s\n", cmd, a.c_str(), usage);
        return 1;
      }
      const std::string v = argv[++i];
      long long n = 0;
      if (a == "--set") out.sets.push_back(v);
      else if (!positive_number(cmd, a, v, n)) return 2;
      else if (a == "--limit") out.limit = n;
      else out.replicas = n;
    } else if (!a.empty() && a[0] == '-' && a != "-") {
      std::fprintf(stderr, "placement %s: unknown option '%s'\nusage: %s\n", cmd, a.c_str(), usage);
      return 1;
    } else {
      out.files.push_back(a);
    }
  }
  if (out.files.size() < min_files || out.files.size() > max_files) {
    std::fprintf(stderr, "usage: %s\n", usage);
    return 1;
  }
  return 0;
}

}  // namespace placement::cli
