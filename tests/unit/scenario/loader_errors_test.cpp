// Bad scenarios: each is rejected with the JSON Pointer of the offending value (scheduler-rules.md §7.1).
#include <catch2/catch.hpp>

#include "scenario/errors.h"
#include "scenario/scenario_loader.h"

using namespace placement;

namespace {

// A minimal valid scenario; rows patch one value to make it bad.
Json base() {
  return Json::parse(R"({
    "format": "placement-scenario/1",
    "workers": [{"id": 1, "name": "w1", "state": "ready",
                 "system_reserved": {"ram": 0, "vram": 0},
                 "status": {"memory": {"total": 1000},
                            "gpu_devices": [{"index": 0, "type": "cuda", "memory": {"total": 100}}]}}],
    "model": {"id": 1, "name": "m", "source": "huggingface", "huggingface_repo_id": "a/b", "backend": "vLLM",
              "replicas": 1, "placement_strategy": "spread", "categories": ["llm"]},
    "model_instances": [{"id": 5, "model_id": 1, "state": "running", "worker_id": 1, "gpu_indexes": [0],
                         "computed_resource_claim": {"ram": 1, "vram": {"0": 2}}}],
    "model_files": [],
    "estimates": {"weights_bytes": 10, "config": {}}
  })");
}

struct Row {
  const char* name;
  const char* patch_pointer;  // where to write
  Json value;                 // what to write there
  const char* want_pointer;   // the pointer the error must name
  const char* want_text;      // part of the message
};

}  // namespace

TEST_CASE("the base scenario loads") { REQUIRE_NOTHROW(load_scenario(base())); }

TEST_CASE("bad values are rejected with their JSON pointer") {
  const std::vector<Row> rows = {
      {"wrong type: worker id string", "/workers/0/id", "one", "/workers/0/id", "expected an integer"},
      {"wrong type: name number", "/workers/0/name", 5, "/workers/0/name", "expected a string"},
      {"negative memory", "/workers/0/status/memory/total", -1, "/workers/0/status/memory/total", "non-negative"},
      {"negative GPU memory", "/workers/0/status/gpu_devices/0/memory/total", -5,
       "/workers/0/status/gpu_devices/0/memory/total", "non-negative"},
      {"negative reserve", "/workers/0/system_reserved/vram", -1, "/workers/0/system_reserved/vram", "non-negative"},
      {"negative replicas", "/model/replicas", -2, "/model/replicas", "negative"},
      {"unknown placement strategy", "/model/placement_strategy", "pack", "/model/placement_strategy", "unknown placement_strategy"},
      {"unknown source", "/model/source", "s3", "/model/source", "unknown source"},
      {"unknown category", "/model/categories/0", "video", "/model/categories/0", "unknown category"},
      {"unknown instance state", "/model_instances/0/state", "sleeping", "/model_instances/0/state", "unknown instance state"},
      {"GPU id without type", "/model/gpu_selector", Json{{"gpu_ids", {"w1:0"}}}, "/model/gpu_selector/gpu_ids/0", "does not parse"},
      {"GPU id with letters as index", "/model/gpu_selector", Json{{"gpu_ids", {"w1:cuda:x"}}}, "/model/gpu_selector/gpu_ids/0",
       "does not parse"},
      {"claim vram key not an index", "/model_instances/0/computed_resource_claim/vram", Json{{"a", 1}},
       "/model_instances/0/computed_resource_claim/vram/a", "not a GPU index"},
      {"negative claim", "/model_instances/0/computed_resource_claim/ram", -1, "/model_instances/0/computed_resource_claim/ram",
       "non-negative"},
      {"workers not an array", "/workers", Json::object(), "/workers", "expected an array"},
      {"gpu_devices entry without index", "/workers/0/status/gpu_devices/0", Json{{"type", "cuda"}, {"memory", {{"total", 1}}}},
       "/workers/0/status/gpu_devices/0/index", "missing"},
      {"worker without status memory", "/workers/0/status", Json::object(), "/workers/0/status/memory", "missing"},
      {"fractional integer", "/workers/0/id", 1.5, "/workers/0/id", "non-integral"},
      {"unknown format", "/format", "other/1", "/format", "unknown format"},
      {"unknown gguf-parser offload", "/estimates", Json{{"gguf_parser", {{{"offload", "half"}, {"estimate", {{"items", Json::array()}}}}}}},
       "/estimates/gguf_parser/0/offload", "unknown gguf-parser offload"},
  };
  for (const Row& row : rows) {
    SECTION(row.name) {
      Json doc = base();
      doc[Json::json_pointer(row.patch_pointer)] = row.value;
      try {
        load_scenario(doc);
        FAIL("accepted: " << row.name);
      } catch (const InputError& e) {
        CHECK(e.pointer() == row.want_pointer);
        CHECK_THAT(e.message(), Catch::Contains(row.want_text));
      }
    }
  }
}

TEST_CASE("duplicates are rejected") {
  SECTION("duplicate worker id") {
    Json doc = base();
    Json w = doc["workers"][0];
    w["name"] = "w2";
    doc["workers"].push_back(w);
    try {
      load_scenario(doc);
      FAIL("accepted");
    } catch (const InputError& e) {
      CHECK(e.pointer() == "/workers/1/id");
    }
  }
  SECTION("duplicate worker name") {
    Json doc = base();
    Json w = doc["workers"][0];
    w["id"] = 2;
    doc["workers"].push_back(w);
    try {
      load_scenario(doc);
      FAIL("accepted");
    } catch (const InputError& e) {
      CHECK(e.pointer() == "/workers/1/name");
    }
  }
  SECTION("duplicate GPU (type, index)") {
    Json doc = base();
    doc["workers"][0]["status"]["gpu_devices"].push_back(doc["workers"][0]["status"]["gpu_devices"][0]);
    try {
      load_scenario(doc);
      FAIL("accepted");
    } catch (const InputError& e) {
      CHECK(e.pointer() == "/workers/0/status/gpu_devices/1/index");
    }
  }
}

TEST_CASE("invalid JSON names the byte offset") {
  try {
    load_scenario_text("{\"workers\": [1, }");
    FAIL("accepted");
  } catch (const InputError& e) {
    CHECK_THAT(e.message(), Catch::Contains("invalid JSON at byte"));
  }
}

TEST_CASE("lenient forms GPUStack accepts") {
  SECTION("older system_reserved spelling") {
    Json doc = base();
    doc["workers"][0]["system_reserved"] = Json{{"memory", 7}, {"gpu_memory", 3}};
    Scenario s = load_scenario(doc);
    CHECK(s.workers[0].reserved_ram == 7);
    CHECK(s.workers[0].reserved_vram == 3);
  }
  SECTION("vram keys as ints in JSON text are strings; integral floats are ints") {
    Json doc = base();
    doc["workers"][0]["status"]["memory"]["total"] = 1000.0;
    Scenario s = load_scenario(doc);
    CHECK(s.workers[0].memory_total == 1000);
  }
  SECTION("an unknown worker state is kept, with a warning") {
    Json doc = base();
    doc["workers"][0]["state"] = "hibernating";
    Scenario s = load_scenario(doc);
    CHECK(s.workers[0].state == "hibernating");
    REQUIRE(s.warnings.size() == 1);
    CHECK_THAT(s.warnings[0], Catch::Contains("hibernating"));
  }
  SECTION("a GPU id naming an absent worker is not bad input") {
    Json doc = base();
    doc["model"]["gpu_selector"] = Json{{"gpu_ids", {"nowhere:cuda:3"}}};
    CHECK_NOTHROW(load_scenario(doc));
  }
}

TEST_CASE("GPU ids parse as name:type:index") {
  struct IdRow {
    const char* id;
    bool ok;
    const char* name;
    const char* type;
    int index;
  };
  const std::vector<IdRow> rows = {
      {"host:cuda:0", true, "host", "cuda", 0},
      {"host:a:b:rocm:12", true, "host:a:b", "rocm", 12},
      {"host:cuda:", false, "", "", 0},
      {"host:0", false, "", "", 0},
      {":cuda:0", false, "", "", 0},
      {"host::0", false, "", "", 0},
  };
  for (const auto& row : rows) {
    auto g = parse_gpu_id(row.id);
    INFO(row.id);
    REQUIRE(g.has_value() == row.ok);
    if (g) {
      CHECK(g->worker_name == row.name);
      CHECK(g->type == row.type);
      CHECK(g->index == row.index);
    }
  }
}
