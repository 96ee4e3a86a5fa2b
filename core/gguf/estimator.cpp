// estimate(): resolves the options as gguf-parser-go's CLI and estimator do (§2.2, §2.5), runs
// the steps of §2.4–2.10 for each requested offload count and wraps the items in the envelope.
#include "gguf/estimator.h"

#include <cmath>

#include "gguf/estimator_internal.h"
#include "scenario/errors.h"

namespace placement::gguf {

namespace estimator_detail {

namespace {

struct CacheType {
  const char* name;
  std::uint32_t id;
  bool quantized;
};
constexpr CacheType kCacheTypes[] = {
    {"f32", 0, false},  {"f16", 1, false},  {"bf16", 30, false}, {"q8_0", 8, true},  {"q4_0", 2, true},
    {"q4_1", 3, true},  {"iq4_nl", 20, true}, {"q5_0", 6, true}, {"q5_1", 7, true},
};

// gguf-parser maps an unknown name to F16 without complaint; the CLI validates names earlier.
const CacheType& cache_type(const std::string& name) {
  for (const CacheType& t : kCacheTypes)
    if (name == t.name) return t;
  return kCacheTypes[1];
}

u64 pad(u64 x, u64 a) { return (x + a - 1) / a * a; }

void resolve_split(const EstimatorOptions& o, Settings& s) {
  if (o.tensor_split.empty()) {
    s.fractions = {1.0};  // one GPU; --rpc and --main-gpu are not looked at without a split
    return;
  }
  if (o.tensor_split.size() > 128) throw InputError("/options/tensor-split", "--tensor-split exceeds the number of devices");
  double sum = 0;
  std::vector<double> running;
  for (double v : o.tensor_split) {
    if (!std::isfinite(v) || v < 0) throw InputError("/options/tensor-split", "--tensor-split values must be non-negative numbers");
    sum += v;
    running.push_back(sum);
  }
  if (!(sum > 0)) throw InputError("/options/tensor-split", "--tensor-split must not be all zero");
  for (double v : running) s.fractions.push_back(v / sum);
  if (o.main_gpu < 0 || static_cast<std::size_t>(o.main_gpu) >= o.tensor_split.size())
    throw InputError("/options/main-gpu", "--main-gpu must be less than item size of --tensor-split");
  if (o.rpc.size() > o.tensor_split.size()) throw InputError("/options/rpc", "--rpc has more items than --tensor-split");
  for (const std::string& r : o.rpc)
    if (r.find(':') == std::string::npos) throw InputError("/options/rpc", "--rpc has invalid host:port '" + r + "'");
  s.rpc_count = o.rpc.size();
}

}  // namespace

Settings resolve_settings(const ModelProfile& p, const EstimatorOptions& o) {
  if (p.type != "model") throw InputError("/type", "the file is a " + p.type + ", not a model: there is no llama.cpp estimate");
  Settings s;
  resolve_split(o, s);

  // Flash attention: grok cannot use it; without it a quantized V cache falls back to F16.
  s.flash_attention = o.flash_attention && p.architecture != "grok";
  s.type_k = cache_type(o.cache_type_k).id;
  const CacheType& v = cache_type(o.cache_type_v);
  s.type_v = v.quantized && !s.flash_attention ? 1 : v.id;
  s.offload_kv = !o.no_kv_offload;
  s.mmap = !o.no_mmap;
  s.causal = p.causal;
  s.n_seq = o.parallel > 0 ? static_cast<u64>(o.parallel) : 1;
  s.platform_ram = static_cast<u64>(std::max(0LL, o.platform_footprint_ram_mib)) * 1024 * 1024;
  s.platform_vram = static_cast<u64>(std::max(0LL, o.platform_footprint_vram_mib)) * 1024 * 1024;

  // Batch sizes as the CLI passes them: the ubatch check uses the batch value as given.
  if (o.ubatch_size > 0 && o.ubatch_size > o.batch_size)
    throw InputError("/options/ubatch-size", "--ubatch-size must be less than or equal to --batch-size");
  s.logical_batch = o.batch_size > 0 ? std::max(32LL, o.batch_size) : 2048;
  s.physical_batch = o.ubatch_size > 0 ? o.ubatch_size : 512;

  std::optional<u64> ctx;
  if (o.ctx_size && *o.ctx_size > 0) ctx = static_cast<u64>(*o.ctx_size);
  if (!s.causal) {
    // Embedding models run at (at most) the training context, in one batch of that size.
    const u64 c = std::min(p.context_length, ctx.value_or(p.context_length));
    ctx = c;
    s.logical_batch = s.physical_batch = static_cast<long long>(c);
  }
  u64 n_ctx = ctx.value_or(p.context_length);
  if (o.in_max_ctx_size) n_ctx = std::min(n_ctx, p.context_length);
  s.n_ctx = pad(n_ctx, s.flash_attention ? 256 : 32);
  s.n_tok = std::min(s.n_ctx, static_cast<u64>(s.physical_batch));
  s.n_kv = s.n_ctx;
  s.last_roles = last_layer_roles(p);
  s.layer_bytes_before = layer_bytes_before(p);
  s.constants = item_constants(p, s);
  return s;
}

ItemConstants item_constants(const ModelProfile& p, const Settings& s) {
  ItemConstants c;
  memory_constants(p, s, c);
  compute_constants(p, s, c);
  return c;
}

namespace {

EstimateItem estimate_item(const ModelProfile& p, const Settings& s, std::optional<long long> gpu_layers) {
  Run run = plan_run(p, s, gpu_layers);
  add_footprint(run);
  add_weights(run);
  add_kv_cache(run);
  add_computation(run);
  return summarize(run);
}

}  // namespace

}  // namespace estimator_detail

Estimate estimate(const ModelProfile& profile, const EstimatorOptions& options) {
  using namespace estimator_detail;
  const Settings s = resolve_settings(profile, options);
  Estimate e;
  e.architecture = profile.architecture;
  e.context_size = static_cast<long long>(s.n_ctx);
  e.flash_attention = s.flash_attention;
  e.no_mmap = false;  // gguf-parser's flag means "this file cannot be mapped", never set for LLMs
  e.logical_batch_size = s.logical_batch;
  e.physical_batch_size = s.physical_batch;

  EstimateItem main = estimate_item(profile, s, options.gpu_layers);
  // --gpu-layers-step s: ngl = 0, s, 2s, … (cnt items, the last replaced by the main estimate),
  // exactly as gguf-parser's CLI builds them.
  const u64 offloaded = static_cast<u64>(main.offload_layers) - (main.full_offloaded ? 1 : 0);
  u64 step = options.gpu_layers_step.value_or(0);
  if (step > offloaded || step == 0) step = offloaded;
  if (step < offloaded) {
    u64 count = offloaded / step + 1;
    if (offloaded % step != 0 || main.full_offloaded) ++count;
    e.items.reserve(count);
    for (u64 i = 0; i + 1 < count; ++i) e.items.push_back(estimate_item(profile, s, static_cast<long long>(i * step)));
    e.items.push_back(std::move(main));
  } else {
    e.items.push_back(std::move(main));
  }
  return e;
}

}  // namespace placement::gguf
