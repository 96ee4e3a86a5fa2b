// parse_estimator_flags: the gguf-parser flags of the `placement gguf --estimate` CLI contract.
#include <catch2/catch.hpp>

#include <functional>

#include "gguf/estimator.h"
#include "scenario/errors.h"

using namespace placement::gguf;

TEST_CASE("estimate flags are read in every spelling", "[gguf][estimator]") {
  struct Row {
    std::vector<std::string> args;
    std::function<bool(const EstimatorOptions&)> check;
  };
  const Row rows[] = {
      {{}, [](const auto& o) { return !o.ctx_size && !o.gpu_layers && o.tensor_split.empty() && !o.flash_attention &&
                                      !o.no_mmap && o.batch_size == 2048 && o.ubatch_size == 512 && o.parallel == 1 &&
                                      o.cache_type_k == "f16" && o.cache_type_v == "f16" &&
                                      o.platform_footprint_ram_mib == 150 && o.platform_footprint_vram_mib == 250; }},
      {{"--ctx-size", "1024"}, [](const auto& o) { return o.ctx_size == 1024; }},
      {{"-c=2048"}, [](const auto& o) { return o.ctx_size == 2048; }},
      {{"--gpu-layers", "20"}, [](const auto& o) { return o.gpu_layers == 20; }},
      {{"-ngl", "-1"}, [](const auto& o) { return o.gpu_layers == -1; }},
      {{"--tensor-split", "8,10,12,6"}, [](const auto& o) { return o.tensor_split == std::vector<double>{8, 10, 12, 6}; }},
      {{"-ts", "1.5, 2"}, [](const auto& o) { return o.tensor_split == std::vector<double>{1.5, 2}; }},
      {{"--rpc", "host1:50052,host2:50052"},
       [](const auto& o) { return o.rpc == std::vector<std::string>{"host1:50052", "host2:50052"}; }},
      {{"--flash-attention"}, [](const auto& o) { return o.flash_attention; }},
      {{"-fa", "--flash-attention=false"}, [](const auto& o) { return !o.flash_attention; }},
      {{"--no-mmap"}, [](const auto& o) { return o.no_mmap; }},
      {{"--batch-size", "1024", "--ubatch-size", "256"}, [](const auto& o) { return o.batch_size == 1024 && o.ubatch_size == 256; }},
      {{"--parallel", "4"}, [](const auto& o) { return o.parallel == 4; }},
      {{"--cache-type-k", "q8_0", "--cache-type-v=q4_0"},
       [](const auto& o) { return o.cache_type_k == "q8_0" && o.cache_type_v == "q4_0"; }},
      {{"--platform-footprint", "150,500"},
       [](const auto& o) { return o.platform_footprint_ram_mib == 150 && o.platform_footprint_vram_mib == 500; }},
      {{"--gpu-layers-step", "1"}, [](const auto& o) { return o.gpu_layers_step == 1u; }},
      {{"--no-kv-offload", "--in-max-ctx-size"}, [](const auto& o) { return o.no_kv_offload && o.in_max_ctx_size; }},
      {{"--main-gpu", "1"}, [](const auto& o) { return o.main_gpu == 1; }},
      {{"--json", "--ctx-size", "512"}, [](const auto& o) { return o.ctx_size == 512; }},
  };
  for (const Row& r : rows) {
    std::string joined;
    for (const auto& a : r.args) joined += a + " ";
    INFO(joined);
    CHECK(r.check(parse_estimator_flags(r.args)));
  }
}

TEST_CASE("bad estimate flags name the flag", "[gguf][estimator]") {
  struct Row {
    std::vector<std::string> args;
    const char* pointer;
  };
  const Row rows[] = {
      {{"--ctx-size", "abc"}, "/options/ctx-size"},
      {{"--ctx-size"}, "/options/ctx-size"},
      {{"--gpu-layers", "1.5"}, "/options/gpu-layers"},
      {{"--tensor-split", "1,x"}, "/options/tensor-split"},
      {{"--rpc", "nohost"}, "/options/rpc"},
      {{"--cache-type-k", "q9_9"}, "/options/cache-type-k"},
      {{"--platform-footprint", "150"}, "/options/platform-footprint"},
      {{"--gpu-layers-step", "-1"}, "/options/gpu-layers-step"},
      {{"--flash-attention=maybe"}, "/options/flash-attention"},
      {{"--bogus"}, "/options"},
  };
  for (const Row& r : rows) {
    INFO(r.args.front());
    try {
      parse_estimator_flags(r.args);
      FAIL("accepted");
    } catch (const placement::InputError& e) {
      CHECK(e.pointer() == r.pointer);
    }
  }
}
