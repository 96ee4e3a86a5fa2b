// MindIE parameter parsing (scheduler-rules.md §3.5.1): MindIE's argparse reading, defaults, Q27,
// parallel sizes, and the checks that are errors naming the flag. One row per rule.
#include <catch2/catch.hpp>

#include "fit/mindie/mindie_parameters.h"
#include "scenario/errors.h"

using namespace placement;
using namespace placement::mindie;

namespace {

ServingParameters parse(std::vector<std::string> argv, StringMap env = {}, long long derived = 8192) {
  return parse_serving_parameters(argv, env, derived, "fit");
}

std::string error_of(std::vector<std::string> argv, StringMap env = {}) {
  try {
    parse(std::move(argv), std::move(env));
  } catch (const ReferenceError& e) {
    CHECK(e.stage() == "fit");
    return e.reason();
  }
  return "";
}

}  // namespace

TEST_CASE("mindie parameters: defaults") {
  ServingParameters p = parse({}, {}, 4096);
  CHECK(p.npu_memory_fraction == 0.8);
  CHECK(p.fraction_source == "default");
  CHECK(p.max_seq_len == 4096);  // the preset min(model max length, 8192)
  CHECK(p.max_batch_size == 200);
  CHECK(p.cache_block_size == 128);
  CHECK(p.max_prefill_tokens == 4096);
  CHECK(p.max_iter_times == 4096);
  CHECK(p.cpu_mem_size == 0);
  CHECK(p.parallel.pp == 1);
  CHECK(p.parallel.tp == -1);
  CHECK(p.parallel.world == -1);
  CHECK(p.parallel.local == -1);
  CHECK(parameter_world(p.parallel).world == 0);
}

TEST_CASE("mindie parameters: how tokens are read") {
  struct Row {
    const char* rule;
    std::vector<std::string> argv;
    double fraction;
    long long tp;
  };
  const Row rows[] = {
      {"flag=value", {"--npu-memory-fraction=0.2"}, 0.2, -1},
      {"flag value as two tokens", {"--npu-memory-fraction", "0.3"}, 0.3, -1},
      {"one element with a space is a stray value, ignored", {"--npu-memory-fraction 0.3"}, 0.8, -1},
      {"unknown flags and their values are ignored", {"--foo", "7", "--trust-remote-code"}, 0.8, -1},
      {"short spelling -tp", {"-tp", "2"}, 0.8, 2},
      {"long spelling", {"--tensor-parallel-size=4"}, 0.8, 4},
      {"--tp is not a MindIE spelling", {"--tp", "2"}, 0.8, -1},
      {"the last occurrence wins", {"-tp=2", "--tensor-parallel-size", "8"}, 0.8, 8},
      {"a unique single-dash prefix abbreviates", {"-t", "2"}, 0.8, 2},
      {"after -- everything is a value", {"--", "-tp", "2"}, 0.8, -1},
  };
  for (const Row& r : rows) {
    INFO(r.rule);
    ServingParameters p = parse(r.argv);
    CHECK(p.npu_memory_fraction == r.fraction);
    CHECK(p.parallel.tp == r.tp);
  }
}

TEST_CASE("mindie parameters: NPU_MEMORY_FRACTION is read only with empty backend_parameters") {
  StringMap env{{"NPU_MEMORY_FRACTION", "0.5"}};
  ServingParameters empty = parse({}, env);
  CHECK(empty.npu_memory_fraction == 0.5);
  CHECK(empty.fraction_source == "env");
  ServingParameters given = parse({"--trust-remote-code"}, env);
  CHECK(given.npu_memory_fraction == 0.8);
  CHECK(given.fraction_source == "default");
  CHECK(error_of({}, StringMap{{"NPU_MEMORY_FRACTION", "lots"}}) == "Failed to parse serve parameters: Invalid value for NPU_MEMORY_FRACTION: lots");
  CHECK(error_of({}, StringMap{{"NPU_MEMORY_FRACTION", "2"}}).find("--npu-memory-fraction must be in the range (0, 1]") !=
        std::string::npos);
}

TEST_CASE("mindie parameters: Q27 cpu_mem_size is dropped unless max_preempt_count > 0") {
  ServingParameters dropped = parse({"--cpu-mem-size=4"});
  CHECK(dropped.cpu_mem_size == 0);
  CHECK(dropped.cpu_mem_size_requested == 4);
  CHECK(dropped.cpu_mem_size_dropped);
  ServingParameters kept = parse({"--cpu-mem-size=4", "--max-preempt-count=1"});
  CHECK(kept.cpu_mem_size == 4);
  CHECK_FALSE(kept.cpu_mem_size_dropped);
}

TEST_CASE("mindie parameters: given sizes and max_seq_len") {
  ServingParameters p = parse({"--max-seq-len=32768", "--max-batch-size", "100", "--cache-block-size=64", "--max-prefill-tokens=100",
                               "--max-iter-times=50"});
  CHECK(p.max_seq_len == 32768);
  CHECK(p.max_seq_len_given);
  CHECK(p.max_batch_size == 100);
  CHECK(p.cache_block_size == 64);
  CHECK(p.max_prefill_tokens == 100);
  CHECK(p.max_iter_times == 50);
}

TEST_CASE("mindie parameters: parallel sizes") {
  struct Row {
    const char* rule;
    std::vector<std::string> argv;
    long long tp, local, world;
    long long param_world;
    const char* labels;
  };
  const Row rows[] = {
      {"nothing set: automatic", {}, -1, -1, -1, 0, ""},
      {"tp alone: world = tp, moe_tp follows", {"-tp", "2"}, 2, -1, 2, 2, "tp/moe_tp"},
      {"pp > 1: tp defaults to 1, local = tp, world = pp*tp", {"--pipeline-parallel-size=3"}, 1, 1, 3, 3, "pp/tp"},
      {"dp > 1: tp >= 1, local = tp, world = dp*tp", {"--data-parallel-size=2"}, 1, 1, 2, 2, "tp/dp/moe_tp"},
      {"dp and tp", {"--data-parallel-size=4", "--tensor-parallel-size=8"}, 8, 8, 32, 32, "tp/dp/moe_tp"},
      {"cp > 1 like dp, and dp becomes 1", {"-cp", "2"}, 1, 1, 2, 2, "tp/dp/cp/moe_tp"},
      {"moe-ep > 1: moe-tp >= 1, tp and local default to it", {"--moe-expert-parallel-size=4"}, 1, 1, 4, 4, "tp/moe_tp/moe_ep"},
  };
  for (const Row& r : rows) {
    INFO(r.rule);
    ServingParameters p = parse(r.argv);
    CHECK(p.parallel.tp == r.tp);
    CHECK(p.parallel.local == r.local);
    CHECK(p.parallel.world == r.world);
    ParameterWorld w = parameter_world(p.parallel);
    CHECK(w.world == r.param_world);
    CHECK(w.labels == r.labels);
  }
}

TEST_CASE("mindie parameters: errors name the flag") {
  struct Row {
    std::vector<std::string> argv;
    const char* message;
  };
  const Row rows[] = {
      {{"-tp", "3"}, "--tensor-parallel-size must be the power of 2"},
      {{"--data-parallel-size=6"}, "--data-parallel-size must be the power of 2"},
      {{"--moe-expert-parallel-size=3"}, "--moe-expert-parallel-size must be the power of 2"},
      {{"--pipeline-parallel-size=0"}, "--pipeline-parallel-size must be greater than 0"},
      {{"--pipeline-parallel-size=2", "--data-parallel-size=2"},
       "--pipeline-parallel-size 2 and --data-parallel-size 2 are incompatible, set --pipeline-parallel-size to 1 or disable data "
       "parallelism"},
      {{"--sequence-parallel-size=2", "-tp", "4"}, "--sequence-parallel-size 2 must be equal to --tensor-parallel-size 4"},
      {{"--npu-memory-fraction=1.5"}, "--npu-memory-fraction must be in the range (0, 1]"},
      {{"--npu-memory-fraction=0"}, "--npu-memory-fraction must be in the range (0, 1]"},
      {{"--max-seq-len", "abc"}, "argument --max-seq-len: invalid int value: 'abc'"},
      {{"--max-seq-len", "--trust-remote-code"}, "argument --max-seq-len: expected one argument"},
      {{"--max-seq-len"}, "argument --max-seq-len: expected one argument"},
      {{"--max-seq-len=-1"}, "--max-seq-len must be greater than 0"},
      {{"--trust-remote-code=1"}, "argument --trust-remote-code: ignored explicit argument '1'"},
      {{"-m", "2"}, "ambiguous option: -m could match -moe-ep, -moe-tp"},
      {{"--cache-block-size=100"}, "--cache-block-size must be powers of 2"},
      {{"--max-batch-size=6000"}, "--max-batch-size must be in the range [1, 5000]"},
      {{"--max-preempt-count=300"}, "--max-preempt-count must be in the range [0, --max-batch-size]"},
      {{"--cpu-mem-size=-1"}, "--cpu-mem-size must be greater than or equal to 0"},
      {{"--dtype=int8"}, "argument --dtype: invalid choice: 'int8'"},
      {{"--prefill-policy-type=9"}, "argument --prefill-policy-type: invalid choice: 9 (choose from 0, 1, 2, 3)"},
      {{"--max-input-token-len=9000"}, "--max-input-token-len must be in the range (0, --max-seq-len]"},
      {{"--rope-scaling={bad"}, "--rope-scaling must be a valid JSON string: {bad"},
  };
  for (const Row& r : rows) {
    std::string got = error_of(r.argv);
    INFO(r.message << " | got: " << got);
    CHECK(got.find(r.message) != std::string::npos);
  }
}
