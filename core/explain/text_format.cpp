#include "explain/text_format.h"

#include <cstdio>

namespace placement {

std::string gib(double bytes) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.2f GiB", bytes / 1073741824.0);
  return buf;
}

std::string candidate_line(const Candidate& c) {
  std::string out = c.worker_name;
  if (c.gpu_indexes && !c.gpu_indexes->empty()) {
    out += " GPUs [";
    for (std::size_t i = 0; i < c.gpu_indexes->size(); ++i) out += (i ? "," : "") + std::to_string((*c.gpu_indexes)[i]);
    out += "]";
  } else {
    out += " (CPU)";
  }
  if (!c.subordinate_workers.empty()) {
    out += " + ";
    for (std::size_t i = 0; i < c.subordinate_workers.size(); ++i) out += (i ? ", " : "") + c.subordinate_workers[i].worker_name;
  }
  if (c.overcommit && *c.overcommit) out += " [overcommit]";
  return out;
}

}  // namespace placement
