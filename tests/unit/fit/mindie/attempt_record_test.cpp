// The MindIE multi-worker `attempts` extra: each outcome's shape, member by member, as the
// strategy once built it.
#include <catch2/catch.hpp>

#include <functional>

#include "fit/mindie/attempt_record.h"
#include "trace/trace_test_support.h"

using namespace placement;
using namespace placement::mindie;
using placement::testing::text_of;

TEST_CASE("mindie attempts: each outcome writes its members and data in order", "[mindie][record]") {
  struct Row {
    const char* what;
    std::function<void(MindieAttempt&)> fill;
    const char* expected;  // compact JSON
  };
  const AttemptWalk walk{2, {"a", "b"}, 30, -1};
  const Row rows[] = {
      {"too_few_workers: the group and outcome only", [](MindieAttempt& a) { a.outcome = "too_few_workers"; },
       R"({"device_count":4,"group":["a","b"],"outcome":"too_few_workers"})"},
      {"too_few_gpus: world, local, devices",
       [](MindieAttempt& a) { a.outcome = "too_few_gpus", a.too_few_gpus = AttemptTooFewGpus{16, 8, 8}; },
       R"({"device_count":4,"group":["a","b"],"outcome":"too_few_gpus","data":{"world":16,"local":8,"devices":8}})"},
      {"accepted: the walk before the outcome",
       [&](MindieAttempt& a) { a.walk = walk, a.outcome = "accepted"; },
       R"({"device_count":4,"group":["a","b"],"local_size":2,"joined":["a","b"],"vram":30,"world_remaining":-1,"outcome":"accepted"})"},
      {"tp_not_divisible: n, quantity, value",
       [&](MindieAttempt& a) {
         a.walk = walk, a.outcome = "tp_not_divisible";
         a.tp_not_divisible = TpCheck{false, "attention_heads", 14, 4};
       },
       R"({"device_count":4,"group":["a","b"],"local_size":2,"joined":["a","b"],"vram":30,"world_remaining":-1,"outcome":"tp_not_divisible","data":{"n":4,"quantity":"attention_heads","value":14}})"},
      {"vram_short: need, have, short",
       [&](MindieAttempt& a) { a.walk = walk, a.outcome = "vram_short", a.vram_short = AttemptVramShort{40, 30, 10}; },
       R"({"device_count":4,"group":["a","b"],"local_size":2,"joined":["a","b"],"vram":30,"world_remaining":-1,"outcome":"vram_short","data":{"need":40,"have":30,"short":10}})"},
  };
  for (const Row& row : rows) {
    SECTION(row.what) {
      MindieAttempts attempts;
      MindieAttempt& a = attempts.list.emplace_back();
      a.device_count = 4, a.group = {"a", "b"};
      row.fill(a);
      const Json tree = json_tree(attempts);
      REQUIRE(tree.size() == 1);
      CHECK(tree[0].dump() == row.expected);
      CHECK(text_of(attempts) == tree.dump(2));
    }
  }
}
