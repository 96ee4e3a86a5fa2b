#include "scenario/scenario_loader.h"
#include "scenario/limits.h"

#include <algorithm>
#include <cctype>
#include <set>

#include "scenario/json_reader.h"
#include "scenario/json_tree_reader.h"
#include "scenario/scenario_sections.h"

namespace placement {

namespace {

const std::vector<std::string> kCategories = {
    "llm", "embedding", "reranker", "image", "speech_to_text", "text_to_speech"};
const std::vector<std::string> kFileStates = {"downloading", "ready", "error"};
const std::vector<std::string> kOffloads = {"full", "partial", "disable"};

bool contains(const std::vector<std::string>& list, const std::string& v) {
  return std::find(list.begin(), list.end(), v) != list.end();
}

std::string join(const std::vector<std::string>& list) {
  std::string out;
  for (const auto& s : list) out += (out.empty() ? "" : ", ") + s;
  return out;
}

std::string enum_value(const JsonReader& r, const std::vector<std::string>& allowed, const char* what) {
  std::string v = r.as_string();
  if (!contains(allowed, v)) r.fail(std::string("unknown ") + what + " '" + v + "' (expected one of: " + join(allowed) + ")");
  return v;
}

std::optional<std::vector<int>> opt_index_list(const JsonReader& parent, const std::string& key) {
  if (!parent.has(key)) return std::nullopt;
  std::vector<int> out;
  for (const JsonReader& e : parent.at(key).elements()) {
    out.push_back(static_cast<int>(e.as_int_within(0, limits::kMaxGpuIndex, "GPU index")));
  }
  return out;
}

ModelSource load_source(const JsonReader& r, bool required_kind) {
  ModelSource s;
  if (r.has("source")) {
    std::string kind = enum_value(r.at("source"), {"huggingface", "model_scope", "local_path"}, "source");
    s.kind = kind == "huggingface" ? SourceKind::huggingface : kind == "model_scope" ? SourceKind::model_scope : SourceKind::local_path;
  } else if (required_kind) {
    // GPUStack requires a source; the explorer defaults to Hugging Face so sketches still load.
    s.kind = SourceKind::huggingface;
  } else {
    // Infer from which field is set (model files pasted without `source`).
    if (r.has("local_path")) s.kind = SourceKind::local_path;
    else if (r.has("model_scope_model_id")) s.kind = SourceKind::model_scope;
  }
  s.huggingface_repo_id = r.opt_string("huggingface_repo_id");
  s.huggingface_filename = r.opt_string("huggingface_filename");
  s.model_scope_model_id = r.opt_string("model_scope_model_id");
  s.model_scope_file_path = r.opt_string("model_scope_file_path");
  s.local_path = r.opt_string("local_path");
  return s;
}

// A size only shown, never decided by (GPU memory.used): absent unless an integer from 0 to the
// size limit; anything else is not an error.
std::optional<Bytes> informative_size(const Json& object, const char* key) {
  const auto it = object.find(key);
  if (it == object.end()) return std::nullopt;
  if (it->is_number_unsigned()) {
    const auto v = it->get<std::uint64_t>();
    if (v <= std::uint64_t(limits::kMaxBytes)) return Bytes(v);
  } else if (it->is_number_integer()) {
    const auto v = it->get<std::int64_t>();
    if (v >= 0 && v <= limits::kMaxBytes) return v;
  }
  return std::nullopt;
}

GpuDevice load_gpu(const JsonReader& r) {
  r.expect_object();
  GpuDevice g;
  g.index = static_cast<int>(r.at("index").as_int_within(0, limits::kMaxGpuIndex, "GPU index"));
  g.type = r.req_string("type");
  g.vendor = r.opt_string("vendor").value_or("");
  g.name = r.opt_string("name").value_or("");
  g.runtime_version = r.opt_string("runtime_version");
  g.arch_family = r.opt_string("arch_family");
  JsonReader mem = r.at("memory");
  if (mem.is_null()) r.fail_member("memory", "required field 'memory' is null");
  mem.expect_object();
  g.memory_total = mem.req_size("total");
  g.memory_used = informative_size(mem.value(), "used");
  if (r.has("network")) {
    JsonReader net = r.at("network");
    net.expect_object();
    g.network_status = net.opt_string("status");
    g.network_inet = net.opt_string("inet");
  }
  return g;
}

}  // namespace

const std::vector<std::string>& instance_states() {
  static const std::vector<std::string> states = {
      "pending", "analyzing", "scheduled", "initializing", "downloading", "starting", "running", "error", "unreachable"};
  return states;
}

std::optional<GpuId> parse_gpu_id(const std::string& id) {
  std::size_t last = id.rfind(':');
  if (last == std::string::npos || last == 0) return std::nullopt;
  std::size_t prev = id.rfind(':', last - 1);
  if (prev == std::string::npos) return std::nullopt;
  std::string digits = id.substr(last + 1);
  if (digits.empty() || digits.size() > 6 || !std::all_of(digits.begin(), digits.end(), [](unsigned char c) { return std::isdigit(c); }))
    return std::nullopt;
  GpuId out;
  out.worker_name = id.substr(0, prev);
  out.type = id.substr(prev + 1, last - prev - 1);
  out.index = std::stoi(digits);
  if (out.worker_name.empty() || out.type.empty()) return std::nullopt;
  return out;
}

Worker load_worker(const Json& value, const std::string& pointer) {
  JsonReader r(value, pointer);
  r.expect_object();
  Worker w;
  w.id = r.req_int("id");
  w.name = r.req_string("name");
  w.state = r.req_string("state");
  w.cluster_id = r.opt_int("cluster_id");
  w.labels = r.opt_string_map("labels").value_or(StringMap{});
  if (r.has("system_reserved")) {
    JsonReader sr = r.at("system_reserved");
    sr.expect_object();
    // Both spellings: {ram, vram} (current) and {memory, gpu_memory} (older GPUStack).
    if (sr.has("ram")) w.reserved_ram = sr.req_size("ram");
    else if (sr.has("memory")) w.reserved_ram = sr.req_size("memory");
    if (sr.has("vram")) w.reserved_vram = sr.req_size("vram");
    else if (sr.has("gpu_memory")) w.reserved_vram = sr.req_size("gpu_memory");
  }
  JsonReader status = r.at("status");
  if (status.is_null()) r.fail_member("status", "required field 'status' is null");
  status.expect_object();
  JsonReader mem = status.at("memory");
  if (mem.is_null()) status.fail_member("memory", "required field 'memory' is null");
  mem.expect_object();
  w.memory_total = mem.req_size("total");
  w.is_unified_memory = mem.opt_bool("is_unified_memory").value_or(false);
  if (status.has("gpu_devices")) {
    std::set<std::pair<std::string, int>> seen;
    for (const JsonReader& g : status.at("gpu_devices").elements_at_most(limits::kMaxGpusPerWorker, "GPUs on one worker")) {
      GpuDevice gpu = load_gpu(g);
      if (!seen.insert({gpu.type, gpu.index}).second)
        g.fail_member("index", "duplicate GPU " + gpu.type + ":" + std::to_string(gpu.index) + " on worker '" + w.name + "'");
      w.gpus.push_back(std::move(gpu));
    }
  }
  w.local_paths = r.opt_string_list("local_paths");
  if (auto it = std::find_if(w.labels.begin(), w.labels.end(), [](const auto& p) { return p.first == "os"; }); it != w.labels.end())
    w.os = it->second;
  return w;
}

ResourceClaim load_claim(const Json& value, const std::string& pointer) {
  JsonReader r(value, pointer);
  r.expect_object();
  ResourceClaim c;
  c.ram = r.opt_size("ram");
  if (r.has("vram")) {
    c.vram_present = true;
    for (const auto& [key, v] : r.at("vram").members()) {
      JsonReader keyreader(v.value(), v.pointer());
      std::size_t pos = 0;
      int index = 0;
      bool ok = !key.empty() && key.size() <= 6 && std::all_of(key.begin(), key.end(), [](unsigned char ch) { return std::isdigit(ch); });
      if (ok) index = std::stoi(key, &pos);
      if (!ok) v.fail("VRAM key '" + key + "' is not a GPU index");
      c.vram.emplace_back(index, v.as_size());
    }
  }
  if (r.has("offload_layers")) c.offload_layers = static_cast<int>(r.at("offload_layers").as_int_within(0, limits::kMaxLayers, "offload_layers"));
  if (r.has("total_layers")) c.total_layers = static_cast<int>(r.at("total_layers").as_int_within(0, limits::kMaxLayers, "total_layers"));
  if (r.has("tensor_split")) {
    std::vector<Bytes> split;
    for (const JsonReader& e : r.at("tensor_split").elements()) split.push_back(static_cast<Bytes>(e.as_number()));
    c.tensor_split = split;
  }
  c.vram_utilization = r.opt_number("vram_utilization");
  c.is_unified_memory = r.opt_bool("is_unified_memory");
  return c;
}

namespace {

SubordinateWorker load_subordinate(const JsonReader& r) {
  r.expect_object();
  SubordinateWorker s;
  s.worker_id = r.opt_int("worker_id");
  s.worker_name = r.opt_string("worker_name").value_or("");
  s.gpu_indexes = opt_index_list(r, "gpu_indexes");
  if (r.has("computed_resource_claim")) s.claim = load_claim(r.at("computed_resource_claim").value(), r.child_pointer("computed_resource_claim"));
  s.gpu_addresses = r.opt_string_list("gpu_addresses");
  return s;
}

}  // namespace

ModelInstance load_instance(const Json& value, const std::string& pointer) {
  JsonReader r(value, pointer);
  r.expect_object();
  ModelInstance m;
  m.id = r.req_int("id");
  (void)r.at("model_id");  // required key (null allowed: GPUStack's fixtures leave it unset)
  m.model_id = r.opt_int("model_id");
  m.name = r.opt_string("name").value_or("");
  m.backend = r.opt_string("backend");
  m.state = r.has("state") ? enum_value(r.at("state"), instance_states(), "instance state") : "pending";
  m.worker_id = r.opt_int("worker_id");
  m.worker_name = r.opt_string("worker_name");
  m.gpu_type = r.opt_string("gpu_type");
  m.gpu_indexes = opt_index_list(r, "gpu_indexes");
  if (r.has("computed_resource_claim")) m.claim = load_claim(r.at("computed_resource_claim").value(), r.child_pointer("computed_resource_claim"));
  if (r.has("distributed_servers")) {
    JsonReader ds = r.at("distributed_servers");
    ds.expect_object();
    if (ds.has("subordinate_workers"))
      for (const JsonReader& s : ds.at("subordinate_workers").elements()) m.subordinate_workers.push_back(load_subordinate(s));
  }
  return m;
}

Model load_model(const Json& value, const std::string& pointer) {
  JsonReader r(value, pointer);
  r.expect_object();
  Model m;
  m.id = r.opt_int("id");
  m.name = r.opt_string("name").value_or("");
  m.cluster_id = r.opt_int("cluster_id");
  m.owner_principal_id = r.opt_int("owner_principal_id");
  m.source = load_source(r, true);
  m.backend = r.opt_string("backend");
  m.backend_version = r.opt_string("backend_version");
  m.backend_parameters = r.opt_string_list("backend_parameters").value_or(std::vector<std::string>{});
  if (auto v = r.opt_int("replicas")) {
    if (*v < 0) r.fail_member("replicas", "replicas must not be negative");
    if (*v > limits::kMaxReplicas) r.fail_member("replicas", "replicas is beyond the explorer's limit of " + std::to_string(limits::kMaxReplicas));
    m.replicas = static_cast<int>(*v);
  }
  if (r.has("placement_strategy"))
    m.placement_strategy = enum_value(r.at("placement_strategy"), {"spread", "binpack"}, "placement_strategy") == "binpack"
                               ? PlacementStrategy::binpack
                               : PlacementStrategy::spread;
  m.cpu_offloading = r.opt_bool("cpu_offloading").value_or(false);
  m.distributed_inference_across_workers = r.opt_bool("distributed_inference_across_workers");
  m.distributable = r.opt_bool("distributable").value_or(false);
  if (r.has("categories"))
    for (const JsonReader& c : r.at("categories").elements()) m.categories.push_back(enum_value(c, kCategories, "category"));
  m.worker_selector = r.opt_string_map("worker_selector");
  if (r.has("gpu_selector")) {
    JsonReader gs = r.at("gpu_selector");
    gs.expect_object();
    GpuSelector sel;
    if (gs.has("gpu_ids")) {
      std::vector<std::string> ids;
      for (const JsonReader& e : gs.at("gpu_ids").elements()) {
        std::string id = e.as_string();
        if (!parse_gpu_id(id)) e.fail("GPU id '" + id + "' does not parse as worker_name:type:index");
        ids.push_back(id);
      }
      sel.gpu_ids = ids;
    }
    if (gs.has("gpus_per_replica"))
      sel.gpus_per_replica = static_cast<int>(gs.at("gpus_per_replica").as_int_within(-1, limits::kMaxGpuIndex, "gpus_per_replica"));
    m.gpu_selector = sel;
  }
  m.gpu_type_selector_set = r.has("gpu_type_selector");
  m.env = r.opt_string_map("env").value_or(StringMap{});
  if (r.has("extended_kv_cache")) {
    JsonReader kv = r.at("extended_kv_cache");
    kv.expect_object();
    ExtendedKvCache e;
    e.enabled = kv.opt_bool("enabled").value_or(false);
    e.ram_ratio = kv.has("ram_ratio") ? kv.opt_number("ram_ratio") : std::optional<double>(1.2);
    e.ram_size = kv.opt_number("ram_size");
    if (e.ram_size && *e.ram_size < 0) kv.fail_member("ram_size", "ram_size must not be negative");
    m.extended_kv_cache = e;
  }
  if (r.has("speculative_config")) {
    JsonReader sc = r.at("speculative_config");
    sc.expect_object();
    SpeculativeConfig s;
    s.enabled = sc.opt_bool("enabled").value_or(false);
    s.draft_model = sc.opt_string("draft_model");
    m.speculative_config = s;
  }
  return m;
}

Candidate load_candidate(const Json& value, const std::string& pointer) {
  JsonReader r(value, pointer);
  r.expect_object();
  Candidate c;
  c.worker_id = r.req_int("worker_id");
  c.worker_name = r.opt_string("worker_name").value_or("");
  c.gpu_type = r.opt_string("gpu_type");
  c.gpu_indexes = opt_index_list(r, "gpu_indexes");
  if (r.has("computed_resource_claim")) c.claim = load_claim(r.at("computed_resource_claim").value(), r.child_pointer("computed_resource_claim"));
  if (r.has("subordinate_workers"))
    for (const JsonReader& s : r.at("subordinate_workers").elements()) c.subordinate_workers.push_back(load_subordinate(s));
  c.overcommit = r.opt_bool("overcommit");
  return c;
}

namespace {

ModelFile load_file(const JsonReader& r) {
  r.expect_object();
  ModelFile f;
  f.worker_id = r.opt_int("worker_id");
  f.state = r.has("state") ? enum_value(r.at("state"), kFileStates, "model file state") : "downloading";
  f.source = load_source(r, false);
  f.resolved_paths = r.opt_string_list("resolved_paths").value_or(std::vector<std::string>{});
  return f;
}

Estimates load_estimates(const JsonReader& r) {
  r.expect_object();
  Estimates e;
  if (r.has("gguf_parser")) {
    for (const JsonReader& q : r.at("gguf_parser").elements()) {
      q.expect_object();
      GgufParserEntry entry;
      entry.offload = q.has("offload") ? enum_value(q.at("offload"), kOffloads, "gguf-parser offload") : "partial";
      if (q.has("tensor_split")) {
        std::vector<double> split;
        for (const JsonReader& v : q.at("tensor_split").elements()) split.push_back(v.as_number());
        entry.tensor_split = split;
      }
      entry.rpc = q.opt_string_list("rpc");
      JsonReader est = q.at("estimate");
      est.expect_object();
      entry.estimate = est.value();
      e.gguf_parser.push_back(std::move(entry));
    }
  }
  if (r.has("gguf_profile")) {
    r.at("gguf_profile").expect_object();
    e.gguf_profile = r.at("gguf_profile").value();
  }
  e.weights_bytes = r.opt_size("weights_bytes");
  if (r.has("config")) {
    r.at("config").expect_object();
    e.config = r.at("config").value();
  }
  return e;
}

InferenceBackend load_backend(const JsonReader& r) {
  r.expect_object();
  InferenceBackend b;
  b.backend_name = r.req_string("backend_name");
  b.owner_principal_id = r.opt_int("owner_principal_id");
  if (r.has("version_configs")) {
    for (const auto& [version, cfg] : r.at("version_configs").members()) {
      VersionConfig vc;
      if (!cfg.is_null()) {
        cfg.expect_object();
        vc.built_in_frameworks = cfg.opt_string_list("built_in_frameworks").value_or(std::vector<std::string>{});
        vc.custom_framework = cfg.opt_string("custom_framework");
      }
      b.version_configs.emplace_back(version, vc);
    }
  }
  return b;
}

// A section from the document, element by element (at most its limit), or as it was streamed.
template <class Section>
void load_section(const JsonReader& root, StreamedSection<Section>* streamed, Scenario& s) {
  if (streamed && streamed->active) return streamed->finish(s);
  if (!root.has(Section::kKey)) return;
  Section section;
  std::size_t index = 0;
  for (const JsonReader& e : root.at(Section::kKey).elements_at_most(Section::kLimit, Section::kWhat)) section.add(e.value(), index++);
  section.move_into(s);
}

}  // namespace

Scenario load_scenario(const Json& document) { return load_scenario_with(document, nullptr); }

Scenario load_scenario_with(const Json& document, StreamedSections* streamed) {
  JsonReader root(document, "");
  root.expect_object();
  Scenario s;
  if (root.has("format")) {
    std::string f = root.at("format").as_string();
    if (f.rfind("placement-scenario/", 0) != 0) root.fail_member("format", "unknown format '" + f + "' (expected placement-scenario/1)");
    if (f != "placement-scenario/1") root.fail_member("format", "unsupported format version '" + f + "'");
  }
  load_section(root, streamed ? &streamed->workers : nullptr, s);
  JsonReader model = root.at("model");
  if (model.is_null()) root.fail_member("model", "required field 'model' is null");
  s.model = load_model(model.value(), model.pointer());
  load_section(root, streamed ? &streamed->instances : nullptr, s);
  if (root.has("model_files"))
    for (const JsonReader& f : root.at("model_files").elements_at_most(limits::kMaxModelFiles, "model files")) s.model_files.push_back(load_file(f));
  if (root.has("estimates")) s.estimates = load_estimates(root.at("estimates"));
  if (root.has("inference_backends")) {
    std::vector<InferenceBackend> backends;
    for (const JsonReader& b : root.at("inference_backends").elements()) backends.push_back(load_backend(b));
    s.inference_backends = backends;
  }
  if (root.has("scale_down")) {
    JsonReader sd = root.at("scale_down");
    sd.expect_object();
    ScaleDown d;
    std::int64_t replicas = sd.req_int("replicas");
    if (replicas < 0) sd.fail_member("replicas", "replicas must not be negative");
    d.replicas = static_cast<int>(std::min<std::int64_t>(replicas, 1'000'000));
    d.total_max_score = sd.opt_number("total_max_score");
    s.scale_down = d;
  }
  s.skip_evaluation = root.opt_bool("skip_evaluation").value_or(false);
  if (root.has("candidates")) {
    std::vector<Candidate> cands;
    for (const JsonReader& c : root.at("candidates").elements_at_most(limits::kMaxCandidates, "candidates")) cands.push_back(load_candidate(c.value(), c.pointer()));
    s.candidates = cands;
  }
  return s;
}

Json parse_scenario_document(const std::string& text) {
  return parse_or_input_error([&] { return read_json_tree(text); });
}

}  // namespace placement
