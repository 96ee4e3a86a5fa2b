// The cluster canvas's view model (app/canvas_view.h): which layout, which groups with which
// workers, the rows the compact view builds, search, and the zoom arithmetic.
#include <catch2/catch.hpp>

#include "app/canvas_view.h"

using placement::GpuDevice;
using placement::StringMap;
using placement::Worker;
using namespace placement::ui;

namespace {

Worker worker(const std::string& name, const std::string& state, const StringMap& labels, const std::vector<std::string>& gpus) {
  Worker w;
  w.name = name;
  w.state = state;
  w.labels = labels;
  for (std::size_t i = 0; i < gpus.size(); ++i) {
    GpuDevice g;
    g.index = int(i);
    g.name = gpus[i];
    w.gpus.push_back(g);
  }
  return w;
}

std::vector<Worker> cluster() {
  return {worker("gpu-a1", "ready", {{"zone", "a"}}, {"H100", "H100"}), worker("gpu-b1", "ready", {{"zone", "b"}}, {"A100"}),
          worker("cpu-1", "not_ready", {{"zone", "a"}, {"tier", "cpu"}}, {}), worker("GPU-A2", "ready", {}, {"H100", "A100"})};
}

struct GroupsRow {
  const char* name;
  GroupBy by;
  std::string label;
  std::string search;
  std::vector<std::string> titles;
  std::vector<std::vector<std::size_t>> workers;
  std::vector<std::size_t> totals;
};

}  // namespace

TEST_CASE("canvas: compact rows above the threshold unless the user chose") {
  const struct { CanvasLayout layout; std::size_t workers; bool compact; } rows[] = {
      {CanvasLayout::automatic, 3, false},
      {CanvasLayout::automatic, kCompactAbove, false},
      {CanvasLayout::automatic, kCompactAbove + 1, true},
      {CanvasLayout::automatic, 1024, true},
      {CanvasLayout::cards, 1024, false},
      {CanvasLayout::compact, 3, true},
  };
  for (const auto& r : rows) {
    CanvasView v;
    v.layout = r.layout;
    INFO(int(r.layout) << " " << r.workers);
    CHECK(compact_layout(v, r.workers) == r.compact);
  }
}

TEST_CASE("canvas: search ignores case and finds where the name matches") {
  CHECK(find_ignoring_case("GPU-A2", "a2") == 4);
  CHECK(find_ignoring_case("gpu-a1", "GPU") == 0);
  CHECK(find_ignoring_case("gpu-a1", "") == 0);
  CHECK(find_ignoring_case("gpu-a1", "b") == std::string::npos);
  CHECK(find_ignoring_case("", "x") == std::string::npos);
}

TEST_CASE("canvas: workers grouped by label, GPU model or state, narrowed by search") {
  const std::vector<GroupsRow> rows = {
      {"not grouped", GroupBy::none, "", "", {""}, {{0, 1, 2, 3}}, {4}},
      {"not grouped, search", GroupBy::none, "", "gpu-a", {""}, {{0, 3}}, {4}},
      {"not grouped, no match", GroupBy::none, "", "zzz", {}, {}, {}},
      {"by state", GroupBy::state, "", "", {"not_ready", "ready"}, {{2}, {0, 1, 3}}, {1, 3}},
      {"by label", GroupBy::label, "zone", "", {"(no zone)", "zone=a", "zone=b"}, {{3}, {0, 2}, {1}}, {1, 2, 1}},
      {"by label, search drops empty groups", GroupBy::label, "zone", "a", {"(no zone)", "zone=a"}, {{3}, {0}}, {1, 2}},
      {"by label with no key chosen is not grouped", GroupBy::label, "", "", {""}, {{0, 1, 2, 3}}, {4}},
      {"by GPU model", GroupBy::gpu_model, "", "", {"A100", "A100 + H100", "CPU only", "H100"}, {{1}, {3}, {2}, {0}}, {1, 1, 1, 1}},
  };
  const std::vector<Worker> workers = cluster();
  for (const GroupsRow& r : rows) {
    INFO(r.name);
    CanvasView v;
    v.group_by = r.by;
    v.group_label = r.label;
    v.search = r.search;
    const std::vector<WorkerGroup> groups = group_workers(workers, v);
    REQUIRE(groups.size() == r.titles.size());
    for (std::size_t i = 0; i < groups.size(); ++i) {
      CHECK(groups[i].title == r.titles[i]);
      CHECK(groups[i].workers == r.workers[i]);
      CHECK(groups[i].total == r.totals[i]);
    }
  }
}

TEST_CASE("canvas: label keys are the union over workers, sorted") {
  CHECK(label_keys(cluster()) == std::vector<std::string>{"tier", "zone"});
  CHECK(label_keys({}).empty());
}

TEST_CASE("canvas: compact rows have a header per group and skip collapsed groups") {
  CanvasView v;
  v.group_by = GroupBy::state;
  const std::vector<WorkerGroup> groups = group_workers(cluster(), v);
  std::vector<CanvasRow> rows = canvas_rows(groups, v);
  REQUIRE(rows.size() == 6);  // 2 headers + 4 workers
  CHECK(rows[0].header);
  CHECK((!rows[1].header && rows[1].worker == 2));
  CHECK(rows[2].header);
  v.collapsed.insert("ready");
  rows = canvas_rows(groups, v);
  REQUIRE(rows.size() == 3);
  CHECK(rows[2].header);
  CHECK(rows[2].group == 1);
  v.group_by = GroupBy::none;
  CHECK(canvas_rows(group_workers(cluster(), v), v).size() == 4);  // no headers when not grouped
}

TEST_CASE("canvas: zoom arithmetic") {
  CHECK(zoomed(1.0f, -100) > 1.2f);             // Ctrl+wheel up (a notch) zooms in
  CHECK(zoomed(1.0f, 100) < 0.8f);              // and down zooms out
  CHECK(zoomed(zoomed(1.0f, 100), -100) == Approx(1.0f));
  CHECK(zoomed(1.0f, 1e6f) == kMinZoom);
  CHECK(zoomed(1.0f, -1e6f) == kMaxZoom);
  CHECK(fit_rows_zoom(10, 20, 400) == 1.0f);    // fits already: never zoom in past 1
  CHECK(fit_rows_zoom(40, 20, 400) == Approx(0.5f));
  CHECK(fit_rows_zoom(10000, 20, 400) == kMinZoom);
  CHECK(fit_cards_zoom(2, 250, 200, 12, 600, 400) == 1.0f);
  const float z = fit_cards_zoom(64, 250, 200, 12, 600, 800);
  CHECK(z < 1.0f);
  const std::size_t columns = std::size_t(600 / (250 * z + 12));
  CHECK(float((64 + columns - 1) / columns) * (200 * z + 12) <= 800);
}

TEST_CASE("canvas: the Why pane's splitter keeps both panes usable") {
  struct Row {
    float fraction, available, want;
  };
  const Row rows[] = {
      {0.34f, 600, 204},  // the default share
      {0.0f, 600, kMinWhyPane},
      {1.0f, 600, 600 - kMinCanvasPane},
      {0.5f, 150, 60},  // too small for both minimums: 40 % of what there is
      {0.5f, 0, 0},
  };
  for (const Row& r : rows) CHECK(why_pane_height(r.fraction, r.available) == Approx(r.want));
  // Dragging up by 100 px grows the pane by 100 px; far past the edge it stops at the minimum.
  CHECK(why_pane_height(dragged_why_fraction(0.34f, -100, 600), 600) == Approx(304));
  CHECK(why_pane_height(dragged_why_fraction(0.34f, 5000, 600), 600) == Approx(kMinWhyPane));
  // A fraction dragged in a tall window stays sane in a short one.
  const float f = dragged_why_fraction(0.34f, -10000, 1200);
  CHECK(why_pane_height(f, 300) == Approx(300 - kMinCanvasPane));
}
