// Sub-commands of the `placement` CLI. Each returns the process exit status:
// 0 ok, 1 usage or I/O failure, 2 bad input (the message names the JSON path or byte offset).
#pragma once

namespace placement::cli {

int run_schedule(int argc, char** argv);    // placement schedule FILE [--json | --markdown]
int run_scale_down(int argc, char** argv);  // placement scale-down FILE [--json | --markdown]
int run_gguf(int argc, char** argv);        // placement gguf FILE [--json|--profile|--estimate ...]

}  // namespace placement::cli
