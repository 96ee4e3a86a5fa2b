// What a llama.cpp memory estimate says, in the shape gguf-parser's `--json` prints and GPUStack
// consumes: one item per number of offloaded layers. Shared by the recorded estimates of a
// scenario (estimates.gguf_parser), the built-in estimator (gguf/estimator.h) and the GGUF fit.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "scenario/types.h"

namespace placement::gguf {

struct DeviceEstimate {
  int handle_layers = 0;
  int handle_last_layer = -1;
  bool handle_output_layer = false;
  bool remote = false;
  int position = 0;
  Bytes uma = 0;
  Bytes nonuma = 0;
};

struct EstimateItem {
  int offload_layers = 0;
  bool full_offloaded = false;
  DeviceEstimate ram;
  std::vector<DeviceEstimate> vrams;  // RPC servers first, then local GPUs, in split order
};

struct Estimate {
  std::vector<EstimateItem> items;
  // Envelope facts (printed by `placement gguf --estimate --json`, informative for the fit).
  std::string architecture;
  std::optional<long long> context_size;
  bool flash_attention = false;
  bool no_mmap = false;
  std::optional<long long> logical_batch_size;
  std::optional<long long> physical_batch_size;
};

// One gguf-parser invocation as GPUStack makes it.
struct Query {
  std::string offload = "partial";                       // full | partial | disable
  std::optional<std::vector<double>> tensor_split;       // as GPUStack passes it (bytes)
  std::optional<std::vector<std::string>> rpc;           // "host:port"
};

// Split normalisation GPUStack applies before calling gguf-parser (Q24): if every value is
// below 1 MiB the list is kept, else every value becomes floor(v / 2^20).
std::vector<double> normalise_tensor_split(const std::vector<double>& split, bool* mixed = nullptr);

// {"items":[...]} or {"estimate":{"items":[...]}} → Estimate; throws placement::InputError
// with a JSON pointer below `path` on a bad shape.
Estimate estimate_from_json(const Json& j, const std::string& path);
Json estimate_to_json(const Estimate& e);  // the gguf-parser --json envelope {"estimate":{...}}

}  // namespace placement::gguf
