// AppState: whole-document undo/redo, coalescing of consecutive edits with one key, the
// generation counter (table-driven: a script of operations and the state after it).
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
