// Tensor-split normalisation (Q24) and the query keys built on it (scheduler.md §3.2 Estimates).
#include <catch2/catch.hpp>

#include "fit/gguf/estimate_provider.h"
#include "gguf/estimate_items.h"

using namespace placement;

TEST_CASE("tensor split normalisation, row by row") {
  struct Row {
    const char* name;
    std::vector<double> in;
    std::vector<double> want;
    bool mixed;
  };
  const std::vector<Row> rows = {
      {"all below 1 MiB: kept as given", {1, 5, 8}, {1, 5, 8}, false},
      {"all at or above 1 MiB: floor(v / 2^20)", {17171480576, 26015170560}, {16376, 24810}, false},
      {"exactly 1 MiB counts as large", {1048576, 2097151}, {1, 1}, false},
      {"mixed: every value converted, small ones become 0 (Q24)", {1, 17171480576}, {0, 16376}, true},
      {"empty list stays empty", {}, {}, false},
  };
  for (const Row& r : rows) {
    SECTION(r.name) {
      bool mixed = !r.mixed;
      CHECK(gguf::normalise_tensor_split(r.in, &mixed) == r.want);
      CHECK(mixed == r.mixed);
    }
  }
}

TEST_CASE("query keys compare the normalised split, offload and rpc") {
  auto q = [](std::string offload, std::optional<std::vector<double>> split, std::optional<std::vector<std::string>> rpc) {
    gguf::Query x;
    x.offload = std::move(offload);
    x.tensor_split = std::move(split);
    x.rpc = std::move(rpc);
    return x;
  };
  using V = std::vector<double>;
  using S = std::vector<std::string>;
  CHECK(gguf_query_key(q("partial", V{17171480576, 17171480576}, {})) == gguf_query_key(q("partial", V{16376, 16376}, {})));
  CHECK(gguf_query_key(q("partial", V{17171480576}, {})) == gguf_query_key(q("partial", V{17171480577}, {})));
  CHECK(gguf_query_key(q("partial", V{}, S{})) == gguf_query_key(q("partial", std::nullopt, std::nullopt)));
  CHECK(gguf_query_key(q("full", V{1, 1}, {})) != gguf_query_key(q("partial", V{1, 1}, {})));
  CHECK(gguf_query_key(q("partial", V{1, 1}, S{"a:50053"})) != gguf_query_key(q("partial", V{1, 1}, S{"b:50053"})));
  CHECK(gguf_query_key(q("partial", V{1, 2}, {})) != gguf_query_key(q("partial", V{2, 1}, {})));
  CHECK(describe_gguf_query(q("partial", V{17171480576, 1}, S{"h:50053"})) ==
        "offload=partial, tensor_split=[16376, 0], rpc=[h:50053]");
  CHECK(describe_gguf_query(q("partial", std::nullopt, std::nullopt)) == "offload=partial, tensor_split=none, rpc=none");
}
