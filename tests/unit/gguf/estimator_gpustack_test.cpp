// The GPUStack path: backend parameters read like GPUStack's argparse-based command builder, and
// GGUF-fit queries answered from estimates.gguf_profile (gpustack_parser_call.h,
// profile_estimate.h).
#include <catch2/catch.hpp>

#include <functional>

#include "estimator_fixtures.h"
#include "gguf/gpustack_parser_call.h"
#include "gguf/model_profile.h"
#include "gguf/profile_estimate.h"
#include "scenario/errors.h"

using namespace placement::gguf;

TEST_CASE("GPUStack's gguf-parser options from backend parameters", "[gguf][estimator]") {
  struct Row {
    const char* rule;
    std::vector<std::string> params;
    std::function<bool(const EstimatorOptions&)> check;
  };
  const Row rows[] = {
      {"defaults: ctx 8192, parallel 4, footprint 150,500, no mmap", {},
       [](const auto& o) { return o.ctx_size == 8192 && o.parallel == 4 && o.platform_footprint_ram_mib == 150 &&
                                  o.platform_footprint_vram_mib == 500 && o.no_mmap && !o.flash_attention &&
                                  o.batch_size == 2048 && o.ubatch_size == 512 && o.cache_type_k == "f16"; }},
      {"--ctx-size=N", {"--ctx-size=4096"}, [](const auto& o) { return o.ctx_size == 4096; }},
      {"--ctx-size N", {"--ctx-size", "4096"}, [](const auto& o) { return o.ctx_size == 4096; }},
      {"-c N", {"-c", "2048"}, [](const auto& o) { return o.ctx_size == 2048; }},
      {"'-c 2048' in one element: -c with an attached value", {"-c 2048"}, [](const auto& o) { return o.ctx_size == 2048; }},
      {"'--ctx-size 2048' in one element is a positional: ignored", {"--ctx-size 2048"},
       [](const auto& o) { return o.ctx_size == 8192; }},
      {"last occurrence wins", {"--ctx-size=1024", "--ctx-size=2048"}, [](const auto& o) { return o.ctx_size == 2048; }},
      {"a negative value is a value", {"--ctx-size", "-1"}, [](const auto& o) { return o.ctx_size == -1; }},
      {"a negative decimal is a value", {"--ctx-size=4096", "--rope-freq-base", "-.5"},
       [](const auto& o) { return o.ctx_size == 4096; }},
      {"an option-like word is not a value: all discarded", {"--ctx-size=4096", "--rope-freq-base", "-x"},
       [](const auto& o) { return o.ctx_size == 8192; }},
      {"-fa", {"-fa"}, [](const auto& o) { return o.flash_attention; }},
      {"-fa on: 'on' is a stray positional", {"-fa", "on"}, [](const auto& o) { return o.flash_attention; }},
      {"--flash-attn", {"--flash-attn"}, [](const auto& o) { return o.flash_attention; }},
      {"--no-flash-attention", {"--flash-attn", "--no-flash-attention"}, [](const auto& o) { return !o.flash_attention; }},
      {"--mmap turns mmap on", {"--mmap"}, [](const auto& o) { return !o.no_mmap; }},
      {"--no-mmap", {"--mmap", "--no-mmap"}, [](const auto& o) { return o.no_mmap; }},
      {"--parallel / -np", {"-np", "2"}, [](const auto& o) { return o.parallel == 2; }},
      {"cache types as given", {"--cache-type-k=q8_0", "-ctv", "q4_0"},
       [](const auto& o) { return o.cache_type_k == "q8_0" && o.cache_type_v == "q4_0"; }},
      {"batch sizes", {"-b", "1024", "--ubatch-size=256"}, [](const auto& o) { return o.batch_size == 1024 && o.ubatch_size == 256; }},
      {"--no-kv-offload / -nkvo", {"-nkvo"}, [](const auto& o) { return o.no_kv_offload; }},
      {"--main-gpu", {"--main-gpu=1"}, [](const auto& o) { return o.main_gpu == 1; }},
      {"unknown options and their values are ignored", {"--n-gpu-layers", "99", "-t", "8", "-c", "1024"},
       [](const auto& o) { return o.ctx_size == 1024; }},
      {"-ngl abbreviates -ngld (harmless)", {"-ngl", "99", "--ctx-size=4096"}, [](const auto& o) { return o.ctx_size == 4096; }},
      {"after '--' everything is positional", {"--", "--ctx-size=4096"}, [](const auto& o) { return o.ctx_size == 8192; }},
      {"--platform-footprint", {"--platform-footprint=100,200"},
       [](const auto& o) { return o.platform_footprint_ram_mib == 100 && o.platform_footprint_vram_mib == 200; }},
      {"a bad footprint part counts 0", {"--platform-footprint=100,x"},
       [](const auto& o) { return o.platform_footprint_ram_mib == 100 && o.platform_footprint_vram_mib == 0; }},
      {"a footprint of another shape is 0,0", {"--platform-footprint=abc"},
       [](const auto& o) { return o.platform_footprint_ram_mib == 0 && o.platform_footprint_vram_mib == 0; }},
      // argparse errors discard every parameter (GPUStack logs a warning and keeps the defaults).
      {"-cb is -c with 'b': not an int, all discarded", {"--batch-size=1024", "-cb"},
       [](const auto& o) { return o.batch_size == 2048 && o.ctx_size == 8192; }},
      {"a bad int discards all", {"--ctx-size=4096", "--batch-size=abc"}, [](const auto& o) { return o.ctx_size == 8192; }},
      {"an ambiguous single-dash prefix discards all", {"--ctx-size=4096", "-n"}, [](const auto& o) { return o.ctx_size == 8192; }},
      {"a value given to a flag discards all", {"--ctx-size=4096", "--swa-full=true"},
       [](const auto& o) { return o.ctx_size == 8192; }},
      {"a missing value discards all", {"--batch-size=1024", "--ctx-size"}, [](const auto& o) { return o.batch_size == 2048; }},
      {"an option where a value belongs discards all", {"--ctx-size", "--batch-size=1024"},
       [](const auto& o) { return o.batch_size == 2048; }},
      {"-h would exit: all discarded", {"--ctx-size=4096", "-h"}, [](const auto& o) { return o.ctx_size == 8192; }},
  };
  for (const Row& r : rows) {
    INFO(r.rule);
    CHECK(r.check(gpustack_parser_options(r.params)));
  }
}

namespace {

placement::Model model_with(std::vector<std::string> params) {
  placement::Model m;
  m.name = "m";
  m.backend_parameters = std::move(params);
  return m;
}

Query query(const std::string& offload, std::optional<std::vector<double>> split = std::nullopt,
            std::optional<std::vector<std::string>> rpc = std::nullopt) {
  Query q;
  q.offload = offload;
  q.tensor_split = std::move(split);
  q.rpc = std::move(rpc);
  return q;
}

}  // namespace

TEST_CASE("GGUF-fit queries answered from the profile", "[gguf][estimator]") {
  const placement::Json profile = profile_to_json(test::small_llama(4));
  const placement::Model plain = model_with({});

  SECTION("partial: one item per offload count, ascending, then full offload") {
    const auto e = estimate_from_profile(profile, query("partial"), plain);
    REQUIRE(e);
    REQUIRE(e->items.size() == 6);
    for (int i = 0; i < 6; ++i) CHECK(e->items[static_cast<std::size_t>(i)].offload_layers == i);
    CHECK(e->items.back().full_offloaded);
    CHECK(e->context_size == 8192);  // GPUStack's default, even above the training context
  }
  SECTION("full: one item") {
    const auto e = estimate_from_profile(profile, query("full"), plain);
    REQUIRE(e);
    REQUIRE(e->items.size() == 1);
    CHECK(e->items[0].offload_layers == 5);
  }
  SECTION("disable: one item, vrams cleared like clear_vram_claim") {
    const auto e = estimate_from_profile(profile, query("disable"), plain);
    REQUIRE(e);
    REQUIRE(e->items.size() == 1);
    CHECK(e->items[0].offload_layers == 0);
    CHECK(e->items[0].ram.nonuma > 0);
    CHECK(e->items[0].vrams.at(0).uma == 0);
    CHECK(e->items[0].vrams.at(0).nonuma == 0);
    CHECK(e->items[0].vrams.at(0).handle_layers == 0);
  }
  SECTION("the answer is the estimator's with GPUStack's options") {
    EstimatorOptions o;
    o.ctx_size = 8192;
    o.parallel = 4;
    o.platform_footprint_ram_mib = 150;
    o.platform_footprint_vram_mib = 500;
    o.no_mmap = true;
    o.gpu_layers = -1;
    const Estimate direct = estimate(test::small_llama(4), o);
    const auto e = estimate_from_profile(profile, query("full"), plain);
    REQUIRE(e);
    CHECK(e->items[0].ram.uma == direct.items[0].ram.uma);
    CHECK(e->items[0].ram.nonuma == direct.items[0].ram.nonuma);
    CHECK(e->items[0].vrams[0].nonuma == direct.items[0].vrams[0].nonuma);
  }
  SECTION("byte splits become MiB before the call (Q24)") {
    const auto e = estimate_from_profile(profile, query("full", std::vector<double>{24.0 * (1 << 30), 16.0 * (1 << 30)}), plain);
    REQUIRE(e);
    REQUIRE(e->items[0].vrams.size() == 2);
    CHECK(e->items[0].vrams[0].handle_layers == 3);  // 24576/40960 = 0.6 of 5 slots
    CHECK(e->items[0].vrams[1].handle_layers == 1);
    CHECK(e->items[0].vrams[1].handle_output_layer);
  }
  SECTION("RPC servers take the first split entries") {
    const auto e = estimate_from_profile(profile, query("partial", std::vector<double>{1, 1}, std::vector<std::string>{"host:80"}), plain);
    REQUIRE(e);
    CHECK(e->items.back().vrams.at(0).remote);
    CHECK_FALSE(e->items.back().vrams.at(1).remote);
  }
  SECTION("backend parameters flow in") {
    const auto fa = estimate_from_profile(profile, query("full"), model_with({"--flash-attention", "-c", "1000"}));
    REQUIRE(fa);
    CHECK(fa->flash_attention);
    CHECK(fa->context_size == 1024);
  }
  SECTION("queries gguf-parser would refuse have no answer") {
    CHECK_FALSE(estimate_from_profile(profile, query("full"), model_with({"--batch-size=256"})));
    CHECK_FALSE(estimate_from_profile(profile, query("full"), model_with({"--main-gpu=-1"})));
    CHECK_FALSE(estimate_from_profile(profile, query("full", std::vector<double>{1}, std::vector<std::string>{"a:1", "b:1"}), plain));
    placement::Json adapter = profile;
    adapter["type"] = "adapter";
    CHECK_FALSE(estimate_from_profile(adapter, query("full"), plain));
  }
  SECTION("a malformed profile is bad input under /estimates/gguf_profile") {
    placement::Json bad = profile;
    bad["layers"] = placement::Json::array({7});
    try {
      estimate_from_profile(bad, query("full"), plain);
      FAIL("accepted");
    } catch (const placement::InputError& e) {
      CHECK(e.pointer() == "/estimates/gguf_profile/layers/0");
    }
  }
}
