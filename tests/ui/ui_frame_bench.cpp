// ui_frame_bench: the explorer's own CPU time per frame, natively and without a GPU (issue 5,
// item 4's "UI CPU per frame" without the browser around it). It builds the same 256-worker ×
// 8-GPU cluster as tests/browser/measure_page.js, lets the decision arrive, then times whole
// frames (NewFrame, App::frame, Render) on every step tab. A benchmark, not a test.
//   ui_frame_bench [WORKERS] [FRAMES]
// With --edit, the path of the page's edit measurement (issue 21) natively: a scenario file (the
// benchmark cluster cluster_bench --write makes) loaded, then replicas set EDITS times as the model
// panel sets it, each timed to the end of the frame that draws its decision, and the frame after.
// STEP: the step tab open while editing (cluster by default; the fit, filters, scoring and
// scale-down tabs draw from the trace). ACTION: replicas (default), deploy (Deploy pressed:
// the winner becomes an instance and replicas +1), undo (replicas set, its decision drawn, then
// undone: the undo is timed), remove-worker (the middle worker removed, as its panel's button does)
// or scale-down (scaled down by one replica, as the scale-down dialog does).
//   ui_frame_bench --edit FILE [EDITS] [STEP] [ACTION]
// With --import, the path of the page's import measurement (issue 21, tests/browser/lib/
// edit_timing.js) natively: the file's text given to load_scenario (explorer.loadScenario, as the
// Import file input's handler does) and the frame it runs at once (runFrameNow), timed to the end
// of the frame that draws the decision; then frames until the app is settled, as the page waits
// before the next import. Each import changes the description, so each is a new scenario.
//   ui_frame_bench --import FILE [IMPORTS]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "app/app.h"
#include "app/deploy.h"
#include "app/worker_edits.h"
#include "panels/edit_widgets.h"
#include "headless_frame.h"
#include "scenario/json_tree_reader.h"
#include "scenario/scenario_loader.h"

using placement::Json;
using placement::ui::App;
using placement::ui::testing::HeadlessImGui;

namespace {

Json big_scenario(int workers) {
  std::ifstream in(std::string(PE_SOURCE_DIR) + "/examples/scenarios/binpack-vs-spread.json");
  Json base = Json::parse(std::string(std::istreambuf_iterator<char>(in), {}));
  const Json worker_template = base["workers"][0];
  const Json gpu = worker_template["status"]["gpu_devices"][0];
  base["description"] = std::to_string(workers) + " workers x 8 GPUs for measuring the UI";
  base["workers"] = Json::array();
  base["model_instances"] = Json::array();
  for (int w = 0; w < workers; ++w) {
    Json worker = worker_template;
    worker["id"] = w + 1;
    char name[32];
    std::snprintf(name, sizeof name, "node-%03d", w);
    worker["name"] = name;
    worker["status"]["gpu_devices"] = Json::array();
    for (int i = 0; i < 8; ++i) {
      Json g = gpu;
      g["index"] = i;
      worker["status"]["gpu_devices"].push_back(g);
    }
    base["workers"].push_back(worker);
    for (int k = 0; k < 2; ++k) {
      const long long total = gpu["memory"]["total"].get<long long>();
      base["model_instances"].push_back(Json{{"id", 10000 + w * 2 + k}, {"name", "other-" + std::to_string(w) + "-" + std::to_string(k)},
                                             {"model_id", 99}, {"backend", "vLLM"}, {"state", "running"}, {"worker_id", w + 1},
                                             {"gpu_indexes", {k}},
                                             {"computed_resource_claim", {{"ram", nullptr}, {"vram", {{std::to_string(k), total * 45 / 100}}}}}});
    }
  }
  base.erase("model_files");
  return base;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

}  // namespace

// The page's what-if worker stand-in: takes each job (the app still writes its scenario text) and
// answers later, off the timed path, as the worker does.
class WorkerWhatIf final : public placement::ui::WhatIfService {
 public:
  void request(const placement::ui::WhatIfJob& job) override { wanted_[index(job.kind)] = job.id; }
  void cancel(placement::ui::WhatIfKind kind) override { wanted_[index(kind)] = 0; }
};

int edit_bench(const char* file, int edits, const char* step, const std::string& action) {
  std::ifstream in(file);
  const std::string text(std::istreambuf_iterator<char>(in), {});
  App app(placement::ui::make_sync_schedule_service(), std::make_unique<WorkerWhatIf>());
  HeadlessImGui gui(1280, 800);
  using Clock = std::chrono::steady_clock;
  const auto ms_since = [](Clock::time_point t) { return std::chrono::duration<double, std::milli>(Clock::now() - t).count(); };
  auto start = Clock::now();
  if (const std::string error = app.load_scenario(text); !error.empty()) {
    std::fprintf(stderr, "ui_frame_bench: %s\n", error.c_str());
    return 1;
  }
  const double load_ms = ms_since(start);
  gui.frames(app, 1);
  std::printf("%s: load_scenario %.1f ms, first frame with its decision %.1f ms\n", file, load_ms, ms_since(start));
  if (!app.step(step)) {
    std::fprintf(stderr, "ui_frame_bench: no step %s\n", step);
    return 1;
  }
  gui.frames(app, 3);
  const auto settle = [&] {
    for (int f = 0; f < 3 && !app.results_current(); ++f) gui.frames(app, 1);
  };
  std::vector<double> edit_ms, drawn_ms, after_ms;
  for (int i = 0; i < edits; ++i) {
    if (action == "undo") {
      placement::ui::set_value(app, placement::ui::ptr("/model/replicas"), Json(2 + i % 2));
      app.state().seal();
      settle();
      gui.frames(app, 1);
    }
    start = Clock::now();
    if (action == "deploy") app.deploy();
    else if (action == "undo") app.undo();
    else if (action == "remove-worker") app.remove_worker(app.scenario()["workers"].size() / 2);
    else if (action == "scale-down") app.scale_down_to(placement::ui::model_instance_count(app.scenario()) - 1);
    else placement::ui::set_value(app, placement::ui::ptr("/model/replicas"), Json(2 + i % 2));
    edit_ms.push_back(ms_since(start));
    settle();
    drawn_ms.push_back(ms_since(start));
    start = Clock::now();
    gui.frames(app, 1);
    after_ms.push_back(ms_since(start));
    app.state().seal();
  }
  std::printf("%s on the %s step, median of %d: applied %.2f ms, to the end of the drawn frame %.2f ms, next frame %.2f ms\n", action.c_str(), step, edits,
              median(edit_ms), median(drawn_ms), median(after_ms));
  return 0;
}

// The text with its description made unique (edit_timing.js variant()), without parsing it.
std::string import_variant(const std::string& text, int i) {
  std::string out = text;
  const std::size_t key = out.find("\"description\"");
  const std::size_t quote = key == std::string::npos ? key : out.find('"', out.find(':', key));
  if (quote != std::string::npos) out.insert(quote + 1, "(import " + std::to_string(i + 1) + ") ");
  return out;
}

// One import as the page makes it, to the end of the frame that draws its decision ("" or the
// error); load_ms gets load_scenario's part. Not inlined: `valgrind --tool=callgrind
// --toggle-collect='timed_import*'` counts exactly this path.
[[gnu::noinline]] std::string timed_import(App& app, HeadlessImGui& gui, const std::string& text, std::vector<double>& load_ms) {
  const auto start = std::chrono::steady_clock::now();
  if (std::string error = app.load_scenario(text); !error.empty()) return error;
  load_ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
  for (int f = 0; f < 3 && !app.results_current(); ++f) gui.frames(app, 1);
  return app.results_current() ? "" : "the decision was not drawn";
}

int import_bench(const char* file, int imports) {
  std::ifstream in(file);
  const std::string text(std::istreambuf_iterator<char>(in), {});
  App app(placement::ui::make_sync_schedule_service(), std::make_unique<WorkerWhatIf>());
  HeadlessImGui gui(1280, 800);
  gui.frames(app, 3);
  using Clock = std::chrono::steady_clock;
  const auto ms_since = [](Clock::time_point t) { return std::chrono::duration<double, std::milli>(Clock::now() - t).count(); };
  std::vector<double> load_ms, drawn_ms, settle_ms;
  for (int i = 0; i < imports; ++i) {
    const std::string variant = import_variant(text, i);
    const auto start = Clock::now();
    if (const std::string error = timed_import(app, gui, variant, load_ms); !error.empty()) {
      std::fprintf(stderr, "ui_frame_bench: %s\n", error.c_str());
      return 1;
    }
    drawn_ms.push_back(ms_since(start));
    const auto settling = Clock::now();
    for (int f = 0; f < 10 && app.busy(); ++f) gui.frames(app, 1);
    gui.frames(app, 1);
    settle_ms.push_back(ms_since(settling));
  }
  std::printf("import of %s (%.1f MiB), median of %d: load_scenario %.1f ms, to the end of the drawn frame %.1f ms, settling after it %.1f ms\n", file,
              double(text.size()) / 1048576, imports, median(load_ms), median(drawn_ms), median(settle_ms));
  // The two readings of the text load_scenario makes (parse_scenario_text), each alone.
  std::vector<double> tree_ms, typed_ms;
  for (int i = 0; i < imports; ++i) {
    auto start = Clock::now();
    const Json tree = placement::read_json_tree(text);
    tree_ms.push_back(ms_since(start));
    start = Clock::now();
    const placement::Scenario typed = placement::load_scenario_text(text);
    typed_ms.push_back(ms_since(start));
  }
  std::printf("  of which reading the text: document tree %.1f ms, typed Scenario %.1f ms (each alone, median)\n", median(tree_ms), median(typed_ms));
  return 0;
}

int main(int argc, char** argv) {
  if (argc > 2 && std::string(argv[1]) == "--import") return import_bench(argv[2], argc > 3 ? std::atoi(argv[3]) : 5);
  if (argc > 2 && std::string(argv[1]) == "--edit") return edit_bench(argv[2], argc > 3 ? std::atoi(argv[3]) : 9, argc > 4 ? argv[4] : "cluster", argc > 5 ? argv[5] : "replicas");
  const int workers = argc > 1 ? std::atoi(argv[1]) : 256;
  const int frames = argc > 2 ? std::atoi(argv[2]) : 20;
  App app(placement::ui::make_sync_schedule_service());
  HeadlessImGui gui(1280, 800);
  const std::string error = app.load_scenario(big_scenario(workers).dump());
  if (!error.empty()) {
    std::fprintf(stderr, "ui_frame_bench: %s\n", error.c_str());
    return 1;
  }
  gui.frames(app, 3);  // the decision arrives, layouts settle
  std::printf("UI CPU per frame, %d workers x 8 GPUs, 1280x800, median of %d frames (target <= 8 ms)\n", workers, frames);
  for (const char* step : {"cluster", "filters", "fit", "scoring", "scale-down"}) {
    if (!app.step(step)) continue;
    gui.frames(app, 2);
    std::vector<double> ms;
    for (int i = 0; i < frames; ++i) {
      const auto start = std::chrono::steady_clock::now();
      gui.frames(app, 1);
      ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    }
    std::printf("  %-12s %8.3f ms   (%d vertices)\n", step, median(ms), gui.last_vertex_count());
  }
  return 0;
}
