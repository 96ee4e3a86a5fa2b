// Human field labels and the backend-parameter chips per backend (app/field_labels.h).
#include <algorithm>

#include <catch2/catch.hpp>

#include "app/field_labels.h"

using namespace placement::ui;

TEST_CASE("field labels: API keys get human labels, unknown keys stay as they are") {
  const struct { const char* key; const char* label; } rows[] = {
      {"huggingface_repo_id", "Hugging Face repo"},
      {"backend_version", "Backend version"},
      {"gpus_per_replica", "GPUs per replica"},
      {"distributed_inference_across_workers", "Distributed across workers"},
      {"replicas", "Replicas"},
      {"RAM total", "RAM total"},
      {"", ""},
  };
  for (const auto& r : rows) {
    INFO(r.key);
    CHECK(field_label(r.key) == r.label);
  }
}

TEST_CASE("parameter chips: each backend suggests its own flags") {
  const struct { const char* backend; std::vector<std::string> has; std::vector<std::string> lacks; } rows[] = {
      {"vLLM", {"--tensor-parallel-size=2", "--gpu-memory-utilization=0.85"}, {"--ctx-size=8192", "--mem-fraction-static=0.8"}},
      {"", {"--tensor-parallel-size=2"}, {"--ctx-size=8192"}},  // GPUStack's default backend is vLLM
      {"SGLang", {"--tp-size=2", "--mem-fraction-static=0.8"}, {"--gpu-memory-utilization=0.85"}},
      {"MindIE", {"--npu-memory-fraction=0.8", "--max-seq-len=8192"}, {"--tensor-parallel-size=2"}},
      {"llama-box", {"--ctx-size=8192", "--tensor-split=1,1"}, {"--gpu-memory-utilization=0.85"}},
      {"Custom", {}, {"--tensor-parallel-size=2", "--ctx-size=8192"}},
  };
  for (const auto& r : rows) {
    INFO(r.backend);
    const std::vector<std::string> chips = parameter_chips(r.backend);
    for (const std::string& c : r.has) CHECK(std::find(chips.begin(), chips.end(), c) != chips.end());
    for (const std::string& c : r.lacks) CHECK(std::find(chips.begin(), chips.end(), c) == chips.end());
    if (r.has.empty()) CHECK(chips.empty());
  }
}

TEST_CASE("parameter chips: a flag already set is not offered again, whatever its value") {
  const std::vector<std::string> chips = {"--ctx-size=8192", "--tensor-split=1,1", "--no-kv-offload"};
  CHECK(unused_chips(chips, {}) == chips);
  CHECK(unused_chips(chips, {"--ctx-size=4096"}) == std::vector<std::string>{"--tensor-split=1,1", "--no-kv-offload"});
  CHECK(unused_chips(chips, {"--no-kv-offload", "--tensor-split=3,1"}) == std::vector<std::string>{"--ctx-size=8192"});
  CHECK(unused_chips(chips, {"--ctx-size-extra=1"}) == chips);
}
