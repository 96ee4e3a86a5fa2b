// A GGUF scenario the built-in estimator answers: Meta-Llama-3-8B-Instruct Q5_K_M (profile read
// from the header fixture) on one worker with one GPU of `gpu` bytes, no CPU offloading. At
// GPUStack's default context (8192) a replica claims about 7.3 GiB; at 2048 about 6.25 GiB.
#pragma once

#include <string>

#include "gguf_profile_of.h"
#include "scenario/types.h"

namespace placement::test {

inline Json gguf_ctx_scenario(placement::Bytes gpu, Json backend_parameters = Json::array()) {
  static const Json profile = profile_of(PE_TEST_DATA_DIR "/data/gguf/models/meta-llama-3-8b-instruct-q5_k_m.gguf");
  const Json device{{"index", 0}, {"name", "NVIDIA GeForce RTX 4060 Ti"}, {"vendor", "nvidia"}, {"type", "cuda"}, {"memory", {{"total", gpu}}}};
  const Json worker{{"id", 1},
                    {"name", "w1"},
                    {"state", "ready"},
                    {"labels", {{"os", "linux"}}},
                    {"system_reserved", {{"ram", 0}, {"vram", 0}}},
                    {"status", {{"memory", {{"total", 64 * placement::kGiB}}}, {"gpu_devices", {device}}}}};
  // The literal Custom: a null backend in a default install drops every worker (Q32).
  const Json model{{"id", 1},
                   {"name", "llama-3-8b"},
                   {"source", "huggingface"},
                   {"huggingface_repo_id", "QuantFactory/Meta-Llama-3-8B-Instruct-GGUF"},
                   {"huggingface_filename", "Meta-Llama-3-8B-Instruct.Q5_K_M.gguf"},
                   {"backend", "Custom"},
                   {"replicas", 1},
                   {"placement_strategy", "binpack"},
                   {"cpu_offloading", false},
                   {"distributed_inference_across_workers", false},
                   {"backend_parameters", std::move(backend_parameters)}};
  return Json{{"format", "placement-scenario/1"},
              {"workers", Json::array({worker})},
              {"model", model},
              {"model_instances", Json::array()},
              {"model_files", Json::array()},
              {"estimates", {{"gguf_profile", profile}}}};
}

}  // namespace placement::test
