#include "fit/mindie/mindie_validation.h"

#include "scenario/errors.h"

namespace placement::mindie {

namespace {

// Python's `a % b != 0`; b == 0 raises ZeroDivisionError in GPUStack.
bool not_divisible(long long a, long long b, const char* what) {
  if (b == 0)
    throw ReferenceError("fit", std::string("integer modulo by zero while validating ") + what + " (a parallel size is 0)",
                         DataFields{{"quantity", what}, {"value", a}, {"divisor", 0}});
  return a % b != 0;
}

bool truthy(const std::optional<long long>& v) { return v && *v != 0; }

ValidationFailure failure(std::string rule, std::string quantity, long long value, std::string flag, long long divisor,
                          const ParallelSizes& p, std::string via = {}) {
  ValidationFailure f;
  f.rule = std::move(rule);
  f.quantity = std::move(quantity);
  f.value = value;
  f.divisor_flag = std::move(flag);
  f.divisor = divisor;
  f.via = std::move(via);
  f.sizes = p;
  return f;
}

}  // namespace

std::optional<ValidationFailure> validate_parallelism(const HfHyperParameters& hp, const ParallelSizes& p) {
  if (truthy(hp.num_attention_heads)) {
    const long long heads = *hp.num_attention_heads;
    if (p.pp > 1) {
      if (not_divisible(heads, p.tp, "attention_heads"))
        return failure("heads_tp", "attention_heads", heads, "--tensor-parallel-size", p.tp, p);
    } else {
      if (not_divisible(heads, p.world, "attention_heads")) {
        const char* via = p.dp > 1 ? "data_parallel" : p.cp > 1 ? "context_parallel" : p.moe_ep > 1 ? "moe_expert_parallel" : "tensor_parallel";
        return failure("heads_world", "attention_heads", heads, "world", p.world, p, via);
      }
      if (p.moe_ep > 1 && truthy(hp.num_experts) && not_divisible(*hp.num_experts, p.moe_ep, "moe_experts"))
        return failure("experts_moe_ep", "moe_experts", *hp.num_experts, "--moe-expert-parallel-size", p.moe_ep, p);
      if (p.moe_tp > 1 && truthy(hp.moe_intermediate_size) &&
          not_divisible(*hp.moe_intermediate_size, p.moe_tp, "moe_intermediate_size"))
        return failure("moe_intermediate_moe_tp", "moe_intermediate_size", *hp.moe_intermediate_size, "--moe-tensor-parallel-size",
                       p.moe_tp, p);
    }
  }
  if (truthy(hp.vocab_size) && not_divisible(*hp.vocab_size, p.tp, "vocab_size"))
    return failure("vocab_tp", "vocab_size", *hp.vocab_size, "--tensor-parallel-size", p.tp, p);
  return std::nullopt;
}

DataFields ValidationFailure::fields() const {
  return DataFields{{"rule", rule},
                    {"quantity", quantity},
                    {"value", value},
                    {"divisor_flag", divisor_flag},
                    {"divisor", divisor},
                    {"via", via.empty() ? DataValue() : DataValue(via)},
                    {"tp", sizes.tp},
                    {"dp", sizes.dp},
                    {"cp", sizes.cp},
                    {"moe_ep", sizes.moe_ep},
                    {"moe_tp", sizes.moe_tp},
                    {"world", sizes.world}};
}

}  // namespace placement::mindie
