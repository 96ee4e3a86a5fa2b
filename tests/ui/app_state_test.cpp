// AppState: undo/redo of whole documents and of single values, coalescing of consecutive edits
// with one key, the generation counter (table-driven: a script of operations and the state after).
#include <catch2/catch.hpp>

#include "app/app_state.h"

using placement::Json;
using placement::ui::AppState;

namespace {

struct Op {
  enum Kind { commit, seal, undo, redo } kind;
  int value = 0;         // commit: the document {"v": value}
  const char* key = "";  // commit: coalescing key
};

struct Row {
  const char* name;
  std::vector<Op> ops;
  int current;
  std::size_t undo_depth;
  std::size_t redo_depth;
};

Json doc(int v) { return Json{{"v", v}}; }

}  // namespace

TEST_CASE("undo, redo and coalescing follow the script") {
  const std::vector<Row> rows = {
      {"nothing", {}, 0, 0, 0},
      {"two edits", {{Op::commit, 1}, {Op::commit, 2}}, 2, 2, 0},
      {"undo one", {{Op::commit, 1}, {Op::commit, 2}, {Op::undo}}, 1, 1, 1},
      {"undo past the start does nothing", {{Op::commit, 1}, {Op::undo}, {Op::undo}}, 0, 0, 1},
      {"redo after undo", {{Op::commit, 1}, {Op::commit, 2}, {Op::undo}, {Op::undo}, {Op::redo}}, 1, 1, 1},
      {"a new edit drops the redo list", {{Op::commit, 1}, {Op::undo}, {Op::commit, 5}}, 5, 1, 0},
      {"same key coalesces", {{Op::commit, 1, "/a"}, {Op::commit, 2, "/a"}, {Op::commit, 3, "/a"}}, 3, 1, 0},
      {"undo of a coalesced step goes back to before it", {{Op::commit, 1, "/a"}, {Op::commit, 2, "/a"}, {Op::undo}}, 0, 0, 1},
      {"another key is a new step", {{Op::commit, 1, "/a"}, {Op::commit, 2, "/b"}}, 2, 2, 0},
      {"seal ends the step", {{Op::commit, 1, "/a"}, {Op::seal}, {Op::commit, 2, "/a"}}, 2, 2, 0},
      {"unkeyed edits never coalesce", {{Op::commit, 1}, {Op::commit, 2}, {Op::commit, 3}}, 3, 3, 0},
      {"undo ends coalescing", {{Op::commit, 1, "/a"}, {Op::commit, 2, "/b"}, {Op::undo}, {Op::commit, 3, "/a"}}, 3, 2, 0},
      {"an equal document is no edit", {{Op::commit, 1}, {Op::commit, 1}}, 1, 1, 0},
  };
  for (const Row& row : rows) {
    INFO(row.name);
    AppState s;
    s.reset(doc(0));
    for (const Op& op : row.ops) {
      switch (op.kind) {
        case Op::commit: s.commit(doc(op.value), op.key); break;
        case Op::seal: s.seal(); break;
        case Op::undo: s.undo(); break;
        case Op::redo: s.redo(); break;
      }
    }
    CHECK(s.scenario() == doc(row.current));
    CHECK(s.undo_depth() == row.undo_depth);
    CHECK(s.redo_depth() == row.redo_depth);
    CHECK(s.can_undo() == (row.undo_depth > 0));
    CHECK(s.can_redo() == (row.redo_depth > 0));
  }
}

TEST_CASE("the generation changes with every change of the document and only then") {
  AppState s;
  s.reset(doc(0));
  const auto g0 = s.generation();
  s.commit(doc(0));
  CHECK(s.generation() == g0);
  s.commit(doc(1), "/k");
  const auto g1 = s.generation();
  CHECK(g1 > g0);
  s.commit(doc(2), "/k");  // coalesced, still a change
  CHECK(s.generation() > g1);
  const auto g2 = s.generation();
  CHECK_FALSE(s.redo());
  CHECK(s.generation() == g2);
  CHECK(s.undo());
  CHECK(s.generation() > g2);
}

TEST_CASE("each undo step keeps its number through undo and redo; coalesced edits keep the open one") {
  AppState s;
  s.reset(doc(0));
  CHECK(s.undo_step() == 0);
  CHECK(s.redo_step() == 0);
  s.commit(doc(1));
  const auto first = s.undo_step();
  s.commit(doc(2), "/k");
  const auto second = s.undo_step();
  CHECK(second != first);
  s.commit(doc(3), "/k");  // coalesced into the second step
  CHECK(s.undo_step() == second);
  REQUIRE(s.undo());
  CHECK(s.undo_step() == first);
  CHECK(s.redo_step() == second);
  REQUIRE(s.undo());
  CHECK(s.undo_step() == 0);
  CHECK(s.redo_step() == first);
  REQUIRE(s.redo());
  CHECK(s.undo_step() == first);
  CHECK(s.redo_step() == second);
  s.commit(doc(7));  // a new edit: a new number, the redo list gone
  CHECK(s.undo_step() != first);
  CHECK(s.undo_step() != second);
  CHECK(s.redo_step() == 0);
}

TEST_CASE("history is bounded") {
  AppState s;
  s.reset(doc(0));
  for (int i = 1; i <= int(AppState::kMaxUndoSteps) + 50; ++i) s.commit(doc(i));
  CHECK(s.undo_depth() == AppState::kMaxUndoSteps);
  while (s.undo()) {
  }
  CHECK(s.scenario() == doc(50));
}

TEST_CASE("key order survives edits") {
  AppState s;
  s.reset(Json::parse(R"({"z": 1, "a": 2})"));
  Json next = s.scenario();
  next["m"] = 3;
  s.commit(next);
  CHECK(s.scenario_text() == "{\n  \"z\": 1,\n  \"a\": 2,\n  \"m\": 3\n}");
}

namespace {

// One step of a script mixing value edits (set) and whole-document edits (commit).
struct Edit {
  enum Kind { set, commit, seal, undo, redo } kind;
  const char* pointer = "";  // set: where; commit: the document's text
  const char* value = "";    // set: the value's JSON text
  const char* key = "";
};

struct SetRow {
  const char* name;
  std::vector<Edit> edits;
  const char* text;  // the document afterwards, compact
  std::size_t undo_depth;
  std::size_t redo_depth;
};

}  // namespace

TEST_CASE("value edits keep only the value they replace and undo to the exact document") {
  const char* start = R"({"z":1,"a":{"b":2,"list":[1,2,3]}})";
  const std::vector<SetRow> rows = {
      {"a member", {{Edit::set, "/z", "5"}}, R"({"z":5,"a":{"b":2,"list":[1,2,3]}})", 1, 0},
      {"a member undone", {{Edit::set, "/z", "5"}, {Edit::undo}}, start, 0, 1},
      {"a member redone", {{Edit::set, "/z", "5"}, {Edit::undo}, {Edit::redo}}, R"({"z":5,"a":{"b":2,"list":[1,2,3]}})", 1, 0},
      {"a new member goes last", {{Edit::set, "/a/c", "true"}}, R"({"z":1,"a":{"b":2,"list":[1,2,3],"c":true}})", 1, 0},
      {"a new member undone is gone", {{Edit::set, "/a/c", "true"}, {Edit::undo}}, start, 0, 1},
      {"a new member redone goes last again", {{Edit::set, "/a/c", "true"}, {Edit::undo}, {Edit::redo}},
       R"({"z":1,"a":{"b":2,"list":[1,2,3],"c":true}})", 1, 0},
      {"an array element", {{Edit::set, "/a/list/1", "\"x\""}, {Edit::set, "/a/b", "null"}}, R"({"z":1,"a":{"b":null,"list":[1,"x",3]}})", 2, 0},
      {"an equal value is no edit", {{Edit::set, "/z", "1"}}, start, 0, 0},
      {"a missing parent is created, undone whole", {{Edit::set, "/q/r", "1"}, {Edit::undo}}, start, 0, 1},
      {"a missing parent is created", {{Edit::set, "/q/r", "1"}}, R"({"z":1,"a":{"b":2,"list":[1,2,3]},"q":{"r":1}})", 1, 0},
      {"typing coalesces", {{Edit::set, "/z", "2", "/z"}, {Edit::set, "/z", "3", "/z"}, {Edit::set, "/z", "4", "/z"}}, R"({"z":4,"a":{"b":2,"list":[1,2,3]}})", 1, 0},
      {"a coalesced step undoes to before it", {{Edit::set, "/z", "2", "/z"}, {Edit::set, "/z", "3", "/z"}, {Edit::undo}}, start, 0, 1},
      {"seal ends the step", {{Edit::set, "/z", "2", "/z"}, {Edit::seal}, {Edit::set, "/z", "3", "/z"}, {Edit::undo}}, R"({"z":2,"a":{"b":2,"list":[1,2,3]}})", 1, 1},
      // A step that remembers one value cannot undo an edit elsewhere: same key, new step.
      {"the same key at another value is a new step", {{Edit::set, "/z", "2", "k"}, {Edit::set, "/a/b", "3", "k"}, {Edit::undo}},
       R"({"z":2,"a":{"b":2,"list":[1,2,3]}})", 1, 1},
      {"a whole document after a value edit with its key is a new step",
       {{Edit::set, "/z", "2", "k"}, {Edit::commit, R"({"z":9})", "", "k"}, {Edit::undo}}, R"({"z":2,"a":{"b":2,"list":[1,2,3]}})", 1, 1},
      {"a value edit after a whole document with its key merges into it",
       {{Edit::commit, R"({"z":9})", "", "k"}, {Edit::set, "/z", "3", "k"}, {Edit::undo}}, start, 0, 1},
      {"undo and redo across both kinds",
       {{Edit::set, "/z", "2"}, {Edit::commit, R"({"z":9})"}, {Edit::set, "/y", "1"}, {Edit::undo}, {Edit::undo}, {Edit::undo}, {Edit::redo},
        {Edit::redo}, {Edit::redo}},
       R"({"z":9,"y":1})", 3, 0},
  };
  for (const SetRow& row : rows) {
    INFO(row.name);
    AppState s;
    s.reset(Json::parse(start));
    for (const Edit& e : row.edits) {
      switch (e.kind) {
        case Edit::set: s.set(Json::json_pointer(e.pointer), Json::parse(e.value), e.key); break;
        case Edit::commit: s.commit(Json::parse(e.pointer), e.key); break;
        case Edit::seal: s.seal(); break;
        case Edit::undo: s.undo(); break;
        case Edit::redo: s.redo(); break;
      }
    }
    CHECK(s.scenario().dump() == row.text);
    CHECK(s.undo_depth() == row.undo_depth);
    CHECK(s.redo_depth() == row.redo_depth);
  }
}

TEST_CASE("a value that cannot be set leaves the document and its history as they were") {
  AppState s;
  s.reset(Json::parse(R"({"list":[1,2]})"));
  const auto g = s.generation();
  CHECK_THROWS(s.set(Json::json_pointer("/list/x"), Json(1)));
  CHECK(s.scenario().dump() == R"({"list":[1,2]})");
  CHECK(s.generation() == g);
  CHECK(s.undo_depth() == 0);
}

TEST_CASE("appended elements are taken off by undo and put back by redo, between other edits") {
  // Each row: a script on {"w": [0], "v": 0}; "a<n>" appends n elements, "s<v>" sets /v, "u" undoes,
  // "r" redoes; then the document.
  struct Script {
    const char* ops;
    Json after;
  };
  const Json start = Json{{"w", {0}}, {"v", 0}};
  const std::vector<Script> rows = {
      {"a2", Json{{"w", {0, 1, 2}}, {"v", 0}}},
      {"a2u", start},
      {"a2ur", Json{{"w", {0, 1, 2}}, {"v", 0}}},
      {"a1s5a1", Json{{"w", {0, 1, 2}}, {"v", 5}}},
      {"a1s5a1u", Json{{"w", {0, 1}}, {"v", 5}}},
      {"a1s5a1uu", Json{{"w", {0, 1}}, {"v", 0}}},
      {"a1s5a1uuu", start},
      {"a1s5a1uuurrr", Json{{"w", {0, 1, 2}}, {"v", 5}}},
      {"a1uu", start},
      {"a0", start},
      // "d<v>": one element appended and /v set as one step (Deploy); "D": appended, nothing set.
      {"d7", Json{{"w", {0, 1}}, {"v", 7}}},
      {"d7u", start},
      {"d7ur", Json{{"w", {0, 1}}, {"v", 7}}},
      {"d7uru", start},
      {"s3d7a1uu", Json{{"w", {0}}, {"v", 3}}},
      {"s3d7a1u", Json{{"w", {0, 1}}, {"v", 7}}},
      {"s3d7a1uuurr", Json{{"w", {0, 1}}, {"v", 7}}},
      {"s3d7a1uuurrr", Json{{"w", {0, 1, 2}}, {"v", 7}}},
      {"D", Json{{"w", {0, 1}}, {"v", 0}}},
      {"s2Du", Json{{"w", {0}}, {"v", 2}}},
  };
  for (const Script& row : rows) {
    INFO(row.ops);
    AppState s;
    s.reset(start);
    for (const char* op = row.ops; *op; ++op) {
      const int n = op[1] >= '0' && op[1] <= '9' ? op[1] - '0' : 0;
      if (*op == 'a') {
        std::vector<Json> values;
        for (int i = 0; i < n; ++i) values.push_back(Json(int(s.scenario()["w"].size()) + i));
        s.append(Json::json_pointer("/w"), std::move(values));
      }
      if (*op == 's') s.set(Json::json_pointer("/v"), Json(n));
      if (*op == 'd' || *op == 'D')
        s.append_and_set(Json::json_pointer("/w"), {Json(int(s.scenario()["w"].size()))}, Json::json_pointer("/v"),
                         *op == 'd' ? std::optional<Json>(Json(n)) : std::nullopt);
      if (*op == 'u') s.undo();
      if (*op == 'r') s.redo();
      if (n || *op == 'a' || *op == 's' || *op == 'd') ++op;
    }
    CHECK(s.scenario() == row.after);
  }
}

TEST_CASE("append needs an array and something to append") {
  AppState s;
  s.reset(Json{{"w", 1}});
  const auto g = s.generation();
  CHECK_FALSE(s.append(Json::json_pointer("/w"), {Json(1)}));
  CHECK_FALSE(s.append(Json::json_pointer("/missing"), {Json(1)}));
  s.reset(Json{{"w", Json::array()}});
  CHECK_FALSE(s.append(Json::json_pointer("/w"), {}));
  CHECK(s.generation() == g + 1);
  CHECK(s.append(Json::json_pointer("/w"), {Json(1)}));
  CHECK(s.undo_depth() == 1);
}

TEST_CASE("append_and_set changes nothing unless both places can be patched") {
  AppState s;
  const Json start = Json{{"w", {0}}, {"m", {{"r", 1}}}};
  s.reset(start);
  const auto g = s.generation();
  CHECK_FALSE(s.append_and_set(Json::json_pointer("/x"), {Json(1)}, Json::json_pointer("/m/r"), Json(2)));
  CHECK_FALSE(s.append_and_set(Json::json_pointer("/w"), {}, Json::json_pointer("/m/r"), Json(2)));
  CHECK_FALSE(s.append_and_set(Json::json_pointer("/w"), {Json(1)}, Json::json_pointer("/missing/r"), Json(2)));
  CHECK(s.scenario() == start);
  CHECK(s.generation() == g);
  CHECK(s.undo_depth() == 0);
  CHECK(s.append_and_set(Json::json_pointer("/w"), {Json(1)}, Json::json_pointer("/m/r"), Json(2)));
  CHECK(s.scenario() == Json{{"w", {0, 1}}, {"m", {{"r", 2}}}});
  CHECK(s.undo_depth() == 1);
}
