// placement — the native CLI of Placement Explorer.
#include <cstdio>
#include <cstring>

#include "commands.h"
#include "process_heap.h"

namespace {
void usage() {
  std::fprintf(stderr,
               "usage:\n"
               "  placement schedule FILE [--json | --markdown]          decide where one new instance of the model goes\n"
               "  placement scale-down FILE [--json | --markdown]        rank the model's instances for removal\n"
               "  placement gguf FILE [--json] [--profile] [--estimate [gguf-parser flags]]\n"
               "  placement capacity FILE [--limit N] [--json]           how many replicas fit, and where\n"
               "  placement advise FILE [--replicas K] [--json]          changes that would make it fit\n"
               "  placement diff A.json B.json [--json]                  two setups side by side\n"
               "  placement sweep FILE --set POINTER=V1,V2,... [--json]  fit per value of one setting\n");
}
}  // namespace

int main(int argc, char** argv) {
  placement::cli::keep_heap();
  if (argc < 2) {
    usage();
    return 1;
  }
  const char* cmd = argv[1];
  if (std::strcmp(cmd, "schedule") == 0) return placement::cli::run_schedule(argc - 2, argv + 2);
  if (std::strcmp(cmd, "scale-down") == 0) return placement::cli::run_scale_down(argc - 2, argv + 2);
  if (std::strcmp(cmd, "gguf") == 0) return placement::cli::run_gguf(argc - 2, argv + 2);
  if (std::strcmp(cmd, "capacity") == 0) return placement::cli::run_capacity(argc - 2, argv + 2);
  if (std::strcmp(cmd, "diff") == 0) return placement::cli::run_diff(argc - 2, argv + 2);
  if (std::strcmp(cmd, "sweep") == 0) return placement::cli::run_sweep(argc - 2, argv + 2);
  if (std::strcmp(cmd, "advise") == 0) return placement::cli::run_advise(argc - 2, argv + 2);
  if (std::strcmp(cmd, "--help") == 0 || std::strcmp(cmd, "-h") == 0) {
    usage();
    return 0;
  }
  std::fprintf(stderr, "placement: unknown command '%s'\n", cmd);
  usage();
  return 1;
}
