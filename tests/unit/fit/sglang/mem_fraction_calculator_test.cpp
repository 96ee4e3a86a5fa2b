// SGLang's mem-fraction-static calculator (scheduler-rules.md §3.4 "Calculator"): the table rows, the
// spec's worked example, each reserve term, and where GPUStack fails inside it.
#include <catch2/catch.hpp>

#include "fit/sglang/mem_fraction_calculator.h"
#include "fit/sglang/python_numbers.h"
#include "scenario/errors.h"
#include "scenario/scenario_loader.h"

using namespace placement;

namespace {

Worker gpu_worker(const std::string& name, int id, int gpus, Bytes total, const std::string& type = "cuda",
                  const std::string& vendor = "NVIDIA") {
  Json devices = Json::array();
  for (int i = 0; i < gpus; ++i)
    devices.push_back(Json{{"index", i}, {"type", type}, {"vendor", vendor}, {"memory", {{"total", total}}}});
  return load_worker(Json{{"id", id}, {"name", name}, {"state", "ready"},
                          {"status", {{"memory", {{"total", 68719476736LL}}}, {"gpu_devices", devices}}}},
                     "/w");
}

struct Calc {
  std::vector<Worker> workers;
  SglangParameters params;
  SelectionByType selection;
  bool selector_present = false;
  std::optional<int> gpus_per_replica;
  Json vision = Json();
  std::vector<ModelInstance> instances;

  MemFractionResult run(const GpuType& type = std::string("cuda")) const {
    AllocationIndex allocation(instances);
    MemFractionInputs in;
    in.gpu_type = type;
    for (const auto& w : workers) in.workers.push_back(&w);
    in.selection = &selection;
    in.gpu_selector_present = selector_present;
    in.gpus_per_replica = gpus_per_replica;
    in.allocation = &allocation;
    in.params = &params;
    in.vision_config = vision;
    return calculate_mem_fraction_static(in);
  }
};

constexpr Bytes k4080 = 17171480576;  // 16376.0 MiB

}  // namespace

TEST_CASE("calculator table: chunked prefill C and CUDA-graph batch B per row") {
  struct Row {
    double mib;
    bool npu;
    long long max_tp;
    long long c, b;
  } rows[] = {
      {0, false, 1, 4096, 160},        {16376, false, 1, 2048, 8},     {16376, false, 8, 2048, 8},
      {30000, true, 1, 32768, 16},     {30000, true, 4, 32768, 64},    {30000, false, 1, 2048, 24},
      {30000, false, 4, 2048, 80},     {40000, false, 1, 4096, 32},    {40000, false, 4, 4096, 160},
      {62000, true, 2, 32768, 64},     {62000, true, 4, 32768, 128},   {62000, false, 2, 8192, 256},
      {100000, false, 4, 8192, 512},   {163839, false, 1, 8192, 256},  {163840, false, 1, 16384, 512},
      {20480, false, 1, 2048, 24},     {61440, false, 1, 8192, 256},   {65536, true, 1, 8192, 256},
  };
  for (const Row& r : rows) {
    INFO("gpu_mem " << r.mib << " npu " << r.npu << " max_tp " << r.max_tp);
    PrefillGraphDefaults d = prefill_graph_defaults(r.mib, r.npu, r.max_tp);
    CHECK(d.chunked_prefill_size == r.c);
    CHECK(d.cuda_graph_max_bs == r.b);
  }
}

TEST_CASE("worked example: 17,171,480,576-byte GPUs give u 0.772, both selected give 0.765") {
  Calc calc;
  calc.workers.push_back(gpu_worker("host4080", 3, 2, k4080));
  MemFractionResult automatic = calc.run();
  REQUIRE(automatic.u);
  CHECK(*automatic.u == 0.772);
  CHECK(automatic.detail.gpu_mem_mib == 16376.0);
  CHECK(automatic.detail.reserved_mib == 3728.0);
  CHECK(static_cast<Bytes>(static_cast<double>(k4080) * *automatic.u) == 13256383004);

  calc.selector_present = true;
  calc.selection = {{"cuda", {{"host4080", {0, 1}}}}};
  MemFractionResult manual = calc.run();
  REQUIRE(manual.u);
  CHECK(manual.detail.max_tp == 2);
  CHECK(manual.detail.reserved_mib == 3856.0);
  CHECK(*manual.u == 0.765);
  CHECK(static_cast<Bytes>(static_cast<double>(k4080) * *manual.u) == 13136182640);
}

TEST_CASE("calculator reserve terms, one row each") {
  struct Row {
    const char* what;
    void (*setup)(Calc&);
    double reserved;
  } rows[] = {
      {"baseline tp 1", [](Calc&) {}, 3728},
      {"tp 4: B 8 still (small GPU), tp·pp/8·1024 = 512", [](Calc& c) { c.params.tp = 4; }, 4112},
      {"pp 2 counts in tp·pp", [](Calc& c) { c.params.pp = 2; }, 3856},
      {"max_pp = selected worker count", [](Calc& c) {
         c.selector_present = true;
         c.selection = {{"cuda", {{"a", {0}}, {"b", {0}}, {"c", {0}}}}};
       }, 3984},
      {"gpus_per_replica raises max_tp", [](Calc& c) {
         c.selector_present = true;
         c.selection = {{"cuda", {{"host4080", {0, 1}}}}};
         c.gpus_per_replica = 4;
       }, 4112},
      {"dp attention adds 3·B·dp", [](Calc& c) { c.params.dp_attention = true, c.params.dp = 2; }, 3776},
      {"dp attention with B > 300 adds 1.5·B·dp more", [](Calc& c) {
         c.params.dp_attention = true, c.params.dp = 1, c.params.cuda_graph_max_bs = 400;
       }, 512 + 3072 + 800 + 128 + 1200 + 600},
      {"chunked prefill given", [](Calc& c) { c.params.chunked_prefill_size = 8192; }, 512 + 12288 + 16 + 128},
      {"chunked prefill ≤ 0 adds nothing", [](Calc& c) { c.params.chunked_prefill_size = -1; }, 512 + 16 + 128},
      {"speculative STANDALONE + 6144", [](Calc& c) { c.params.speculative_algorithm = "STANDALONE"; }, 3728 + 6144},
      {"speculative EAGLE + 2048", [](Calc& c) { c.params.speculative_algorithm = "EAGLE"; }, 3728 + 2048},
      {"speculative NGRAM + 0", [](Calc& c) { c.params.speculative_algorithm = "NGRAM"; }, 3728},
      {"valued piecewise CUDA graph + tokens // 4", [](Calc& c) {
         c.params.piecewise_cuda_graph = "false";  // any text enables it
         c.params.piecewise_cuda_graph_max_tokens = 4099;
       }, 3728 + 1024},
      {"bare piecewise flag (Q30) adds nothing", [](Calc& c) {
         c.params.piecewise_cuda_graph_bare = true;
         c.params.piecewise_cuda_graph_max_tokens = 4096;
       }, 3728},
  };
  for (const Row& r : rows) {
    INFO(r.what);
    Calc calc;
    calc.workers.push_back(gpu_worker("host4080", 3, 2, k4080));
    r.setup(calc);
    MemFractionResult res = calc.run();
    CHECK(res.detail.reserved_mib == r.reserved);
    REQUIRE(res.u);
    CHECK(*res.u == python_round((16376.0 - r.reserved) / 16376.0, 3));
  }
}

TEST_CASE("calculator: large GPUs reserve at least 10240 MiB; no GPU memory gives 0.88") {
  Calc big;
  big.workers.push_back(gpu_worker("h200", 26, 8, 151511121920));
  MemFractionResult r = big.run();
  CHECK(r.detail.large_gpu_floor_10240 == true);
  CHECK(r.detail.reserved_mib == 13440.0);
  CHECK(*r.u == 0.907);

  Calc floor;
  floor.workers.push_back(gpu_worker("a", 1, 1, 64LL * kGiB));  // 65536 MiB: 512+6144+256+... < 10240
  floor.params.chunked_prefill_size = 1024;
  MemFractionResult f = floor.run();
  CHECK(f.detail.reserved_mib == 10240.0);

  Calc cpu;
  cpu.workers.push_back(load_worker(Json::parse(R"({"id": 1, "name": "cpu", "state": "ready", "status": {"memory": {"total": 1000}}})"), "/w"));
  MemFractionResult c = cpu.run(std::nullopt);
  CHECK(*c.u == 0.88);
  CHECK(c.detail.chunked_prefill_size == 4096);
  CHECK(c.detail.cuda_graph_max_bs == 160);
}

TEST_CASE("calculator: smallest relevant GPU, manual selection and gpus_per_replica") {
  Calc calc;
  Worker mixed = gpu_worker("w", 1, 2, k4080);
  mixed.gpus[1].memory_total = 2 * k4080;
  calc.workers.push_back(mixed);
  SECTION("no ids: every GPU counts") { CHECK(calc.run().detail.min_gpu_total == k4080); }
  SECTION("ids: only the selected GPU counts") {
    calc.selector_present = true;
    calc.selection = {{"cuda", {{"w", {1}}}}};
    CHECK(calc.run().detail.min_gpu_total == 2 * k4080);
  }
  SECTION("a worker without a selection of the type counts all its GPUs") {
    calc.selector_present = true;
    calc.selection = {{"cuda", {{"other", {0}}}}};
    CHECK(calc.run().detail.min_gpu_total == k4080);
  }
  SECTION("gpus_per_replica keeps the top selected GPUs by allocatable rate") {
    calc.selector_present = true;
    calc.selection = {{"cuda", {{"w", {0, 1}}}}};
    calc.gpus_per_replica = 1;
    calc.instances.push_back(load_instance(Json::parse(R"({"id": 1, "model_id": 9, "state": "running", "worker_id": 1,
        "gpu_indexes": [0], "computed_resource_claim": {"vram": {"0": 1000}}})"), "/i"));
    CHECK(calc.run().detail.min_gpu_total == 2 * k4080);  // GPU 1 is fully free, ranked first
  }
  SECTION("gpus_per_replica and a worker of the type without selection: GPUStack fails (`idx in None`)") {
    calc.selector_present = true;
    calc.selection = {{"cuda", {{"other", {0}}}}};
    calc.gpus_per_replica = 2;
    CHECK_THROWS_AS(calc.run(), ReferenceError);
  }
}

TEST_CASE("calculator: NPU detection, vision adjustment, a given fraction") {
  Calc npu;
  npu.workers.push_back(gpu_worker("ascend", 1, 1, 30000LL * kMiB, "cann", "Huawei"));
  MemFractionResult n = npu.run(std::string("cann"));
  CHECK(n.detail.is_npu == true);
  CHECK(n.detail.chunked_prefill_size == 32768);

  Calc vendor;
  vendor.workers.push_back(gpu_worker("ascend", 1, 1, 30000LL * kMiB, "npu", "Ascend"));
  CHECK(vendor.run(std::string("npu")).detail.is_npu == true);

  Calc vl;
  vl.workers.push_back(gpu_worker("host4080", 3, 2, k4080));
  vl.vision = Json{{"depth", 32}, {"hidden_size", 1280}};  // ratio 2.0833 → factor 0.95 × 0.8917
  MemFractionResult v = vl.run();
  const double factor = 0.95 * (1.0 - 0.1 * ((32.0 * 1280 * 1280) / (24.0 * 1024 * 1024) - 1.0));
  CHECK(v.detail.vision_factor.value_or(0) == Approx(factor));
  CHECK(*v.u == python_round(0.772 * factor, 3));
  CHECK(vision_factor(Json::object()) == Approx(0.95));          // ViT-L/14 baseline
  CHECK(vision_factor(Json{{"num_hidden_layers", 96}, {"hidden_size", 2048}}) == Approx(0.95 * 0.8));  // clamped low

  Calc given;
  given.workers.push_back(gpu_worker("host4080", 3, 2, k4080));
  given.params.mem_fraction_static_text = "0";
  CHECK_FALSE(given.run().u);  // GPUStack returns None: only reached for a fraction ≤ 0
}

TEST_CASE("Python number helpers") {
  CHECK(python_round(0.7723, 3) == 0.772);
  CHECK(python_round(2.675, 2) == 2.67);  // the double is below 2.675
  CHECK(python_repr(0.772) == "0.772");
  CHECK(python_repr(1.0) == "1.0");
  CHECK(python_repr(0.85) == "0.85");
  CHECK(python_repr(1e-05) == "1e-05");
  CHECK(python_fixed2(100.0) == "100.00");
  CHECK(python_gib(80777723648) == 75.23);
  CHECK(python_floor_div(-5, 4) == -2);
}
