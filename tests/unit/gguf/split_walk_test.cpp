// §2.4's split walk: asking slots in increasing order gives the device the per-slot search gives,
// for every fraction list the estimator can be handed (ascending, with empty entries, unordered,
// NaN), every slot of every active count.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "gguf/estimator_internal.h"

using namespace placement::gguf::estimator_detail;

TEST_CASE("split walk gives the searched device for every slot (§2.4)", "[gguf][estimator]") {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  struct Row {
    const char* what;
    std::vector<double> fractions;
  };
  const Row rows[] = {
      {"one GPU", {1.0}},
      {"two GPUs 8:10", {8.0 / 18, 1.0}},
      {"four even GPUs", {0.25, 0.5, 0.75, 1.0}},
      {"an empty entry (two equal fractions)", {0.3, 0.3, 1.0}},
      {"a leading empty entry", {0.0, 0.5, 1.0}},
      {"fractions that are not ascending (searched per slot)", {0.6, 0.2, 1.0}},
      {"a NaN fraction (searched per slot)", {0.5, nan, 1.0}},
      {"last fraction below 1 (clamped to the last device)", {0.2, 0.4}},
  };
  for (const Row& row : rows) {
    Settings s;
    s.fractions = row.fractions;
    for (u64 active : {u64{1}, u64{2}, u64{5}, u64{33}, u64{81}, u64{127}}) {
      SplitWalk walk(s, active);
      for (u64 offset = 0; offset < active; ++offset) {
        INFO(row.what << ": active " << active << ", slot " << offset);
        CHECK(walk.device(offset) == split_device(s, offset, active));
      }
    }
  }
}

TEST_CASE("split walk with slots skipped and past the end (§2.4)", "[gguf][estimator]") {
  Settings s;
  s.fractions = {0.1, 0.35, 0.35, 0.9, 1.0};
  SplitWalk walk(s, 40);
  for (u64 offset : {u64{0}, u64{3}, u64{3}, u64{14}, u64{15}, u64{35}, u64{39}, u64{40}, u64{400}}) {
    INFO("slot " << offset);
    CHECK(walk.device(offset) == split_device(s, offset, 40));
  }
}
