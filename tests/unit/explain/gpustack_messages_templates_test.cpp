// Table-driven checks of GPUStack message templates the acceptance cases do not reach, and of the
// Python number / container formatting they rely on.
#include <catch2/catch.hpp>

#include "explain/gpustack_messages.h"
#include "explain/python_text.h"

using namespace placement;

namespace {

Json slot(const char* source, const char* key, Json values) { return Json{{"source", source}, {"key", key}, {"values", std::move(values)}}; }

}  // namespace

TEST_CASE("Python formatting of message values", "[gpustack_messages]") {
  CHECK(pytext::gib(Json(85899345920LL)) == "80.0");
  CHECK(pytext::gib(Json(34342961152LL)) == "31.98");
  CHECK(pytext::gib2(Json(85899345920LL)) == "80.00");
  CHECK(pytext::list(Json::array({"a", "b's"})) == "['a', \"b's\"]");
  CHECK(pytext::dict(Json{{"pool", "prod"}, {"n", 1}}) == "{'pool': 'prod', 'n': 1}");
  CHECK(pytext::str(Json(0.9)) == "0.9");
  CHECK(pytext::str(Json(2.0)) == "2.0");
}

TEST_CASE("GPUStack message templates", "[gpustack_messages]") {
  struct Row {
    Json messages;
    std::string text;
  };
  const std::vector<Row> rows = {
      {Json::array({slot("filters", "local_path", {{"path", "/m"}, {"workers", {"a", "b", "c"}}, {"more", 2}})}),
       "- The model file path '/m' does not exist on the following workers: a, b, c... (+2 more). Please ensure the model file is "
       "accessible on all workers.\n"},
      {Json::array({slot("filters", "gpu_selector", {{"matched", 1}, {"absent", {"w9"}}})}),
       "- Matched 1 worker by gpu selector. Missing workers: w9.\n"},
      {Json::array({slot("custom", "requirement", {{"vram", 1073741824}, {"ram", 536870912}}),
                    slot("custom", "no_candidate", {{"vram", 1073741824}, {"ram", 536870912}})}),
       "- The model requires approximately 1.0 GiB of VRAM and 0.5 GiB of RAM.\n- No suitable workers found. Required VRAM 1.0 GiB, RAM 0.5 GiB."},
      {Json::array({slot("gguf.pre_check", "ngl_requires_cpu_offloading", {{"ngl", 10}})}),
       "The parameter --gpu-layers 10 requires CPU offloading. Please allow CPU offloading in the model configuration."},
      {Json::array({slot("gguf.multi_worker_rpc", "rpc_candidate_cap", {{"limit", 16}, {"actual", 20}})}),
       "- Too many candidate RPC servers (max 16 supported), skipping distributed deployment. Use manual scheduling to select GPUs if needed."},
      {Json::array({slot("mindie", "parallel_validation",
                         {{"rule", "heads_world"}, {"value", 28}, {"via", "data_parallel"}, {"tp", 4}, {"dp", 2}, {"world", 8}}),
                    slot("mindie", "requirement", {{"vram", 1073741824}, {"ram", 0}})}),
       "Model's attention heads (28) must be divisible by the world size (8), multiplied by --data-parallel-size (2) and "
       "--tensor-parallel-size (4).- The model requires approximately 1.0 GiB VRAM and 0.0 GiB RAM."},
      {Json::array({slot("manual", "distributed_limit", {{"worker", "w1"}, {"instance", "m-1"}})}),
       "- Each worker can run only one distributed vLLM instance. Worker 'w1' already has 'm-1'."},
  };
  for (const Row& row : rows) {
    INFO(row.messages.dump());
    CHECK(gpustack_details(row.messages) == row.text);
  }
}

TEST_CASE("GPUStack no-candidate framing", "[gpustack_messages]") {
  const Json kept{{"filter", "cluster"}, {"status", "applied"}, {"kept", 2}};
  const Json none{{"filter", "cluster"}, {"status", "applied"}, {"kept", 0}};
  const Json cluster = slot("filters", "cluster", {{"matched", 2}});
  CHECK(gpustack_no_candidate_message(Json{{"filters", {kept}}, {"messages", {cluster}}}) ==
        "No suitable workers.\nDetails:\n- Matched 2 workers by cluster selector.\nNo workers meet the resource requirements.");
  CHECK(gpustack_no_candidate_message(Json{{"filters", {none}}, {"messages", {slot("filters", "cluster", {{"matched", 0}})}}}) ==
        "No suitable workers.\nDetails:\n- Matched 0 workers by cluster selector.\n");
  CHECK(gpustack_no_candidate_message(Json{{"messages", {slot("no_workers", "no_workers", {})}}}) == "No available workers");
  const Json init{{"kind", "reference_error"},
                  {"stage", "selector_init"},
                  {"values", {{"labels", "tp"}, {"world_size", 8}, {"gpu_count", 2}, {"model", "m"}, {"backend", "vLLM"}}}};
  CHECK(gpustack_no_candidate_message(Json{{"error", init}, {"messages", {cluster}}}).rfind(
            "No suitable workers.\nDetails:\nFailed to initialize vLLM candidates selector: Model m has tp set, but the selected gpu count (2) "
            "does not match the world size (8).",
            0) == 0);
}
