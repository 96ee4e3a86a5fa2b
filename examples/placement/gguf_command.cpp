// Placeholder until the GGUF reader lands.
#include <cstdio>

#include "commands.h"

namespace placement::cli {

int run_gguf(int, char**) {
  std::fprintf(stderr, "placement gguf: not available yet\n");
  return 1;
}

}  // namespace placement::cli
