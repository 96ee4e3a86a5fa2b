// Tensor-split normalisation (Q24) and the query keys built on it (scheduler-rules.md §3.2 Estimates).
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

TEST_CASE("query keys tell splits apart exactly as their 17-digit text does", "[gguf][fit]") {
  using V = std::vector<double>;
  using S = std::vector<std::string>;
  auto q = [](const std::string& offload, std::optional<V> split, std::optional<S> rpc) {
    gguf::Query query;
    query.offload = offload;
    query.tensor_split = std::move(split);
    query.rpc = std::move(rpc);
    return query;
  };
  const double nan = std::numeric_limits<double>::quiet_NaN();
  struct Row {
    const char* what;
    V a, b;
    bool same;
  };
  const Row rows[] = {
      {"equal values", {3, 5}, {3, 5}, true},
      {"one ulp apart", {3, 5}, {3, std::nextafter(5.0, 6.0)}, false},
      {"zero and minus zero", {1, 0.0}, {1, -0.0}, false},
      {"NaN payloads alike", {1, nan}, {1, -(-nan)}, true},
      {"NaN and minus NaN", {1, nan}, {1, -nan}, false},
      {"a longer split", {1, 1}, {1, 1, 1}, false},
  };
  for (const Row& row : rows) {
    INFO(row.what);
    CHECK((gguf_query_key(q("partial", row.a, S{"h:1"})) == gguf_query_key(q("partial", row.b, S{"h:1"}))) == row.same);
  }
}
