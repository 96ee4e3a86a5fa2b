// Config counts from config.json: what reads as a count and what reads as absent. A value beyond
// 64 bits once overflowed a conversion (scenario_fuzz, UBSan).
#include <catch2/catch.hpp>

#include "fit/common/hf_config.h"

using namespace placement;

TEST_CASE("config counts: integers and whole floats read, anything beyond 64 bits is absent", "[hf_config]") {
  struct Row {
    const char* text;
    std::optional<long long> expected;
  };
  const std::vector<Row> rows = {
      {R"({"n": 32})", 32},
      {R"({"n": 32.0})", 32},
      {R"({"n": 32.5})", std::nullopt},
      {R"({"n": true})", std::nullopt},
      {R"({"n": "32"})", std::nullopt},
      {R"({"n": 9223372036854775807})", 9223372036854775807LL},
      {R"({"n": 9223372036854775808})", std::nullopt},
      {R"({"n": 18446744073709551615})", std::nullopt},
      {R"({"n": 4.4e107})", std::nullopt},
      {R"({"n": 444444444444444444444444444444444444444444})", std::nullopt},
      {R"({"n": -9.3e18})", std::nullopt},
      {R"({})", std::nullopt},
  };
  for (const Row& r : rows) {
    INFO(r.text);
    CHECK(int_member(Json::parse(r.text), "n") == r.expected);
  }
}

TEST_CASE("config max model length: a length beyond 64 bits is absent (the default 2048)", "[hf_config]") {
  struct Row {
    const char* text;
    long long expected;
  };
  const std::vector<Row> rows = {
      {R"({"max_position_embeddings": 131072})", 131072},
      {R"({"max_position_embeddings": 3276444444444444444444444444444444444444444444444444444448})", 2048},
      {R"({"max_position_embeddings": 4096, "rope_scaling": {"type": "linear", "factor": 1e300}})", 2048},
      {R"({"max_position_embeddings": 4096, "rope_scaling": {"type": "linear", "factor": 2}})", 8192},
      {R"({})", 2048},
  };
  for (const Row& r : rows) {
    INFO(r.text);
    CHECK(read_hf_config(Json::parse(r.text)).max_length == r.expected);
  }
}

TEST_CASE("MoE experts: moe_num_experts, else the first non-zero key (GPUStack's walrus)", "[hf_config]") {
  struct Row {
    const char* config;
    std::optional<long long> expected;
  };
  const std::vector<Row> rows = {
      {R"({"n_routed_experts": 256, "num_local_experts": 8})", 256},
      {R"({"n_routed_experts": 0, "num_local_experts": 6})", 6},  // a 0 does not end the search
      {R"({"n_routed_experts": 0, "num_local_experts": 0, "num_experts": 60})", 60},
      {R"({"n_routed_experts": null, "num_experts": 64})", 64},
      {R"({"moe_num_experts": 64, "n_routed_experts": 8})", 64},  // GPUStack's own field, read first
      {R"({"moe_num_experts": 0, "num_experts": 8})", 8},
      {R"({"n_routed_experts": 0})", std::nullopt},
      {R"({"moe_num_experts": 0})", 0},  // kept: falsy, so no check uses it
      {R"({"num_attention_heads": 32})", std::nullopt},
  };
  for (const Row& r : rows) {
    INFO(r.config);
    CHECK(read_hf_config(Json::parse(r.config)).num_experts == r.expected);
  }
}
