// GGUF rejections are kept typed while a strategy runs and become JSON when the trace is read:
// each shape must render exactly as the JSON builders the strategies used before render it (kept
// here as the reference), and the record must show them in its `rejections` slot, in order, with
// the keys where they were.
#include <catch2/catch.hpp>

#include <functional>

#include "fit/gguf/record.h"

using namespace placement;
using namespace placement::gguf_fit;

namespace {

WorkerView view_of(std::int64_t id, const std::string& name) {
  WorkerView v;
  v.worker.id = id;
  v.worker.name = name;
  return v;
}

struct Shape {
  const char* what;
  std::vector<int> indexes;
  std::vector<std::string> rpc;
  const char* code;
  std::vector<Shortfall> typed;  // the same shortfalls both ways
  DataFields data;               // typed
  Json json_data;                // the same as the JSON builders took it (empty = none)
  std::vector<std::string> shortfall_workers = {};
};

// The reference: a shortfall as the strategies' JSON builder made it ({dim, gpu_index?, need, have,
// short, freeable}; `capacity`: what the dimension offers with every claim released).
Json shortfall(const std::string& dim, Bytes need, Bytes have, Bytes capacity, std::optional<int> gpu_index) {
  Json s = Json::object();
  s["dim"] = dim;
  if (gpu_index) s["gpu_index"] = *gpu_index;
  s["need"] = need;
  s["have"] = have;
  s["short"] = need > have ? need - have : 0;
  s["freeable"] = capacity >= need;
  return s;
}

// The reference: a rejection as rejection(subject(...)) built it as JSON.
Json reference(const WorkerView& w, const Shape& s) {
  Json subject{{"worker_id", w.worker.id}, {"worker_name", w.worker.name}, {"gpu_indexes", s.indexes}};
  if (!s.rpc.empty()) subject["rpc"] = s.rpc;
  Json shortfalls = Json::array();
  for (std::size_t i = 0; i < s.typed.size(); ++i) {
    Json sf = shortfall(s.typed[i].dim, s.typed[i].need, s.typed[i].have, s.typed[i].freeable ? s.typed[i].need : -1,
                        s.typed[i].gpu_index);
    if (i < s.shortfall_workers.size() && !s.shortfall_workers[i].empty()) sf["worker_name"] = s.shortfall_workers[i];
    shortfalls.push_back(sf);
  }
  Json r{{"subject", subject}, {"code", s.code}, {"shortfalls", shortfalls}};
  if (!s.json_data.empty()) r["data"] = s.json_data;
  return r;
}

}  // namespace

TEST_CASE("GGUF typed rejections render as the JSON builders do", "[fit][gguf]") {
  const WorkerView w = view_of(7, "worker-a");
  const std::vector<Shape> shapes = {
      {"a worker, no shortfall, data", {}, {}, "gpu_count", {}, {{"gpus", 1}, {"need", 2}}, Json{{"gpus", 1}, {"need", 2}}},
      {"a worker, RAM short", {}, {}, "ram", {make_shortfall("ram", 900, 500, 800)}, {}, nullptr},
      {"a GPU, VRAM short, freeable", {3}, {}, "vram", {make_shortfall("vram", 900, 500, 1000, 3)}, {}, nullptr},
      {"a GPU, data given", {0}, {}, "vram", {make_shortfall("vram", 901, 900, 950, 0)}, {{"strict", true}}, Json{{"strict", true}}},
      {"empty data is absent", {1}, {}, "one_layer", {make_shortfall("one_layer", 10, 5, 5, 1)}, {}, Json::object()},
      {"several GPUs, a layer count", {0, 1, 2, 3, 4, 5}, {}, "layers", {count_short("layers", 81, 40)}, {}, nullptr},
      {"count not short", {2}, {}, "below_best", {count_short("layers", 10, 12)}, {}, nullptr},
      {"two shortfalls", {0, 1}, {}, "vram", {make_shortfall("vram", 5, 4, 4, 0), make_shortfall("vram", 9, 2, 10, 1)}, {}, nullptr},
      {"three shortfalls (spilled)",
       {0, 1, 2},
       {},
       "vram",
       {make_shortfall("vram", 5, 4, 4, 0), make_shortfall("vram", 9, 2, 10, 1), make_shortfall("vram", 3, 1, 1, 2)},
       {},
       nullptr},
      {"RPC servers named", {0}, {"w2:50052", "w3:50052"}, "below_best", {count_short("layers", 30, 20)}, {}, nullptr},
      {"RPC servers and nested data",
       {0, 1},
       {"w2:50052"},
       "layers",
       {},
       {{"window", DataFields{{"from", 3}, {"to", 9}}}},
       Json{{"window", Json{{"from", 3}, {"to", 9}}}}},
      {"RPC shortfalls name their server's worker after their fields",
       {0},
       {"w2:0", "w3:1"},
       "layers",
       {make_shortfall("ram", 9, 5, 5), make_shortfall("vram", 7, 6, 6, 0), make_shortfall("vram", 8, 4, 9, 1)},
       {{"offload_layers", 12}},
       Json{{"offload_layers", 12}},
       {"", "", "w3"}},
  };
  for (const Shape& s : shapes) {
    CAPTURE(s.what);
    GgufRejection typed{w.worker.id, w.worker.name, s.indexes, s.rpc, s.code, s.typed, s.data, s.shortfall_workers};
    CHECK(typed.to_json().dump() == reference(w, s).dump());
  }
}

TEST_CASE("GGUF typed shortfalls match the JSON shortfall builders", "[fit][gguf]") {
  struct Row {
    Bytes need, have, capacity;
  };
  for (const Row& r : std::vector<Row>{{10, 5, 4}, {10, 5, 10}, {5, 10, 0}, {0, 0, 0}, {1LL << 50, 1, 1LL << 51}}) {
    CAPTURE(r.need, r.have, r.capacity);
    CHECK(make_shortfall("vram", r.need, r.have, r.capacity, 2).to_json().dump() ==
          shortfall("vram", r.need, r.have, r.capacity, 2).dump());
    const Json counted{{"dim", "layers"}, {"need", r.need}, {"have", r.have}, {"short", r.need > r.have ? r.need - r.have : 0},
                       {"freeable", false}};
    CHECK(count_short("layers", r.need, r.have).to_json().dump() == counted.dump());
  }
}

TEST_CASE("GGUF strategy record: rejections fill their slot when the trace is read, in order", "[fit][gguf]") {
  Trace trace;
  const WorkerView a = view_of(1, "a"), b = view_of(2, "b");
  {
    StrategyRecorder rec(trace, Strategy::single_gpu);
    rec.reject(a, {0}, "vram", {make_shortfall("vram", 10, 5, 5, 0)});
    rec.reject(b, {}, "ram", {make_shortfall("ram", 10, 5, 20)}, DataFields{{"k", 1}});
    CHECK(rec.rejections().size() == 2);
    CHECK(std::string(rec.rejections()[1].code) == "ram");
    rec.finish("tried", 0);
  }
  {
    StrategyRecorder rec(trace, Strategy::multi_gpu);  // nothing rejected: an empty list, not null
    rec.finish("tried", 0);
  }
  const Json& root = trace.root();
  const Json& first = root["strategies"][0];
  REQUIRE(first["rejections"].is_array());
  REQUIRE(first["rejections"].size() == 2);
  CHECK(first["rejections"][0]["subject"]["worker_name"] == "a");
  CHECK(first["rejections"][0]["subject"]["gpu_indexes"] == Json::array({0}));
  CHECK(first["rejections"][1]["code"] == "ram");
  CHECK(first["rejections"][1]["data"] == Json{{"k", 1}});
  CHECK_FALSE(first["rejections"][1]["subject"].contains("rpc"));
  // The slot keeps its place among the record's keys.
  std::vector<std::string> keys;
  for (auto it = first.begin(); it != first.end(); ++it) keys.push_back(it.key());
  const std::vector<std::string> expected_keys = {"selector", "strategy",     "status", "candidates_found", "examined",
                                                  "rejections", "not_examined", "caps",   "quirks"};
  CHECK(keys == expected_keys);
  CHECK(root["strategies"][1]["rejections"] == Json::array());
}

TEST_CASE("GGUF strategy record: typed extras, not-examined entries and skip data", "[fit][gguf]") {
  const WorkerView a = view_of(1, "a");
  struct Row {
    const char* what;
    std::function<void(StrategyRecorder&)> fill;
    const char* expected;  // compact JSON of the record
  };
  const std::vector<Row> rows = {
      {"skip data",
       [](StrategyRecorder& r) { r.skip("ngl_partial", DataFields{{"ngl", 10}, {"total_layers", 81}}); },
       R"({"selector":"gguf","strategy":"single_worker_single_gpu","status":"skipped","skip":{"code":"ngl_partial","data":{"ngl":10,"total_layers":81}},)"
       R"("candidates_found":0,"examined":{"workers":0,"gpus":0,"combinations":0,"queries":0},"rejections":[],"not_examined":[],"caps":[],"quirks":[]})"},
      {"not examined: the subject or counts, the rule last",
       [&](StrategyRecorder& r) {
         r.not_examined("walk_stopped", subject(a, {2}));
         r.not_examined("stopped_at_fit", DataFields{{"worker_name", "a"}, {"gpus_from", 3}, {"gpus_to", 4}});
       },
       R"({"selector":"gguf","strategy":"single_worker_single_gpu","status":"tried",)"
       R"("candidates_found":0,"examined":{"workers":0,"gpus":0,"combinations":0,"queries":0},"rejections":[],)"
       R"("not_examined":[{"worker_id":1,"worker_name":"a","gpu_indexes":[2],"rule":"walk_stopped"},)"
       R"({"worker_name":"a","gpus_from":3,"gpus_to":4,"rule":"stopped_at_fit"}],"caps":[],"quirks":[]})"},
      {"combination rejections after rejections, notes last; a note set twice keeps its place",
       [&](StrategyRecorder& r) {
         r.combinations().add(rejection(a, {0, 1}, "vram_total", {make_shortfall("vram_total", 10, 4, 4)}), 2);
         r.combinations().add_count("ram", 3, 2);
         r.note("single_gpu_best", 5);
         r.note("main", DataFields{{"worker_name", "a"}, {"vram", 7}});
         r.note("single_gpu_best", 6);
       },
       R"({"selector":"gguf","strategy":"single_worker_single_gpu","status":"tried",)"
       R"("candidates_found":0,"examined":{"workers":0,"gpus":0,"combinations":0,"queries":0},"rejections":[],)"
       R"("combination_rejections":{"count":3,"by_code":{"vram_total":1,"ram":2},"by_size":{"2":1,"3":2},)"
       R"("closest":[{"subject":{"worker_id":1,"worker_name":"a","gpu_indexes":[0,1]},"code":"vram_total",)"
       R"("shortfalls":[{"dim":"vram_total","need":10,"have":4,"short":6,"freeable":false}]}]},)"
       R"("not_examined":[],"caps":[],"quirks":[],"notes":{"single_gpu_best":6,"main":{"worker_name":"a","vram":7}}})"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.what);
    Trace trace;
    StrategyRecorder rec(trace, Strategy::single_gpu);
    row.fill(rec);
    rec.finish(rec.skipped() ? "skipped" : "tried", 0);
    CHECK(trace.root()["strategies"][0].dump() == row.expected);
  }
}
