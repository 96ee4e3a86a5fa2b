// GGUF's requirement record (scheduler-rules.md §6.1 requirement, §3.2 Setup): the queries as the
// fit asked them, and the setup's figures only once a setup was built; optional members read
// null (or are left out: ngl_given) exactly as the trace contract says.
#include <catch2/catch.hpp>

#include <optional>
#include <string>
#include <vector>

#include "fit/gguf/requirement_record.h"
#include "trace/trace_test_support.h"

using namespace placement;
using placement::gguf_fit::GgufRequirement;

namespace {

// The record's members as the trace writes them: inside an object.
Json members_of(const GgufRequirement& r) {
  return json_tree([&](JsonOut& out) {
    out.begin_object();
    r.write(out);
    out.end_object();
  });
}

std::vector<std::string> keys_of(const Json& j) {
  std::vector<std::string> keys;
  for (auto it = j.begin(); it != j.end(); ++it) keys.push_back(it.key());
  return keys;
}

gguf::Query query(std::optional<std::vector<double>> split, std::optional<std::vector<std::string>> rpc) {
  gguf::Query q;
  q.offload = "partial";
  q.tensor_split = std::move(split);
  q.rpc = std::move(rpc);
  return q;
}

// Two workers, "a" with GPUs 0 and 1, "b" with GPU 0; the walk lists b's GPU first.
gguf_fit::Setup setup() {
  gguf_fit::Setup s;
  for (const char* name : {"a", "b"}) {
    gguf_fit::WorkerView v;
    v.worker.name = name;
    s.workers.push_back(v);
  }
  s.gpus_alloc = {{1, 0, 9000}, {0, 1, 7000}, {0, 0, 6000}};
  s.total_layers = 10;
  s.full_vram = {10050, 10100};
  s.full_ram = {200, 300};
  s.cpu_ram = {10200, 10300};
  s.layer_vram = {1050, 1100};
  s.rpc_layer_vram = {1025, 1075};
  s.approx_gpus = 2;
  s.max_rpc = 8;
  return s;
}

}  // namespace

TEST_CASE("gguf requirement: a query's split, normalised split and rpc", "[gguf][trace]") {
  using V = std::vector<double>;
  using S = std::vector<std::string>;
  struct Row {
    const char* name;
    gguf::Query q;
    Json split, normalised, rpc;
  };
  const std::vector<Row> rows = {
      {"none", query(std::nullopt, std::nullopt), nullptr, nullptr, nullptr},
      {"empty lists read as none", query(V{}, S{}), nullptr, nullptr, nullptr},
      {"small values stay as given", query(V{1, 3}, S{"host:80"}), Json::array({1, 3}), Json::array({1, 3}), Json::array({"host:80"})},
      {"byte values are normalised to MiB (Q24 when mixed)", query(V{17171480576, 1}, std::nullopt),
       Json::array({17171480576LL, 1}), Json::array({16376, 0}), nullptr},
  };
  for (const Row& row : rows) {
    SECTION(row.name) {
      const Json j = json_tree([&](JsonOut& out) {
        out.begin_object();
        gguf_fit::write_query_members(out, row.q);
        out.end_object();
      });
      CHECK(keys_of(j) == std::vector<std::string>{"offload", "tensor_split", "normalised_split", "rpc"});
      CHECK(j["offload"] == "partial");
      CHECK(j["tensor_split"] == row.split);
      CHECK(j["normalised_split"] == row.normalised);
      CHECK(j["rpc"] == row.rpc);
    }
  }
}

TEST_CASE("gguf requirement: queries alone until the setup is recorded, then its figures in order", "[gguf][trace]") {
  GgufRequirement r;
  r.queries.push_back(gguf_fit::QueryRecord{query(std::nullopt, std::nullopt), "recorded", "base", false, 3});
  r.estimator_calls = 2;
  const Json before = members_of(r);
  CHECK(keys_of(before) == std::vector<std::string>{"selector", "queries", "estimator_calls"});
  CHECK(before["selector"] == "gguf");
  CHECK(before["queries"][0]["asked_by"] == "base");
  CHECK(before["queries"][0]["uses"] == 3);
  CHECK(before["estimator_calls"] == 2);

  r.record_setup(setup());
  const Json after = members_of(r);
  CHECK(keys_of(after) == std::vector<std::string>{"selector", "queries", "estimator_calls", "total_layers",
                                                   "total_layers_includes_output", "full_vram", "full_ram", "cpu_ram",
                                                   "layer_vram", "rpc_layer_vram", "approx_gpus", "ngl", "tensor_split",
                                                   "selected_gpu_ids", "max_rpc_servers", "allocatable_gpus"});
  CHECK(after["total_layers_includes_output"] == true);
  CHECK(after["full_vram"] == Json{{"uma", 10050}, {"nonuma", 10100}});
  CHECK(after["rpc_layer_vram"] == Json{{"uma", 1025}, {"nonuma", 1075}});
  CHECK(after["allocatable_gpus"] == Json::array({Json{{"worker_name", "b"}, {"gpu_index", 0}, {"alloc", 9000}},
                                                  Json{{"worker_name", "a"}, {"gpu_index", 1}, {"alloc", 7000}},
                                                  Json{{"worker_name", "a"}, {"gpu_index", 0}, {"alloc", 6000}}}));
  // The CLI's text and the tree are the same events.
  CHECK(testing::text_of([&](JsonOut& out) {
          out.begin_object();
          r.write(out);
          out.end_object();
        }) == after.dump(2));
}

TEST_CASE("gguf requirement: parameters and selection, row by row", "[gguf][trace]") {
  struct Row {
    const char* name;
    std::optional<long long> ngl, ngl_given;
    std::optional<std::string> split;
    bool selection_active;
    Json want_ngl, want_ngl_given, want_split, want_ids;  // want_ngl_given null: no such key
  };
  const std::vector<Row> rows = {
      {"nothing given", std::nullopt, std::nullopt, std::nullopt, false, nullptr, nullptr, nullptr, nullptr},
      {"-ngl within the layers", 4, std::nullopt, std::nullopt, false, 4, nullptr, nullptr, nullptr},
      {"-ngl clamped to total_layers keeps the given value", 10, 12, std::nullopt, false, 10, 12, nullptr, nullptr},
      {"ngl_given equal to ngl is not shown", 10, 10, std::nullopt, false, 10, nullptr, nullptr, nullptr},
      {"tensor split text as given", std::nullopt, std::nullopt, "3,1", false, nullptr, nullptr, "3,1", nullptr},
      {"an active selection lists the sorted ids", std::nullopt, std::nullopt, std::nullopt, true, nullptr, nullptr,
       nullptr, Json::array({"a:cuda:0", "b:cuda:0"})},
  };
  for (const Row& row : rows) {
    SECTION(row.name) {
      gguf_fit::Setup s = setup();
      s.ngl = row.ngl;
      s.ngl_given = row.ngl_given;
      if (row.split) s.tensor_split = gguf_fit::UserSplit{*row.split, 2};
      s.selection.active = row.selection_active;
      s.selection.sorted_ids = {"a:cuda:0", "b:cuda:0"};  // shown only when active
      GgufRequirement r;
      r.record_setup(s);
      const Json j = members_of(r);
      CHECK(j["ngl"] == row.want_ngl);
      CHECK(j.contains("ngl_given") == !row.want_ngl_given.is_null());
      if (j.contains("ngl_given")) CHECK(j["ngl_given"] == row.want_ngl_given);
      CHECK(j["tensor_split"] == row.want_split);
      CHECK(j["selected_gpu_ids"] == row.want_ids);
    }
  }
}
