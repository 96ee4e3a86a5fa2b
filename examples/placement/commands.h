// Sub-commands of the `placement` CLI. Each returns the process exit status:
// 0 ok, 1 usage or I/O failure, 2 bad input (the message names the JSON path or byte offset).
#pragma once

namespace placement::cli {

int run_schedule(int argc, char** argv);    // placement schedule FILE [--json | --markdown]
int run_scale_down(int argc, char** argv);  // placement scale-down FILE [--json | --markdown]
int run_gguf(int argc, char** argv);        // placement gguf FILE [--json|--profile|--estimate ...]
int run_capacity(int argc, char** argv);    // placement capacity FILE [--limit N] [--json]
int run_diff(int argc, char** argv);        // placement diff A.json B.json [--json]
int run_sweep(int argc, char** argv);       // placement sweep FILE --set POINTER=V1,V2,... [--json]
int run_advise(int argc, char** argv);      // placement advise FILE [--replicas K] [--json]

}  // namespace placement::cli
