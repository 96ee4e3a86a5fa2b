// JSON members with typed list slots (the strategy record's body, the scorer record's head): a
// list is written where its member is, whether the member was there before or not.
#include <catch2/catch.hpp>

#include "trace/listed_members.h"
#include "trace/trace_test_support.h"

namespace placement {

using testing::CountingList;

namespace {

std::string written(const ListedMembers& m) {
  return json_tree([&](JsonOut& out) {
           out.begin_object();
           m.write(out);
           out.end_object();
         })
      .dump();
}

}  // namespace

TEST_CASE("listed members: lists in their member's place", "[trace]") {
  struct Row {
    const char* what;
    void (*fill)(ListedMembers&);
    const char* json;
  };
  const std::vector<Row> rows{
      {"no list", [](ListedMembers& m) { m.json()["a"] = 1; }, R"({"a":1})"},
      {"a slot already there keeps its place",
       [](ListedMembers& m) {
         m.json()["a"] = nullptr;
         m.json()["b"] = 2;
         m.list("a", std::make_shared<CountingList>(2, 0));
       },
       R"({"a":[0,1],"b":2})"},
      {"a new slot goes last",
       [](ListedMembers& m) {
         m.json()["a"] = 1;
         m.list("z", std::make_shared<CountingList>(1, 0));
       },
       R"({"a":1,"z":[0]})"},
      {"a second list for a key replaces the first",
       [](ListedMembers& m) {
         m.list("a", std::make_shared<CountingList>(1, 0));
         m.list("a", std::make_shared<CountingList>(3, 0));
       },
       R"({"a":[0,1,2]})"},
  };
  for (const Row& r : rows) {
    CAPTURE(r.what);
    ListedMembers m;
    r.fill(m);
    CHECK(written(m) == r.json);
  }
}

}  // namespace placement
