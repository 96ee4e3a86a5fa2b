// SmallList: the first N elements live inside the list, later ones spill to the heap; every
// operation reads the same elements in the same order either way.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "trace/small_list.h"

using placement::SmallList;

namespace {

template <typename List>
std::vector<std::string> read(const List& list) {
  std::vector<std::string> out;
  for (const auto& item : list) out.push_back(item);
  return out;
}

}  // namespace

TEST_CASE("small list keeps every element in order, inline or spilled", "[trace]") {
  struct Row {
    const char* what;
    std::vector<std::string> pushed;
  };
  const Row rows[] = {
      {"empty", {}},
      {"one (inline)", {"a"}},
      {"exactly N (inline)", {"a", "b"}},
      {"N + 1 (spills)", {"a", "b", "c"}},
      {"many", {"a", "b", "c", "d", "e", "f", "g"}},
  };
  for (const Row& row : rows) {
    INFO(row.what);
    SmallList<std::string, 2> pushed;
    for (const std::string& s : row.pushed) pushed.push_back(s);
    CHECK(pushed.size() == row.pushed.size());
    CHECK(pushed.empty() == row.pushed.empty());
    CHECK(read(pushed) == row.pushed);
    CHECK(pushed.to_vector() == row.pushed);
    if (!row.pushed.empty()) {
      CHECK(pushed.back() == row.pushed.back());
      CHECK(pushed[0] == row.pushed[0]);
    }

    const SmallList<std::string, 2> from_vector(row.pushed);
    CHECK(read(from_vector) == row.pushed);

    SmallList<std::string, 2> assigned{"x", "y", "z"};  // spilled before the assignment
    assigned = row.pushed;
    CHECK(read(assigned) == row.pushed);
    assigned.push_back("tail");
    std::vector<std::string> with_tail = row.pushed;
    with_tail.push_back("tail");
    CHECK(read(assigned) == with_tail);

    SmallList<std::string, 2> copy = pushed;  // copies are independent
    copy.push_back("more");
    CHECK(read(pushed) == row.pushed);
    CHECK(copy.size() == row.pushed.size() + 1);

    SmallList<std::string, 2> moved = std::move(copy);
    CHECK(moved.size() == row.pushed.size() + 1);
    CHECK(moved.back() == "more");

    pushed.clear();
    CHECK(pushed.empty());
    CHECK(read(pushed).empty());
  }
}

TEST_CASE("small list elements can be changed in place", "[trace]") {
  SmallList<int, 1> list{1, 2, 3};
  for (int& v : list) v *= 10;
  list[1] += 1;
  CHECK(list.to_vector() == std::vector<int>{10, 21, 30});
}

TEST_CASE("small list truncates inline, from spilled to inline, and within spilled", "[trace]") {
  struct Row {
    const char* what;
    std::vector<int> items;
    std::size_t keep;
  };
  const Row rows[] = {
      {"inline, keep all", {1, 2}, 2},
      {"inline, keep one", {1, 2}, 1},
      {"spilled back to inline", {1, 2, 3, 4, 5}, 2},
      {"spilled back to none", {1, 2, 3}, 0},
      {"stays spilled", {1, 2, 3, 4, 5}, 4},
      {"more than held: unchanged", {1, 2, 3}, 9},
  };
  for (const Row& row : rows) {
    INFO(row.what);
    SmallList<int, 2> list(row.items);
    list.truncate(row.keep);
    const std::size_t kept = std::min(row.keep, row.items.size());
    CHECK(list.to_vector() == std::vector<int>(row.items.begin(), row.items.begin() + static_cast<std::ptrdiff_t>(kept)));
    list.push_back(7);  // still usable after truncating
    CHECK(list.back() == 7);
    CHECK(list.size() == kept + 1);
  }
}
