// GGUF rejections are kept typed while a strategy runs and become JSON when the trace is read:
// each shape must render exactly as the JSON builders (rejection(subject(...))) render it, and the
// record must show them in its `rejections` slot, in order, with the keys where they were.
#include <catch2/catch.hpp>

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
  Json data;                     // as the strategies pass it (null = none)
};

Json shortfalls_json(const std::vector<Shortfall>& list) {
  Json out = Json::array();
  for (const Shortfall& s : list) out.push_back(s.to_json());
  return out;
}

}  // namespace

TEST_CASE("GGUF typed rejections render as the JSON builders do", "[fit][gguf]") {
  const WorkerView w = view_of(7, "worker-a");
  const std::vector<Shape> shapes = {
      {"a worker, no shortfall, data", {}, {}, "gpu_count", {}, Json{{"gpus", 1}, {"need", 2}}},
      {"a worker, RAM short", {}, {}, "ram", {make_shortfall("ram", 900, 500, 800)}, nullptr},
      {"a GPU, VRAM short, freeable", {3}, {}, "vram", {make_shortfall("vram", 900, 500, 1000, 3)}, nullptr},
      {"a GPU, data given", {0}, {}, "vram", {make_shortfall("vram", 901, 900, 950, 0)}, Json{{"strict", true}}},
      {"empty data object is absent", {1}, {}, "one_layer", {make_shortfall("one_layer", 10, 5, 5, 1)}, Json::object()},
      {"several GPUs, a layer count", {0, 1, 2, 3, 4, 5}, {}, "layers", {count_short("layers", 81, 40)}, nullptr},
      {"count not short", {2}, {}, "below_best", {count_short("layers", 10, 12)}, nullptr},
      {"two shortfalls", {0, 1}, {}, "vram", {make_shortfall("vram", 5, 4, 4, 0), make_shortfall("vram", 9, 2, 10, 1)}, nullptr},
      {"three shortfalls (spilled)",
       {0, 1, 2},
       {},
       "vram",
       {make_shortfall("vram", 5, 4, 4, 0), make_shortfall("vram", 9, 2, 10, 1), make_shortfall("vram", 3, 1, 1, 2)},
       nullptr},
      {"RPC servers named", {0}, {"w2:50052", "w3:50052"}, "below_best", {count_short("layers", 30, 20)}, nullptr},
      {"RPC servers and data", {0, 1}, {"w2:50052"}, "layers", {}, Json{{"window", Json{{"from", 3}, {"to", 9}}}}},
  };
  for (const Shape& s : shapes) {
    CAPTURE(s.what);
    const Json expected = rejection(subject(w, s.indexes, s.rpc), s.code, shortfalls_json(s.typed),
                                    s.data.is_null() ? Json::object() : s.data);
    GgufRejection typed{w.worker.id, w.worker.name, s.indexes, s.rpc, s.code, s.typed, s.data};
    CHECK(typed.to_json().dump() == expected.dump());
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
    rec.reject(b, {}, "ram", {make_shortfall("ram", 10, 5, 20)}, Json{{"k", 1}});
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
