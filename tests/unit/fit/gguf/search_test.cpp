// S4's layer search "reproduced exactly" (scheduler-rules.md §3.2 S4.1), and the combination order.
#include <catch2/catch.hpp>

#include "fit/gguf/combinations.h"
#include "fit/gguf/partial_search.h"
#include "fit/gguf/record.h"
#include "fit/gguf/run.h"

using namespace placement;
using namespace placement::gguf_fit;

TEST_CASE("layer search, row by row") {
  struct Row {
    const char* name;
    std::vector<Bytes> arr;
    Bytes target;
    int want;
  };
  const std::vector<Row> rows = {
      {"empty list", {}, 5, -1},
      {"first value above the target", {10, 20, 30}, 9, -1},
      {"every value fits: last index", {10, 20, 30}, 31, 2},
      {"exact hit in the middle", {10, 20, 30, 40}, 30, 2},
      {"exact hit on the last value", {10, 20, 30}, 30, 2},
      {"exact hit on the first value", {10, 20, 30}, 10, 0},
      {"absent: high = the last value below", {10, 20, 30, 40}, 25, 1},
      {"absent just above the first", {10, 20, 30, 40}, 11, 0},
      {"duplicates: any hit (binary search order)", {10, 20, 20, 20, 30}, 20, 2},
      {"unsorted data still returns high", {10, 40, 20, 30}, 25, 0},
  };
  for (const Row& r : rows) {
    SECTION(r.name) { CHECK(layer_search(r.arr, r.target) == r.want); }
  }
}

TEST_CASE("combinations come in itertools order") {
  std::vector<std::vector<std::size_t>> got;
  for (Combinations c(4, 2); c.valid(); c.next()) got.push_back(c.current());
  CHECK(got == std::vector<std::vector<std::size_t>>{{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}});
  std::size_t n = 0;
  for (Combinations c(3, 4); c.valid(); c.next()) ++n;
  CHECK(n == 0);
  n = 0;
  for (Combinations c(16, 8); c.valid(); c.next()) ++n;
  CHECK(n == 12870);
  CHECK(binomial(16, 8) == 12870);
  CHECK(binomial(5, 0) == 1);
  CHECK(binomial(3, 4) == 0);
  CHECK(binomial(200, 100) == UINT64_MAX);  // saturates
}

TEST_CASE("combination rejections keep counts and the three closest") {
  CombinationRejections c;
  auto rej = [](Bytes need, Bytes have, const char* code) {
    return rejection(WorkerView{}, {}, code, {make_shortfall("vram_total", need, have, 0)});
  };
  c.add(rej(100, 10, "vram_total"), 2);  // short 90
  c.add(rej(100, 95, "vram_total"), 2);  // short 5
  c.add(rej(100, 50, "ram"), 3);         // short 50
  c.add(rej(100, 95, "vram_total"), 3);  // short 5, later: after the first 5
  c.add(rej(100, 99, "vram_total"), 3);  // short 1
  c.add_count("vram_total", 4, 7);
  const Json j = c.to_json();
  CHECK(j["count"] == 12);
  CHECK(j["by_code"]["vram_total"] == 11);
  CHECK(j["by_code"]["ram"] == 1);
  CHECK(j["by_size"]["3"] == 3);
  REQUIRE(j["closest"].size() == 3);
  CHECK(j["closest"][0]["shortfalls"][0]["short"] == 1);
  CHECK(j["closest"][1]["shortfalls"][0]["short"] == 5);
  CHECK(j["closest"][2]["shortfalls"][0]["short"] == 5);
}

TEST_CASE("Python slicing of the estimate items for -ngl (items[ngl:ngl+1])") {
  using V = std::vector<std::size_t>;
  CHECK(python_slice(10, 3, 4) == V{3});
  CHECK(python_slice(10, 9, 10) == V{9});
  CHECK(python_slice(10, 10, 11) == V{});  // past the end
  CHECK(python_slice(10, -1, 0) == V{});   // -ngl -1: an empty slice
  CHECK(python_slice(10, -2, -1) == V{8}); // -ngl -2: the second to last item
  CHECK(python_slice(0, 0, 1) == V{});
}
