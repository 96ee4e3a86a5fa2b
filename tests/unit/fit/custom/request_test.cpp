// The Custom requirement (scheduler-rules.md §3.6).
#include <catch2/catch.hpp>

#include "fit/custom/custom_test_support.h"

using namespace placement;
using namespace placement::custom_test;

TEST_CASE("custom: requirement RAM = max(int(VRAM x 0.1), 2 GiB)") {
  struct Row {
    Bytes vram;
    Bytes ram;
  };
  const Row rows[] = {{28991029248, 2899102924}, {10 * G, 2 * G}, {20 * G + 5, 2147483648}, {30 * G, 3221225472}};
  for (const Row& row : rows) {
    INFO(row.vram);
    Run r = run_custom(Json::array({worker(1, "w", 512 * G, Json::array({gpu("cuda", 0, 80 * G)}))}), model(row.vram));
    CHECK(r.trace.root()["requirement"]["vram"] == row.vram);
    CHECK(r.trace.root()["requirement"]["ram"] == row.ram);
    CHECK(r.trace.root()["requirement"]["vram_source"] == "env");
  }
}
