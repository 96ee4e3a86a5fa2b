// How GPUStack v2.x runs gguf-parser for a GGUF model, turned into EstimatorOptions.
//
// Source: gpustack/scheduler/calculator.py (_gguf_parser_command and
// GGUFParserCommandMutableParameters, gpustack/gpustack v2.x). The command is
//
//   gguf-parser --skip-tokenizer --skip-metadata --json
//               <mutable parameters, each as --name=value>
//               [--cache-path DIR]
//               --gpu-layers -1          (offload "full": one item, full offload)
//             | --gpu-layers-step 1      (offload "partial": items for 0…L offloaded layers, then
//                                         the full-offload item; L+2 items)
//             | --gpu-layers 0           (offload "disable": one item)
//               [--tensor-split a,b,…]   (every value < 1 MiB: as given; else int(v / 2^20))
//               [--rpc host:port,…]
//               --path FILE | --hf-repo … | --ms-repo …
//
// The mutable parameters are read from the model's backend_parameters with Python's argparse
// (parse_known_args, allow_abbrev=False; unknown arguments are ignored; any parse error — a bad
// int, a missing value, an ambiguous or valueless flag given a value — discards ALL of them and
// keeps the defaults). Defaults that always go to gguf-parser:
//   --ctx-size=8192  --parallel-size=4  --platform-footprint=150,500  --mmap=false (no mmap)
//   --max-projected-cache=10  --swa-full=false  --image-autoencoder-tiling=true
//   --cache-expiration=0
// Optional ones, passed only when present: --flash-attention (flash-attn / fa / diffusion-fa, and
// --no-… forms), --main-gpu, --batch-size, --ubatch-size, --cache-type-k/-v, --no-kv-offload,
// --split-mode, --override-tensor, --gpu-layers-draft, rope / yarn, visual and image options.
// -ngl/--gpu-layers and --tensor-split of the backend parameters are NOT passed: the selector
// reads them itself and picks among the items (scheduler-rules.md §3.2).
//
// After the call, calculate_gguf_model_resource_claim applies clear_vram_claim to "disable"
// answers: items with offloadLayers 0 get every vram zeroed (handleLayers 0), because llama-box
// allocates nothing on the GPUs then.
#pragma once

#include <string>
#include <vector>

#include "gguf/estimator.h"

namespace placement::gguf {

// The options of the mutable part of GPUStack's command (offload, split and RPC not set).
EstimatorOptions gpustack_parser_options(const std::vector<std::string>& backend_parameters);

// gguf-parser's --platform-footprint reading: exactly "RAM,VRAM" of unsigned decimal MiB, each
// part that does not parse counts 0; any other shape gives 0,0.
void apply_platform_footprint(const std::string& value, EstimatorOptions& options);

}  // namespace placement::gguf
