// MindIE parallel validation (scheduler-rules.md §3.5.4): one row per check, in GPUStack's order.
#include <catch2/catch.hpp>

#include "fit/mindie/mindie_validation.h"
#include "scenario/errors.h"

using namespace placement;
using namespace placement::mindie;

namespace {

std::optional<ValidationFailure> check(const char* config, std::vector<std::string> argv) {
  HfHyperParameters hp = read_hf_config(Json::parse(config));
  ServingParameters p = parse_serving_parameters(argv, {}, 8192, "fit");
  return validate_parallelism(hp, p.parallel);
}

}  // namespace

TEST_CASE("mindie validation rules") {
  struct Row {
    const char* rule;
    const char* config;
    std::vector<std::string> argv;
    const char* failed;  // "" = passes
    long long divisor;
    const char* via;
  };
  const Row rows[] = {
      {"automatic sizes always pass (x % -1 == 0)", R"({"num_attention_heads": 12, "vocab_size": 50257})", {}, "", 0, ""},
      {"pp > 1: heads % tp", R"({"num_attention_heads": 12})", {"--pipeline-parallel-size=2", "-tp", "8"}, "heads_tp", 8, ""},
      {"pp > 1: heads % tp passes, world not checked", R"({"num_attention_heads": 8})", {"--pipeline-parallel-size=4", "-tp", "8"}, "", 0, ""},
      {"heads % world, plain tp", R"({"num_attention_heads": 12})", {"-tp", "8"}, "heads_world", 8, "tensor_parallel"},
      {"heads % world names dp", R"({"num_attention_heads": 12})", {"--data-parallel-size=4", "-tp", "2"}, "heads_world", 8, "data_parallel"},
      {"heads % world names cp", R"({"num_attention_heads": 12})", {"-cp", "8"}, "heads_world", 8, "context_parallel"},
      {"heads % world names moe-ep", R"({"num_attention_heads": 12})", {"--moe-expert-parallel-size=8"}, "heads_world", 8, "moe_expert_parallel"},
      {"experts % moe-ep", R"({"num_attention_heads": 16, "n_routed_experts": 6})", {"--moe-expert-parallel-size=4"}, "experts_moe_ep", 4, ""},
      {"MoE intermediate % moe-tp", R"({"num_attention_heads": 16, "moe_intermediate_size": 6})",
       {"--moe-expert-parallel-size=2", "--moe-tensor-parallel-size=4", "-tp", "4"}, "moe_intermediate_moe_tp", 4, ""},
      {"MoE checks need heads known", R"({"n_routed_experts": 6})", {"--moe-expert-parallel-size=4"}, "", 0, ""},
      {"vocab % tp always", R"({"vocab_size": 50257})", {"-tp", "4"}, "vocab_tp", 4, ""},
      {"vocab % tp after heads pass", R"({"num_attention_heads": 16, "vocab_size": 50257})", {"-tp", "4"}, "vocab_tp", 4, ""},
      {"everything divisible", R"({"num_attention_heads": 16, "vocab_size": 151936})", {"-tp", "4"}, "", 0, ""},
  };
  for (const Row& r : rows) {
    INFO(r.rule);
    auto f = check(r.config, r.argv);
    if (std::string(r.failed).empty()) {
      CHECK_FALSE(f.has_value());
    } else {
      REQUIRE(f.has_value());
      CHECK(f->rule == r.failed);
      CHECK(f->divisor == r.divisor);
      if (std::string(r.via).size()) CHECK(f->via == r.via);
    }
  }
}

TEST_CASE("mindie validation: a zero parallel size divides by zero in GPUStack") {
  CHECK_THROWS_AS(check(R"({"num_attention_heads": 16})", {"-tp", "0"}), ReferenceError);
}

TEST_CASE("mindie validation failure: its data member by member, via null unless named", "[mindie][record]") {
  struct Row {
    const char* what;
    ValidationFailure failure;
    const char* expected;  // compact JSON
  };
  ParallelSizes sizes;
  sizes.tp = 2;
  sizes.dp = 4;
  sizes.cp = -1;
  sizes.moe_ep = 3;
  sizes.moe_tp = 5;
  sizes.world = 8;
  const Row rows[] = {
      {"heads % world via dp", {"heads_world", "attention_heads", 12, "world", 8, "data_parallel", sizes},
       R"({"rule":"heads_world","quantity":"attention_heads","value":12,"divisor_flag":"world","divisor":8,"via":"data_parallel","tp":2,"dp":4,"cp":-1,"moe_ep":3,"moe_tp":5,"world":8})"},
      {"vocab % tp: via null", {"vocab_tp", "vocab_size", 50257, "--tensor-parallel-size", 2, "", sizes},
       R"({"rule":"vocab_tp","quantity":"vocab_size","value":50257,"divisor_flag":"--tensor-parallel-size","divisor":2,"via":null,"tp":2,"dp":4,"cp":-1,"moe_ep":3,"moe_tp":5,"world":8})"},
  };
  for (const Row& row : rows) {
    SECTION(row.what) { CHECK(row.failure.fields().to_json().dump() == row.expected); }
  }
}
