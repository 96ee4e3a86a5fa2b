// §2.9: compute buffers — the host's graph/scheduler overhead, the input buffers, the per-layer
// compute of the largest (= last) layer, and the output compute.
#include <string>
#include <string_view>

#include "gguf/estimator_internal.h"

namespace placement::gguf::estimator_detail {

namespace {

constexpr std::uint32_t kF32 = 0, kF16 = 1, kI32 = 26;
constexpr u64 kTensorOverhead = 400;  // ggml object + tensor structs

u64 pad(u64 x, u64 a) { return (x + a - 1) / a * a; }

// ggml_graph_overhead(nodes, no grads) as gguf-parser-go computes it: its hash-size lookup never
// finds a prime in its table, so it yields 2·nodes | 1, or 2 past the table's end.
u64 graph_overhead(u64 nodes) {
  const u64 hash = 2 * nodes >= 65537 ? 2 : (2 * nodes) | 1;
  const u64 size = 80 + 3 * pad(8 * nodes, 8) + pad(8 * hash, 8) + pad(4 * ((hash + 31) >> 5), 4);
  return 32 + pad(size, 16);
}

// gguf-parser matches `.*\.\d+\.<role>\.weight` on block tensors: the role must open the name,
// followed by ".weight". No role holds a '.', so the role is the name up to its first '.'.
Role role_of(const LayerKind& k, const ProfileTensor& t) {
  if (!k.block) return Role::none;
  const std::string_view name = t.name;
  const std::size_t dot = name.find('.');
  if (dot == std::string_view::npos || name.compare(dot, 7, ".weight") != 0) return Role::none;
  const std::string_view head = name.substr(0, dot);
  if (head == "attn_norm") return Role::attn_norm;
  if (head == "attn_q") return Role::attn_q;
  if (head == "attn_qkv") return Role::attn_qkv;
  if (head == "attn_q_b") return Role::attn_q_b;
  if (head == "ffn_norm") return Role::ffn_norm;
  if (head == "ffn_gate") return Role::ffn_gate;
  if (head == "ffn_up") return Role::ffn_up;
  return Role::none;
}

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

const ProfileTensor* find(const std::vector<ProfileTensor>& ts, const char* name) {
  for (const ProfileTensor& t : ts)
    if (t.name == name) return &t;
  return nullptr;
}

u64 host_overhead_of(const ModelProfile& p) {
  const u64 nodes = std::max<u64>(1024, 8 * p.tensor_count);
  u64 overhead = kTensorOverhead * nodes + graph_overhead(nodes);
  overhead += 4 * u64{1024 * 1024};  // scheduler
  overhead += 2 * kTensorOverhead * (p.tensor_count + 1 + p.effective_block_count() * 3);  // ggml contexts
  return overhead;
}

void add_host_overhead(Run& run, const ItemConstants& c) { run.devices[0].comp_footprint = c.host_overhead; }

void inputs_of(const ModelProfile& p, const Settings& s, ItemConstants& c) {
  const u64 tokens = row_size(kI32, {s.n_tok});
  const u64 embd = row_size(kF32, {p.embedding_length, s.n_tok});
  const u64 pos = row_size(kI32, {s.n_tok});
  const u64 out_ids = row_size(kI32, {s.n_tok});
  const u64 kq_mask = row_size(kF32, {s.n_kv, s.n_tok});
  c.input_host = tokens + embd + pos + kq_mask + out_ids;
  c.input_gpu = embd + pos + kq_mask;
  if (s.rpc_count == 0 && s.fractions.size() > 1) c.input_gpu *= p.expert_count > 0 ? 2 : 4;
}

void add_inputs(Run& run, const ItemConstants& c) {
  run.devices[0].comp_input = c.input_host;
  for (std::size_t j = 1; j < run.devices.size(); ++j) run.devices[j].comp_input += c.input_gpu;
}

const LayerKind& last_layer(const ModelProfile& p) {
  static const LayerKind kNoLayer{};
  return p.layers.empty() ? kNoLayer : p.layer(p.layers.size() - 1);
}

// Settings resolved for this profile hold every role; read the name only if they do not.
Role role_in_last(const Settings& s, const LayerKind& last, std::size_t i) {
  return s.last_roles.size() == last.tensors.size() ? s.last_roles[i] : role_of(last, last.tensors[i]);
}

u64 offload_attn_of(const ModelProfile& p, const Settings& s, bool partial, u64 load_attn) {
  const LayerKind& last = last_layer(p);
  auto role_at = [&](std::size_t i) { return role_in_last(s, last, i); };
  const u64 kq = row_size(kF32, {s.n_kv, s.n_tok, p.head_count});

  u64 offload_attn = 0;
  if (s.flash_attention) {
    offload_attn = row_size(kF16, {s.n_kv, s.n_tok});
    for (std::size_t i = 0; i < last.tensors.size(); ++i) {
      const ProfileTensor& t = last.tensors[i];
      const Role role = role_at(i);
      if (role == Role::attn_norm) {
        offload_attn += row_size(kF32, {t.last_dim(), s.n_tok});
      } else if (role == Role::attn_q || role == Role::attn_qkv || role == Role::attn_q_b) {
        offload_attn += t.bytes;
      }
    }
    offload_attn += load_attn;
  } else {
    for (std::size_t i = 0; i < last.tensors.size(); ++i) {
      const ProfileTensor& t = last.tensors[i];
      const Role role = role_at(i);
      const bool q = role == Role::attn_q, qkv = role == Role::attn_qkv, qb = role == Role::attn_q_b;
      if (!q && !qkv && !qb && role != Role::attn_norm) continue;
      if (q && ends_with(t.name, "attn_q.weight")) {
        offload_attn += row_size(kF32, {t.dims[0], s.n_tok}) * 2 + kq;
        if (partial) offload_attn += load_attn;
      } else if (qkv && ends_with(t.name, "attn_qkv.weight")) {
        offload_attn += row_size(kF32, {t.dims[0], s.n_tok}) * 2 + kq;
        offload_attn += row_size(kF32, {p.embedding_length, p.embedding_length * 3});
        if (partial) offload_attn += load_attn;
      } else if (qb && ends_with(t.name, "attn_q_b.weight")) {
        offload_attn += row_size(kF32, {t.last_dim(), s.n_tok}) * 2 + kq;
      } else {  // attn_norm (and any other match, as gguf-parser's default branch)
        offload_attn += row_size(kF32, {t.last_dim(), s.n_tok});
      }
    }
  }
  return offload_attn;
}

void add_layer_compute(Run& run, const ItemConstants& c) {
  const OffloadPlan& plan = run.plan;
  const bool partial = !plan.zero && !plan.full;
  const u64 offload_attn = partial ? c.offload_attn_partial : c.offload_attn;

  run.devices[0].comp_compute = plan.zero ? c.load_attn : c.load_attn + c.ffn;
  for (std::size_t j = 1; j < run.devices.size(); ++j) run.devices[j].comp_compute = std::max(offload_attn, c.ffn);
  if (plan.loaded > 1) {
    for (std::size_t j = 1; j < run.devices.size(); ++j) {
      if (run.devices[j].remote) continue;
      run.devices[j].comp_compute += c.load_attn;
      break;
    }
  }
}

u64 output_compute_of(const ModelProfile& p, const Settings& s) {
  if (!s.causal) return 0;
  u64 out = 0;
  if (const ProfileTensor* norm = find(p.output, "output_norm.weight")) out += row_size(kF32, {norm->last_dim(), s.n_tok});
  if (const ProfileTensor* w = find(p.output, "output.weight")) {
    out += row_size(kF32, {w->last_dim(), s.n_tok});
  } else if (const ProfileTensor* e = find(p.input, "token_embd.weight")) {
    out += row_size(kF32, {e->last_dim(), s.n_tok});
  }
  return out;
}

void add_output_compute(Run& run, const ItemConstants& c) {
  if (!run.settings.causal) return;
  run.devices[run.plan.output_device].comp_output += c.output_compute;
}

}  // namespace

std::vector<Role> last_layer_roles(const ModelProfile& profile) {
  std::vector<Role> roles;
  const LayerKind& last = last_layer(profile);  // no layers: no tensors, no roles
  roles.reserve(last.tensors.size());
  for (const ProfileTensor& t : last.tensors) roles.push_back(role_of(last, t));
  return roles;
}

void compute_constants(const ModelProfile& p, const Settings& s, ItemConstants& c) {
  const LayerKind& last = last_layer(p);
  auto role_at = [&](std::size_t i) { return role_in_last(s, last, i); };
  c.ffn = 0;
  c.host_overhead = host_overhead_of(p);
  inputs_of(p, s, c);
  c.output_compute = output_compute_of(p, s);

  // The plain head sizes here, even for MLA models (gguf-parser does so).
  c.load_attn = row_size(s.type_k, {p.key_length, s.n_kv, p.head_count_kv}) +
                row_size(s.type_v, {p.value_length, s.n_kv, p.head_count_kv});
  c.offload_attn = offload_attn_of(p, s, false, c.load_attn);
  c.offload_attn_partial = offload_attn_of(p, s, true, c.load_attn);

  for (std::size_t i = 0; i < last.tensors.size(); ++i) {
    const ProfileTensor& t = last.tensors[i];
    const Role role = role_at(i);
    if (role == Role::attn_norm || role == Role::ffn_norm || role == Role::ffn_gate || role == Role::ffn_up)
      c.ffn += row_size(kF32, {t.last_dim(), s.n_tok});
  }
  if (p.expert_count > 0 || p.expert_used_count > 0) {
    c.ffn += row_size(kF32, {p.expert_count, p.embedding_length});                  // ffn_gate_inp
    c.ffn += row_size(kF32, {p.expert_count, s.n_tok});                             // moe logits
    c.ffn += row_size(kF32, {p.embedding_length, p.expert_used_count, s.n_tok});    // moe down
  }
}

void add_computation(Run& run) {
  const ItemConstants c = constants_of(run);
  add_host_overhead(run, c);
  add_inputs(run, c);
  add_layer_compute(run, c);
  add_output_compute(run, c);
}

}  // namespace placement::gguf::estimator_detail
