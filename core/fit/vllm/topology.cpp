#include "fit/vllm/topology.h"

#include <algorithm>
#include <numeric>

namespace placement {

VllmUserParallelism read_vllm_parallelism(const BackendParameters& params) {
  VllmUserParallelism u;
  u.tp = params.integer({"tensor-parallel-size", "tp"});
  u.pp = params.integer({"pipeline-parallel-size", "pp"});
  u.pcp = params.integer({"prefill-context-parallel-size", "pcp"});
  u.dp = params.integer({"data-parallel-size", "dp"});
  u.dpl = params.integer({"data-parallel-size-local", "dpl"});
  return u;
}

namespace {

TopologyCheck fail(std::string code, std::string reason, DataFields values) {
  TopologyCheck c;
  c.ok = false;
  c.code = std::move(code);
  c.reason = "vLLM multi-node: " + std::move(reason);
  c.values = std::move(values);
  return c;
}

std::vector<std::int64_t> ints(const std::vector<long long>& v) { return {v.begin(), v.end()}; }

std::string list_text(const std::vector<long long>& v) {
  std::string s = "[";
  for (std::size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + std::to_string(v[i]);
  return s + "]";
}

}  // namespace

TopologyCheck check_vllm_topology(const std::vector<long long>& c, const VllmUserParallelism& user) {
  const long long nodes = static_cast<long long>(c.size());
  // A zero (or absent) size falls back to 1, as GPUStack's `or 1` does.
  const long long pp = user.pp && *user.pp ? *user.pp : 1;
  const long long pcp = user.pcp && *user.pcp ? *user.pcp : 1;
  const long long total = std::accumulate(c.begin(), c.end(), 0LL);
  long long tp = 0;
  if (user.tp) {
    tp = *user.tp;
  } else if (user.dp) {
    // tp · pp · pcp · dp must use every GPU: solve for tp instead of guessing from the nodes.
    const long long denom = *user.dp * pp * pcp;
    if (denom == 0 || total % denom != 0)
      return fail("tp_not_derivable",
                  "cannot infer --tensor-parallel-size from --data-parallel-size " + std::to_string(*user.dp) +
                      ": total GPUs " + std::to_string(total) + " is not a multiple of " + std::to_string(denom) + ".",
                  DataFields{{"total_gpus", total}, {"denominator", denom}});
    tp = total / denom;
  } else {
    tp = 0;
    for (long long n : c) tp = std::gcd(tp, n);
  }
  const long long w = tp * pp * pcp;
  const long long min_c = c.empty() ? 0 : *std::min_element(c.begin(), c.end());

  if (w <= min_c) {
    // Every DP rank fits inside one node.
    std::vector<long long> dpl_per_node;
    for (long long n : c) dpl_per_node.push_back(w ? n / w : 0);
    const long long dp_total = std::accumulate(dpl_per_node.begin(), dpl_per_node.end(), 0LL);
    if (user.dp && *user.dp != dp_total)
      return fail("dp_mismatch",
                  "--data-parallel-size " + std::to_string(*user.dp) + " does not match derived total " +
                      std::to_string(dp_total) + " (per-node DP-Local = " + list_text(dpl_per_node) + ").",
                  DataFields{{"dp", *user.dp}, {"derived", dp_total}, {"dpl_per_node", ints(dpl_per_node)}});
    if (user.dpl)
      for (long long d : dpl_per_node)
        if (d != *user.dpl)
          return fail("dpl_mismatch",
                      "--data-parallel-size-local " + std::to_string(*user.dpl) +
                          " cannot be applied uniformly to a heterogeneous worker group (per-node GPUs = " + list_text(c) +
                          ", derived per-node DP-Local = " + list_text(dpl_per_node) + ").",
                      DataFields{{"dpl", *user.dpl}, {"dpl_per_node", ints(dpl_per_node)}, {"gpus_per_node", ints(c)}});
    return {};
  }

  // A DP rank spans several nodes: vLLM gives every node the same local size, so nodes must match.
  for (long long n : c)
    if (n != c.front())
      return fail("heterogeneous",
                  "cross-node TP/PP (workers_per_dp=" + std::to_string(w) + " > min node capacity " + std::to_string(min_c) +
                      ") requires a homogeneous cluster, but workers have differing GPU counts " + list_text(c) + ".",
                  DataFields{{"workers_per_dp", w}, {"gpus_per_node", ints(c)}});
  const long long g = c.front();
  if (g == 0 || w % g != 0)
    return fail("uneven_nodes",
                "workers_per_dp=" + std::to_string(w) + " cannot evenly distribute across nodes with " + std::to_string(g) +
                    " GPUs each.",
                DataFields{{"workers_per_dp", w}, {"gpus_per_node", g}});
  const long long within = w / g;
  if (nodes % within != 0)
    return fail("uneven_dp",
                "cluster size " + std::to_string(nodes) + " cannot evenly distribute DP ranks that each span " +
                    std::to_string(within) + " nodes.",
                DataFields{{"nodes", nodes}, {"nodes_per_dp_rank", within}});
  const long long inferred_dp = nodes / within;
  if (user.dp && *user.dp != inferred_dp)
    return fail("dp_mismatch",
                "--data-parallel-size " + std::to_string(*user.dp) + " does not match derived total " +
                    std::to_string(inferred_dp) + " (cluster fits " + std::to_string(inferred_dp) + " DP ranks of " +
                    std::to_string(within) + " nodes each).",
                DataFields{{"dp", *user.dp}, {"derived", inferred_dp}, {"nodes_per_dp_rank", within}});
  if (user.dpl && *user.dpl != 1)
    return fail("dpl_mismatch",
                "--data-parallel-size-local " + std::to_string(*user.dpl) +
                    " is invalid in cross-node TP/PP layouts (must be 1 — each node hosts at most one DP rank fragment).",
                DataFields{{"dpl", *user.dpl}});
  return {};
}

}  // namespace placement
