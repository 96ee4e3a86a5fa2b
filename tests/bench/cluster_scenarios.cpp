#include "cluster_scenarios.h"

#include <algorithm>

namespace placement::bench {

namespace {

// SplitMix64: tiny, well mixed, and exactly reproducible on every platform.
class Rng {
 public:
  explicit Rng(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  int below(int n) { return static_cast<int>(next() % static_cast<std::uint64_t>(n)); }  // [0, n)

 private:
  std::uint64_t state_;
};

struct GpuKind {
  const char* short_name;
  const char* device_name;
  Bytes vram;
  Bytes ram;     // host RAM of a worker with 8 of these
  int percent;   // share of workers
};

// A realistic inference fleet: many 4090 and L40S boxes, fewer A100/H100 nodes.
const GpuKind kGpuKinds[] = {
    {"4090", "NVIDIA GeForce RTX 4090", 25757220864LL, 128 * kGiB, 35},
    {"l40s", "NVIDIA L40S", 48305799168LL, 256 * kGiB, 25},
    {"a100", "NVIDIA A100-SXM4-80GB", 85899345920LL, 512 * kGiB, 25},
    {"h100", "NVIDIA H100 80GB HBM3", 85520809984LL, 1024 * kGiB, 15},
};
constexpr int kGpusPerWorker = 8;
constexpr std::int64_t kModelId = 1;

const GpuKind& pick_kind(Rng& rng) {
  int roll = rng.below(100);
  for (const GpuKind& k : kGpuKinds) {
    if (roll < k.percent) return k;
    roll -= k.percent;
  }
  return kGpuKinds[0];
}

Json worker_json(int id, const GpuKind& kind) {
  Json gpus = Json::array();
  for (int i = 0; i < kGpusPerWorker; ++i)
    gpus.push_back(Json{{"index", i}, {"name", kind.device_name}, {"vendor", "nvidia"}, {"type", "cuda"},
                        {"memory", {{"total", kind.vram}}}});
  return Json{{"id", id},
              {"name", std::string("node-") + std::to_string(id) + "-" + kind.short_name},
              {"state", "ready"},
              {"labels", {{"os", "linux"}, {"gpu", kind.short_name}}},
              {"system_reserved", {{"ram", 2 * kGiB}, {"vram", kGiB}}},
              {"status", {{"memory", {{"total", kind.ram}, {"is_unified_memory", false}}}, {"gpu_devices", gpus}}}};
}

// Takes `n` GPUs of a worker that no other generated instance uses yet (fewer if not enough).
std::vector<int> take_gpus(Rng& rng, std::vector<bool>& used, int n) {
  std::vector<int> free;
  for (int i = 0; i < kGpusPerWorker; ++i)
    if (!used[static_cast<std::size_t>(i)]) free.push_back(i);
  std::vector<int> out;
  while (static_cast<int>(out.size()) < n && !free.empty()) {
    const std::size_t k = static_cast<std::size_t>(rng.below(static_cast<int>(free.size())));
    out.push_back(free[k]);
    used[static_cast<std::size_t>(free[k])] = true;
    free.erase(free.begin() + static_cast<std::ptrdiff_t>(k));
  }
  std::sort(out.begin(), out.end());
  return out;
}

Json vram_claim(Rng& rng, const std::vector<int>& gpus, Bytes total) {
  Json vram = Json::object();
  const Bytes share = total / 100 * (30 + rng.below(61));  // 30…90 % of the GPU
  for (int g : gpus) vram[std::to_string(g)] = share;
  return vram;
}

struct Instances {
  Json list = Json::array();
  std::int64_t next_id = 1;
};

void add_instance(Instances& out, Rng& rng, int worker_id, const std::string& worker_name, std::vector<int> gpus,
                  Bytes gpu_total, Json subordinates = Json::array()) {
  const bool ours = rng.below(4) == 0;  // a quarter are replicas of the benchmarked model
  const std::int64_t model_id = ours ? kModelId : 100 + rng.below(8);
  static const char* const kStates[] = {"running", "running", "running", "running", "running",
                                        "running", "running", "running", "starting", "error"};
  const std::int64_t id = out.next_id++;
  Json claim{{"ram", (1 + rng.below(8)) * kGiB}, {"vram", vram_claim(rng, gpus, gpu_total)}, {"is_unified_memory", false}};
  out.list.push_back(Json{{"id", id},
                          {"name", "instance-" + std::to_string(id)},
                          {"model_id", model_id},
                          {"backend", subordinates.empty() ? "llama-box" : "vLLM"},
                          {"state", kStates[rng.below(10)]},
                          {"worker_id", worker_id},
                          {"worker_name", worker_name},
                          {"gpu_type", "cuda"},
                          {"gpu_indexes", gpus},
                          {"computed_resource_claim", claim},
                          {"distributed_servers", {{"subordinate_workers", subordinates}}}});
}

// About two instances per worker (0…4), mostly on one GPU; every 32nd worker also runs a
// distributed instance with the next worker as its subordinate.
Json make_instances(Rng& rng, const Json& workers) {
  Instances out;
  std::vector<std::vector<bool>> used(workers.size(), std::vector<bool>(kGpusPerWorker, false));
  for (std::size_t w = 0; w < workers.size(); ++w) {
    const Json& worker = workers[w];
    const int id = worker["id"].get<int>();
    const std::string name = worker["name"].get<std::string>();
    const Bytes total = worker["status"]["gpu_devices"][0]["memory"]["total"].get<Bytes>();
    const int count = rng.below(5);
    for (int k = 0; k < count; ++k) {
      const int roll = rng.below(20);
      const int n = roll < 15 ? 1 : roll < 19 ? 2 : 4;
      std::vector<int> gpus = take_gpus(rng, used[w], n);
      if (gpus.empty()) break;
      add_instance(out, rng, id, name, gpus, total);
    }
    if (w % 32 == 31 && w + 1 < workers.size()) {
      const Json& sub = workers[w + 1];
      std::vector<int> main_gpus = take_gpus(rng, used[w], 2);
      std::vector<int> sub_gpus = take_gpus(rng, used[w + 1], 2);
      if (main_gpus.empty() || sub_gpus.empty()) continue;
      const Bytes sub_total = sub["status"]["gpu_devices"][0]["memory"]["total"].get<Bytes>();
      Json subs = Json::array({Json{{"worker_id", sub["id"]},
                                    {"worker_name", sub["name"]},
                                    {"gpu_indexes", sub_gpus},
                                    {"computed_resource_claim",
                                     {{"ram", 0}, {"vram", vram_claim(rng, sub_gpus, sub_total)}, {"is_unified_memory", false}}}}});
      add_instance(out, rng, id, name, main_gpus, total, subs);
    }
  }
  return out.list;
}

Json hf_config(int heads, int kv_heads, int layers, int hidden, int vocab, const char* arch) {
  return Json{{"architectures", Json::array({arch})},
              {"num_attention_heads", heads},
              {"num_key_value_heads", kv_heads},
              {"num_hidden_layers", layers},
              {"hidden_size", hidden},
              {"vocab_size", vocab},
              {"max_position_embeddings", 131072},
              {"torch_dtype", "bfloat16"}};
}

struct ModelSpec {
  Json model;
  Json estimates;
  std::string repo;
};

ModelSpec safetensors_model(const char* backend, const char* repo, Bytes weights, Json config, const char* strategy) {
  ModelSpec m;
  m.repo = repo;
  m.model = Json{{"id", kModelId},
                 {"name", "bench-model"},
                 {"source", "huggingface"},
                 {"huggingface_repo_id", repo},
                 {"backend", backend},
                 {"replicas", 1},
                 {"placement_strategy", strategy},
                 {"categories", Json::array({"llm"})},
                 {"cpu_offloading", false},
                 {"distributed_inference_across_workers", true},
                 {"backend_parameters", Json::array()}};
  m.estimates = Json{{"weights_bytes", weights}, {"config", std::move(config)}};
  return m;
}

ModelSpec gguf_model(ModelKind kind, const Json& profile) {
  ModelSpec m;
  const bool distributed = kind == ModelKind::gguf_distributed_partial;
  m.repo = kind == ModelKind::gguf_full_offload ? "QuantFactory/Meta-Llama-3-8B-Instruct-GGUF" : "bartowski/Meta-Llama-3.1-70B-Instruct-GGUF";
  Json params = Json::array();
  // A long context pushes the 70B model past one 80 GiB GPU, so the split strategies are needed.
  if (kind != ModelKind::gguf_full_offload) params.push_back("--ctx-size=131072");
  m.model = Json{{"id", kModelId},
                 {"name", "bench-gguf"},
                 {"source", "huggingface"},
                 {"huggingface_repo_id", m.repo},
                 {"huggingface_filename", gguf_model_file(kind)},
                 // The literal Custom: a null backend would lose every worker in a default install (Q32).
                 {"backend", "Custom"},
                 {"replicas", 1},
                 {"placement_strategy", "binpack"},
                 {"categories", Json::array({"llm"})},
                 {"cpu_offloading", distributed},
                 {"distributed_inference_across_workers", distributed},
                 {"distributable", true},
                 {"backend_parameters", params}};
  m.estimates = Json{{"gguf_profile", profile}};
  return m;
}

ModelSpec model_for(ModelKind kind, const Json& profile) {
  const Json llama8b = hf_config(32, 8, 32, 4096, 128256, "LlamaForCausalLM");
  const Json llama70b = hf_config(64, 8, 80, 8192, 128256, "LlamaForCausalLM");
  const Json llama405b = hf_config(128, 8, 126, 16384, 128256, "LlamaForCausalLM");
  const Json qwen7b = hf_config(28, 4, 28, 3584, 152064, "Qwen2ForCausalLM");
  switch (kind) {
    case ModelKind::vllm_single_gpu:
      return safetensors_model("vLLM", "meta-llama/Llama-3.1-8B-Instruct", 16060522496LL, llama8b, "spread");
    case ModelKind::vllm_multi_gpu:
      return safetensors_model("vLLM", "meta-llama/Llama-3.1-70B-Instruct", 141107412992LL, llama70b, "binpack");
    case ModelKind::vllm_multi_worker:
      return safetensors_model("vLLM", "meta-llama/Llama-3.1-405B-Instruct", 811707502592LL, llama405b, "spread");
    case ModelKind::sglang_single_gpu:
      return safetensors_model("SGLang", "Qwen/Qwen2.5-7B-Instruct", 15231233024LL, qwen7b, "spread");
    case ModelKind::sglang_multi_gpu:
      return safetensors_model("SGLang", "meta-llama/Llama-3.1-70B-Instruct", 141107412992LL, llama70b, "binpack");
    default:
      return gguf_model(kind, profile);
  }
}

// Ready copies of the model's files on every 8th worker (the locality scorer has work to do).
Json make_model_files(const Json& workers, const std::string& repo, const Json& model) {
  Json files = Json::array();
  for (std::size_t w = 0; w < workers.size(); w += 8) {
    Json f{{"worker_id", workers[w]["id"]}, {"state", "ready"}, {"source", "huggingface"}, {"huggingface_repo_id", repo}};
    if (model.contains("huggingface_filename")) f["huggingface_filename"] = model["huggingface_filename"];
    files.push_back(f);
  }
  return files;
}

}  // namespace

bool is_gguf_kind(ModelKind kind) {
  return kind == ModelKind::gguf_full_offload || kind == ModelKind::gguf_multi_gpu || kind == ModelKind::gguf_distributed_partial;
}

std::string gguf_model_file(ModelKind kind) {
  return kind == ModelKind::gguf_full_offload ? "meta-llama-3-8b-instruct-q5_k_m.gguf" : "llama-3.1-70b-instruct-q4_k_m.gguf";
}

std::vector<CaseSpec> benchmark_cases() {
  const std::vector<int> sizes{16, 128, 1024};
  return {
      {"vllm_single_gpu", ModelKind::vllm_single_gpu, sizes},
      {"vllm_multi_gpu", ModelKind::vllm_multi_gpu, sizes},
      {"vllm_multi_worker", ModelKind::vllm_multi_worker, sizes},
      {"sglang_single_gpu", ModelKind::sglang_single_gpu, sizes},
      {"sglang_multi_gpu", ModelKind::sglang_multi_gpu, sizes},
      {"gguf_full_offload", ModelKind::gguf_full_offload, sizes},
      {"gguf_multi_gpu", ModelKind::gguf_multi_gpu, sizes},
      {"gguf_distributed_partial", ModelKind::gguf_distributed_partial, {16, 64, 128, 1024}},
  };
}

Json make_scenario(ModelKind kind, int worker_count, const Json& gguf_profile) {
  Rng rng(0x5EED0000ULL + static_cast<std::uint64_t>(kind) * 0x10000ULL + static_cast<std::uint64_t>(worker_count));
  Json workers = Json::array();
  for (int i = 0; i < worker_count; ++i) workers.push_back(worker_json(i + 1, pick_kind(rng)));
  Json instances = make_instances(rng, workers);
  ModelSpec spec = model_for(kind, gguf_profile);
  Json files = make_model_files(workers, spec.repo, spec.model);
  return Json{{"format", "placement-scenario/1"},
              {"description", "benchmark scenario (tests/bench/cluster_scenarios.cpp)"},
              {"workers", std::move(workers)},
              {"model", std::move(spec.model)},
              {"model_instances", std::move(instances)},
              {"model_files", std::move(files)},
              {"estimates", std::move(spec.estimates)},
              {"skip_evaluation", false}};
}

}  // namespace placement::bench
