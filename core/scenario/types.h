// The scenario model: GPUStack's Worker / Model / ModelInstance / ModelFile, as the scheduler
// reads them, after validation and defaulting (scenario_loader.h). Plain data, no behaviour.
//
// Sizes are int64 bytes. Maps that GPUStack iterates in insertion order are kept as vectors of
// pairs so every output is deterministic.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "scenario/optional_text.h"

namespace placement {

using Bytes = std::int64_t;
using Json = nlohmann::ordered_json;

constexpr Bytes kMiB = Bytes{1} << 20;
constexpr Bytes kGiB = Bytes{1} << 30;

// Insertion-ordered string map (labels, env, selectors).
using StringMap = std::vector<std::pair<std::string, std::string>>;
const std::string* find_value(const StringMap& map, const std::string& key);

struct GpuDevice {
  int index = 0;
  std::string type;    // cuda, rocm, cann, mps, unknown, ...
  std::string vendor;  // may be empty
  std::string name;
  OptionalText runtime_version;
  OptionalText arch_family;
  Bytes memory_total = 0;
  // memory.used as the worker reported it: shown on the explorer's canvas, never part of
  // allocatable memory (GPUStack ignores it too). Absent unless a size (a bad value is not an
  // error: the scheduler never reads it).
  std::optional<Bytes> memory_used;
  OptionalText network_status;  // Ascend NPU NIC
  OptionalText network_inet;
};

struct Worker {
  std::int64_t id = 0;
  std::string name;
  std::optional<std::int64_t> cluster_id;
  StringMap labels;
  std::string state;  // kept verbatim; only "ready" is ready
  Bytes reserved_ram = 0;
  Bytes reserved_vram = 0;  // per GPU
  Bytes memory_total = 0;
  bool is_unified_memory = false;
  std::vector<GpuDevice> gpus;
  std::optional<std::vector<std::string>> local_paths;  // explorer-only extension
  std::optional<std::string> os;                        // labels["os"] usually; informative
};

// Index-keyed VRAM in insertion order (GPUStack dicts).
using VramMap = std::vector<std::pair<int, Bytes>>;
const Bytes* find_vram(const VramMap& map, int index);
Bytes vram_sum(const VramMap& map);

struct ResourceClaim {
  std::optional<Bytes> ram;  // null is distinct from 0 for scoring
  VramMap vram;
  bool vram_present = false;  // `vram: null` vs `{}` (GGUF CPU claims set null)
  std::optional<int> offload_layers;
  std::optional<int> total_layers;
  std::optional<std::vector<Bytes>> tensor_split;
  std::optional<double> vram_utilization;
  std::optional<bool> is_unified_memory;
};

struct SubordinateWorker {
  std::optional<std::int64_t> worker_id;
  std::string worker_name;
  std::optional<std::vector<int>> gpu_indexes;
  std::optional<ResourceClaim> claim;
  // Explorer-visible extras carried by some selectors (MindIE NIC addresses).
  std::optional<std::vector<std::string>> gpu_addresses;
};

struct ModelInstance {
  std::int64_t id = 0;
  std::string name;
  std::optional<std::int64_t> model_id;
  std::optional<std::string> backend;
  std::string state;  // pending ... running, error, unreachable
  std::optional<std::int64_t> worker_id;
  std::optional<std::string> worker_name;
  std::optional<std::string> gpu_type;
  std::optional<std::vector<int>> gpu_indexes;
  std::optional<ResourceClaim> claim;
  std::vector<SubordinateWorker> subordinate_workers;
};

enum class SourceKind { huggingface, model_scope, local_path };

struct ModelSource {
  SourceKind kind = SourceKind::huggingface;
  std::optional<std::string> huggingface_repo_id;
  std::optional<std::string> huggingface_filename;
  std::optional<std::string> model_scope_model_id;
  std::optional<std::string> model_scope_file_path;
  std::optional<std::string> local_path;
};

// GPUStack's "source string" used to match model files to models (scheduler-rules.md §1.4).
std::string source_string(const ModelSource& source);

struct ModelFile {
  std::optional<std::int64_t> worker_id;
  std::string state;  // downloading | ready | error
  ModelSource source;
  std::vector<std::string> resolved_paths;
};

struct GpuSelector {
  std::optional<std::vector<std::string>> gpu_ids;
  std::optional<int> gpus_per_replica;
};

struct ExtendedKvCache {
  bool enabled = false;
  std::optional<double> ram_ratio;  // default 1.2 applied by loader
  std::optional<double> ram_size;   // GiB
};

struct SpeculativeConfig {
  bool enabled = false;
  std::optional<std::string> draft_model;
};

enum class PlacementStrategy { spread, binpack };

struct Model {
  std::optional<std::int64_t> id;
  std::string name;
  std::optional<std::int64_t> cluster_id;
  std::optional<std::int64_t> owner_principal_id;
  ModelSource source;
  std::optional<std::string> backend;  // literal value, dispatch reads it
  std::optional<std::string> backend_version;
  std::vector<std::string> backend_parameters;
  int replicas = 1;
  PlacementStrategy placement_strategy = PlacementStrategy::spread;
  bool cpu_offloading = false;
  std::optional<bool> distributed_inference_across_workers;  // default depends on backend
  bool distributable = false;
  std::vector<std::string> categories;
  std::optional<StringMap> worker_selector;
  std::optional<GpuSelector> gpu_selector;
  bool gpu_type_selector_set = false;
  StringMap env;
  std::optional<ExtendedKvCache> extended_kv_cache;
  std::optional<SpeculativeConfig> speculative_config;
};

// Helpers over the model that several stages need (scenario/model_facts.cpp).
bool is_gguf(const Model& model);
std::string effective_backend(const Model& model);  // value, else Custom for GGUF, else vLLM
bool distributed_enabled(const Model& model);       // explicit flag or backend default
bool is_llm(const Model& model);                    // empty categories or contains "llm"
bool has_category(const Model& model, const std::string& category);
const std::vector<std::string>* gpu_ids(const Model& model);  // non-null only when non-empty
std::optional<int> gpus_per_replica(const Model& model);      // > 0 only

struct GgufParserEntry {
  std::string offload;  // full | partial | disable
  std::optional<std::vector<double>> tensor_split;
  std::optional<std::vector<std::string>> rpc;
  Json estimate;  // {"items": [...]} verbatim
};

struct Estimates {
  std::vector<GgufParserEntry> gguf_parser;
  std::optional<Json> gguf_profile;
  std::optional<Bytes> weights_bytes;
  std::optional<Json> config;  // Hugging Face config.json fields
};

struct VersionConfig {
  std::vector<std::string> built_in_frameworks;
  std::optional<std::string> custom_framework;
};

struct InferenceBackend {
  std::string backend_name;
  std::optional<std::int64_t> owner_principal_id;
  std::vector<std::pair<std::string, VersionConfig>> version_configs;
};

struct ScaleDown {
  int replicas = 0;
  std::optional<double> total_max_score;
};

struct Candidate {
  std::int64_t worker_id = 0;
  std::string worker_name;
  std::optional<std::string> gpu_type;
  std::optional<std::vector<int>> gpu_indexes;
  ResourceClaim claim;
  std::vector<SubordinateWorker> subordinate_workers;
  std::optional<bool> overcommit;
  // Explorer-visible extra carried by MindIE candidates: NIC address per GPU (or "-.-.-.-").
  std::optional<std::vector<std::string>> gpu_addresses;
  // The worker as GPUStack's candidate object holds it when the selector changed its GPU list
  // (the type grouping's overwrite Q1, a manual selection, GGUF's gpu_ids): the binpack scorer
  // reads the worker's allocatable memory from this list (scheduler-rules.md §4.2). Null = the
  // scenario's worker. Not part of the result JSON.
  std::shared_ptr<const Worker> scored_worker;
  // Filled by the score chain, in chain order.
  std::vector<std::pair<std::string, std::optional<double>>> scores;
  double score = 0;
};

struct Scenario {
  std::vector<Worker> workers;
  Model model;
  std::vector<ModelInstance> model_instances;
  std::vector<ModelFile> model_files;
  Estimates estimates;
  std::optional<std::vector<InferenceBackend>> inference_backends;
  std::optional<ScaleDown> scale_down;
  bool skip_evaluation = false;
  std::optional<std::vector<Candidate>> candidates;  // scorer-only extension
  std::vector<std::string> warnings;                 // load-time notes (unknown states, ...)
};

}  // namespace placement
