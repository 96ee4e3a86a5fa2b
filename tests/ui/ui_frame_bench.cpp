// ui_frame_bench: the explorer's own CPU time per frame, natively and without a GPU (issue 5,
// item 4's "UI CPU per frame" without the browser around it). It builds the same 256-worker ×
// 8-GPU cluster as tests/browser/measure_page.js, lets the decision arrive, then times whole
// frames (NewFrame, App::frame, Render) on every step tab. A benchmark, not a test.
//   ui_frame_bench [WORKERS] [FRAMES]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "app/app.h"
#include "headless_frame.h"

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

int main(int argc, char** argv) {
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
