// MindIE's parser and checks as GPUStack 47277d79 has them (scheduler-rules.md §3.5.1): the flags
// it registers, _default's lowering and defaults, and every _validate rule, one row each. A
// refused value names the flag, the value and the rule in the trace values.
#include <catch2/catch.hpp>

#include "fit/mindie/mindie_parameters.h"
#include "scenario/errors.h"

using namespace placement;
using namespace placement::mindie;

namespace {

ServingParameters parse(std::vector<std::string> argv, long long derived = 8192) {
  return parse_serving_parameters(argv, {}, derived, "fit");
}

struct Refusal {
  std::string reason;
  Json values;
};

std::optional<Refusal> refusal(std::vector<std::string> argv, long long derived = 8192) {
  try {
    parse(std::move(argv), derived);
  } catch (const ReferenceError& e) {
    return Refusal{e.reason(), e.values()};
  }
  return std::nullopt;
}

const std::string kPrefix = "Failed to parse serve parameters: ";

}  // namespace

TEST_CASE("mindie checks: accepted values") {
  struct Row {
    const char* rule;
    std::vector<std::string> argv;
  };
  const Row rows[] = {
      {"max batch size below the default prefill batch: prefill batch lowered to it", {"--max-batch-size=16"}},
      {"an explicit prefill batch above the batch size is lowered too (Q35)", {"--max-prefill-batch-size=300"}},
      {"LoRA flags take integers", {"--max-loras=4", "--max-lora-rank", "16"}},
      {"--models as JSON", {"--models={\"deepseekv2\": {\"kv_cache_options\": {\"enable_nz\": true}}}"}},
      {"--kv-pool-config as JSON", {"--kv-pool-config={\"backend\": \"mooncake\"}"}},
      {"an empty JSON flag is not parsed", {"--models="}},
      {"Python's json takes NaN", {"--override-generation-config={\"t\": NaN}"}},
      {"scheduler wait at the edges", {"--async-scheduler-wait-time=3600"}},
      {"first-token wait at its edges", {"--max-first-token-wait-time=0"}},
      {"openai support is any non-empty text", {"--openai-support=openai"}},
      {"split chunk tokens: a multiple of 16 below 512", {"--enable-split", "--split-chunk-tokens=256"}},
      {"split chunk tokens unchecked without --enable-split", {"--split-chunk-tokens=520"}},
      {"max iter times at max seq len", {"--max-iter-times=8192"}},
      {"prefill tokens between input length and sequence length", {"--max-input-token-len=1024", "--max-prefill-tokens=2048"}},
      {"Unicode digits", {"--max-seq-len=\u0664\u0660\u0669\u0666"}},
      {"Unicode space around a value", {"--max-batch-size", "\u00a064\u00a0"}},
      {"rope theta is a float", {"--rope-theta=1e6"}},
  };
  for (const Row& r : rows) {
    INFO(r.rule);
    auto got = refusal(r.argv);
    CHECK_FALSE(got.has_value());
    if (got) INFO(got->reason);
  }
}

TEST_CASE("mindie checks: defaults GPUStack derives") {
  ServingParameters low = parse({"--max-batch-size=16"});
  CHECK(low.max_prefill_batch_size == 16);
  ServingParameters lowered = parse({"--max-prefill-batch-size=300"});
  CHECK(lowered.max_prefill_batch_size == 200);
  ServingParameters input = parse({"--max-prefill-tokens=2048"}, 4096);
  CHECK(input.max_input_token_len == 2048);  // min(max_seq_len, max_prefill_tokens)
  CHECK(input.max_prefill_tokens == 2048);
  ServingParameters unicode = parse({"--max-seq-len=\u0664\u0660\u0669\u0666"});
  CHECK(unicode.max_seq_len == 4096);
  ServingParameters cp = parse({"-cp", "2", "-tp", "2"});
  CHECK(cp.parallel.dp == 1);
  CHECK(cp.parallel.world == 4);
}

TEST_CASE("mindie checks: refusals name the flag, the value and the rule") {
  struct Row {
    std::vector<std::string> argv;
    const char* flag;
    Json value;
    const char* rule;
    const char* message;
    long long derived = 8192;
  };
  const Row rows[] = {
      {{"--max-loras=x"}, "--max-loras", "x", "int", "argument --max-loras: invalid int value: 'x'"},
      {{"--max-lora-rank=x"}, "--max-lora-rank", "x", "int", "argument --max-lora-rank: invalid int value: 'x'"},
      {{"--models={bad json"}, "--models", "{bad json", "json", "--models must be a valid JSON string: {bad json"},
      {{"--kv-pool-config=mooncake"}, "--kv-pool-config", "mooncake", "json", "--kv-pool-config must be a valid JSON string: mooncake"},
      {{"--kv-pool-config=\xEF\xBB\xBF{}"}, "--kv-pool-config", "\xEF\xBB\xBF{}", "json",
       "--kv-pool-config must be a valid JSON string: \xEF\xBB\xBF{}"},
      {{"--async-scheduler-wait-time=0"}, "--async-scheduler-wait-time", 0, "range [1, 3600]",
       "--async-scheduler-wait-time must be in the range [1, 3600]"},
      {{"--async-scheduler-wait-time=4000"}, "--async-scheduler-wait-time", 4000, "range [1, 3600]",
       "--async-scheduler-wait-time must be in the range [1, 3600]"},
      {{"--max-first-token-wait-time=-1"}, "--max-first-token-wait-time", -1, "range [0, 3600000]",
       "--max-first-token-wait-time must be in the range [0, 3600000]"},
      {{"--openai-support="}, "--openai-support", "", "non_empty", "--openai-support cannot be empty"},
      {{"--max-prefill-tokens=16384"}, "--max-prefill-tokens", 16384, "range [--max-input-token-len, --max-seq-len]",
       "--max-prefill-tokens must be in the range [--max-input-token-len, --max-seq-len]"},
      {{"--max-input-token-len=4096", "--max-prefill-tokens=2048"}, "--max-prefill-tokens", 2048,
       "range [--max-input-token-len, --max-seq-len]", "--max-prefill-tokens must be in the range [--max-input-token-len, --max-seq-len]"},
      {{"--max-iter-times=100000"}, "--max-iter-times", 100000, "range [1, --max-seq-len]",
       "--max-iter-times must be in the range [1, --max-seq-len]"},
      {{"--max-iter-times=5000"}, "--max-iter-times", 5000, "range [1, --max-seq-len]",
       "--max-iter-times must be in the range [1, --max-seq-len]", 4096},
      {{"--max-prefill-batch-size=0"}, "--max-prefill-batch-size", 0, "range [1, --max-batch-size]",
       "--max-prefill-batch-size must be in the range [1, --max-batch-size]"},
      {{"--enable-split", "--split-chunk-tokens=520"}, "--split-chunk-tokens", 520, "multiple of 16",
       "--split-chunk-tokens must be the multiple of 16"},
      {{"--enable-split", "--split-chunk-tokens=9000"}, "--split-chunk-tokens", 9000, "range [1, 8192]",
       "--split-chunk-tokens must be in the range [1, 8192]"},
      {{"--enable-split", "--split-chunk-tokens=0"}, "--split-chunk-tokens", 0, "range [1, 8192]",
       "--split-chunk-tokens must be in the range [1, 8192]"},
      {{"--data-parallel-size=2", "--context-parallel-size=2"}, "--data-parallel-size", 2, "incompatible",
       "--data-parallel-size 2 and --context-parallel-size 2 are incompatible, set --data-parallel-size to 1 or disable context "
       "parallelism"},
      {{"--context-parallel-size=2", "--moe-expert-parallel-size=4"}, "--context-parallel-size", 2, "world size",
       "--context-parallel-size 2 and --tensor-parallel-size 1 must be multiples of world size: 4"},
      {{"--context-parallel-size=3"}, "--context-parallel-size", 3, "power of 2", "--context-parallel-size must be the power of 2"},
      {{"--max-seq-len", "-\u0664"}, "--max-seq-len", -4, "greater than 0", "--max-seq-len must be greater than 0"},
      {{"--max-seq-len=\x1c" "4096"}, "--max-seq-len", "\x1c" "4096", "int", "argument --max-seq-len: invalid int value: '\\x1c4096'"},
      {{"-hx"}, "-h", "x", "explicit_ignored", "argument -h/--help: ignored explicit argument 'x'"},
      {{"--help=1"}, "--help", "1", "explicit_ignored", "argument -h/--help: ignored explicit argument '1'"},
  };
  for (const Row& r : rows) {
    INFO(r.message);
    auto got = refusal(r.argv, r.derived);
    REQUIRE(got.has_value());
    CHECK(got->reason == kPrefix + r.message);
    CHECK(got->values["flag"] == r.flag);
    CHECK(got->values["value"] == r.value);
    CHECK(got->values["rule"] == r.rule);
  }
}

TEST_CASE("mindie checks: argparse's own exits are refusals too") {
  struct Row {
    std::vector<std::string> argv;
    const char* rule;
    const char* contains;
  };
  const Row rows[] = {
      {{"-h"}, "help", "help action prints the usage and exits"},
      {{"--help"}, "help", "help action prints the usage and exits"},
      {{"-hh"}, "help", "help action prints the usage and exits"},
      {{"-m", "2"}, "ambiguous", "ambiguous option: -m could match -moe-ep, -moe-tp"},
  };
  for (const Row& r : rows) {
    auto got = refusal(r.argv);
    REQUIRE(got.has_value());
    INFO(got->reason);
    CHECK(got->values["rule"] == r.rule);
    CHECK(got->reason.find(r.contains) != std::string::npos);
    CHECK(got->reason.find("SystemExit") != std::string::npos);
  }
}
