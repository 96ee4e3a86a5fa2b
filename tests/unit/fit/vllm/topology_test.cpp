// §3.3.8: vLLM's multi-node topology rule for the mp executor.
#include <catch2/catch.hpp>

#include "fit/vllm/topology.h"

using namespace placement;

TEST_CASE("3.3.8 mp topology", "[vllm][topology]") {
  struct Row {
    const char* rule;
    std::vector<long long> nodes;
    std::vector<std::string> params;
    const char* code;  // "" = ok
  };
  const std::vector<Row> rows = {
      {"tp 8 dp 2 dpl 1 on 2 x 8", {8, 8}, {"--tp=8", "--dp=2", "--dpl=1"}, ""},
      {"given dp differs from the derived one", {8, 8}, {"--tp=8", "--dp=3"}, "dp_mismatch"},
      {"tp from gcd; dpl per node differs", {8, 4}, {"--dpl=1"}, "dpl_mismatch"},
      {"tp from gcd; nothing else given", {8, 4}, {}, ""},
      {"cross-node tp on a homogeneous pair", {8, 8}, {"--tp=16"}, ""},
      {"cross-node layouts need dpl 1", {8, 8}, {"--tp=16", "--dpl=2"}, "dpl_mismatch"},
      {"cross-node on differing nodes", {8, 4}, {"--tp=16"}, "heterogeneous"},
      {"dp ranks cannot split 3 nodes in pairs", {8, 8, 8}, {"--tp=16"}, "uneven_dp"},
      {"rank size not a multiple of node size", {6, 6}, {"--tp=8"}, "uneven_nodes"},
      {"tp solved from dp", {8, 8}, {"--dp=4"}, ""},
      {"tp cannot be solved from dp", {8, 8}, {"--dp=3"}, "tp_not_derivable"},
      {"pp multiplies the rank size", {4, 4}, {"--tp=4", "--pp=2"}, ""},
      {"pp 4 over two 2-GPU nodes", {2, 2}, {"--pp=4"}, "uneven_dp"},
      {"pcp multiplies the rank size", {4, 4}, {"--tp=4", "--pcp=2", "--dp=2"}, "dp_mismatch"},
  };
  for (const auto& row : rows) {
    INFO(row.rule);
    TopologyCheck t = check_vllm_topology(row.nodes, read_vllm_parallelism(BackendParameters(row.params)));
    CHECK(t.ok == (std::string(row.code).empty()));
    CHECK(t.code == row.code);
    if (!t.ok) CHECK(t.reason.rfind("vLLM multi-node: ", 0) == 0);
  }
}
