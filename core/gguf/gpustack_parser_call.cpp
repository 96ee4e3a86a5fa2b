// GPUStack's reading of backend_parameters for its gguf-parser command (see the header): a small
// model of Python argparse's parse_known_args with exactly the options GPUStack registers.
#include "gguf/gpustack_parser_call.h"

#include <optional>

#include "scenario/backend_parameters.h"

namespace placement::gguf {

namespace {

enum class Kind { integer, number, text, append, store_true, store_false, bool_optional, help };

enum class Dest {
  flash_attention, main_gpu, parallel_size, platform_footprint, batch_size, cache_type_k, cache_type_v,
  ctx_size, mmap, no_kv_offload, ubatch_size, other,
};

struct Action {
  Kind kind;
  Dest dest;
  std::vector<const char*> strings;
};

// GGUFParserCommandMutableParameters.from_args, in registration order (argparse's default -h too).
const std::vector<Action>& actions() {
  static const std::vector<Action> kActions = {
      {Kind::help, Dest::other, {"-h", "--help"}},
      {Kind::bool_optional, Dest::flash_attention, {"--flash-attention", "--flash-attn", "--diffusion-fa", "-fa"}},
      {Kind::integer, Dest::main_gpu, {"--main-gpu", "-mg"}},
      {Kind::integer, Dest::parallel_size, {"--parallel-size", "--parallel", "-np"}},
      {Kind::text, Dest::platform_footprint, {"--platform-footprint"}},
      {Kind::integer, Dest::batch_size, {"--batch-size", "-b"}},
      {Kind::text, Dest::cache_type_k, {"--cache-type-k", "-ctk"}},
      {Kind::text, Dest::cache_type_v, {"--cache-type-v", "-ctv"}},
      {Kind::integer, Dest::ctx_size, {"--ctx-size", "-c"}},
      {Kind::number, Dest::other, {"--rope-freq-base"}},
      {Kind::number, Dest::other, {"--rope-freq-scale"}},
      {Kind::number, Dest::other, {"--rope-scale"}},
      {Kind::text, Dest::other, {"--rope-scaling"}},
      {Kind::integer, Dest::other, {"--yarn-orig-ctx"}},
      {Kind::append, Dest::other, {"--override-tensor", "-ot"}},
      {Kind::integer, Dest::other, {"--gpu-layers-draft", "--n-gpu-layers-draft", "-ngld"}},
      {Kind::bool_optional, Dest::mmap, {"--mmap"}},
      {Kind::store_true, Dest::no_kv_offload, {"--no-kv-offload", "-nkvo"}},
      {Kind::text, Dest::other, {"--split-mode", "-sm"}},
      {Kind::integer, Dest::ubatch_size, {"--ubatch-size", "-ub"}},
      {Kind::integer, Dest::other, {"--visual-max-image-size"}},
      {Kind::integer, Dest::other, {"--max-projected-cache", "--visual-max-image-cache"}},
      {Kind::store_true, Dest::other, {"--swa-full"}},
      {Kind::store_true, Dest::other, {"--image-autoencoder-tiling", "--image-vae-tiling", "--vae-tiling"}},
      {Kind::store_false, Dest::other, {"--image-no-autoencoder-tiling", "--image-no-vae-tiling"}},
      {Kind::integer, Dest::other, {"--image-batch-count", "--batch-count", "--image-max-batch"}},
      {Kind::store_true, Dest::other, {"--image-free-compute-memory-immediately"}},
      {Kind::integer, Dest::other, {"--image-height", "--height", "--image-max-height"}},
      {Kind::store_true, Dest::other, {"--image-no-autoencoder-offload", "--vae-on-cpu", "--image-no-vae-model-offload"}},
      {Kind::store_true, Dest::other, {"--image-no-conditioner-offload", "--clip-on-cpu", "--image-no-text-encoder-model-offload"}},
      {Kind::store_true, Dest::other, {"--image-no-control-net-offload", "--control-net-cpu", "--image-no-control-net-model-offload"}},
      {Kind::integer, Dest::other, {"--image-width", "--width", "--image-max-width"}},
      {Kind::text, Dest::other, {"--cache-expiration"}},
      {Kind::store_true, Dest::other, {"--skip-cache"}},
      {Kind::store_true, Dest::other, {"--skip-dns-cache"}},
      {Kind::store_true, Dest::other, {"--skip-proxy"}},
      {Kind::store_true, Dest::other, {"--skip-range-download-detect"}},
      {Kind::store_true, Dest::other, {"--skip-tls-verify"}},
      {Kind::append, Dest::other, {"--header"}},
  };
  return kActions;
}

// One option string → its action; BooleanOptionalAction adds "--no-X" for every "--X" (value false).
struct OptionString {
  std::string text;
  const Action* action;
  bool negative;
};
const std::vector<OptionString>& option_strings() {
  static const std::vector<OptionString> kStrings = [] {
    std::vector<OptionString> v;
    for (const Action& a : actions())
      for (const char* s : a.strings) {
        v.push_back({s, &a, false});
        if (a.kind == Kind::bool_optional && std::string(s).rfind("--", 0) == 0) v.push_back({"--no-" + std::string(s + 2), &a, true});
      }
    return v;
  }();
  return kStrings;
}

const OptionString* exact(const std::string& s) {
  for (const OptionString& o : option_strings())
    if (o.text == s) return &o;
  return nullptr;
}

struct ParseError {};

// argparse's _parse_optional: a positional (nullopt), an unknown option (option == nullptr), or a
// registered option with an optional explicit value.
struct Optional {
  const OptionString* option = nullptr;
  std::optional<std::string> explicit_value;
};
// argparse's '^-\d+$|^-\d*\.\d+$': negative numbers are values, not options.
bool looks_like_negative_number(const std::string& arg) {
  if (arg.size() < 2 || arg[0] != '-') return false;
  const std::size_t dot = arg.find('.', 1);
  auto digits = [&](std::size_t from, std::size_t to, bool allow_empty) {
    if (from == to) return allow_empty;
    for (std::size_t i = from; i < to; ++i)
      if (arg[i] < '0' || arg[i] > '9') return false;
    return true;
  };
  if (dot == std::string::npos) return digits(1, arg.size(), false);
  return digits(1, dot, true) && digits(dot + 1, arg.size(), false);
}

std::optional<Optional> parse_optional(const std::string& arg) {
  if (arg.empty() || arg[0] != '-') return std::nullopt;
  if (const OptionString* o = exact(arg)) return Optional{o, std::nullopt};
  if (arg.size() == 1) return std::nullopt;
  if (const std::size_t eq = arg.find('='); eq != std::string::npos)
    if (const OptionString* o = exact(arg.substr(0, eq))) return Optional{o, arg.substr(eq + 1)};
  // Single-dash options: "-c4096" is "-c" with 4096, and "-ng" abbreviates "-ngld" (abbreviation
  // of these stays on even with allow_abbrev=False); two candidates are an error.
  if (arg[1] != '-') {
    std::vector<Optional> found;
    for (const OptionString& o : option_strings()) {
      if (o.text == arg.substr(0, 2)) found.push_back({&o, arg.substr(2)});
      else if (o.text.rfind(arg, 0) == 0) found.push_back({&o, std::nullopt});
    }
    if (found.size() > 1) throw ParseError{};
    if (found.size() == 1) return found.front();
  }
  if (looks_like_negative_number(arg)) return std::nullopt;
  if (arg.find(' ') != std::string::npos) return std::nullopt;
  return Optional{nullptr, std::nullopt};
}

struct Parsed {
  std::optional<bool> flash_attention;
  std::optional<long long> main_gpu, parallel_size, batch_size, ubatch_size, ctx_size;
  std::optional<std::string> platform_footprint, cache_type_k, cache_type_v;
  std::optional<bool> mmap;
  bool no_kv_offload = false;
};

void store(Parsed& p, const Action& a, const std::string& value) {
  std::optional<long long> i;
  if (a.kind == Kind::integer) {
    i = python_int(value);
    if (!i) throw ParseError{};
  }
  if (a.kind == Kind::number && !python_float(value)) throw ParseError{};
  switch (a.dest) {
    case Dest::main_gpu: p.main_gpu = i; break;
    case Dest::parallel_size: p.parallel_size = i; break;
    case Dest::batch_size: p.batch_size = i; break;
    case Dest::ubatch_size: p.ubatch_size = i; break;
    case Dest::ctx_size: p.ctx_size = i; break;
    case Dest::platform_footprint: p.platform_footprint = value; break;
    case Dest::cache_type_k: p.cache_type_k = value; break;
    case Dest::cache_type_v: p.cache_type_v = value; break;
    default: break;
  }
}

void store_flag(Parsed& p, const OptionString& o) {
  const Action& a = *o.action;
  if (a.kind == Kind::help) throw ParseError{};  // argparse would print help and exit
  if (a.dest == Dest::flash_attention) p.flash_attention = !o.negative;
  if (a.dest == Dest::mmap) p.mmap = !o.negative;
  if (a.dest == Dest::no_kv_offload) p.no_kv_offload = true;
}

Parsed parse(const std::vector<std::string>& args) {
  // argparse classifies every argument before consuming any ("--" ends the options).
  std::vector<std::optional<Optional>> kinds;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--") break;
    kinds.push_back(parse_optional(args[i]));
  }
  Parsed p;
  for (std::size_t i = 0; i < kinds.size(); ++i) {
    if (!kinds[i] || kinds[i]->option == nullptr) continue;  // positionals and unknown options: ignored
    const OptionString& o = *kinds[i]->option;
    const Kind k = o.action->kind;
    const bool takes_value = k == Kind::integer || k == Kind::number || k == Kind::text || k == Kind::append;
    if (!takes_value) {
      if (kinds[i]->explicit_value) throw ParseError{};  // "ignored explicit argument"
      store_flag(p, o);
      continue;
    }
    if (kinds[i]->explicit_value) {
      store(p, *o.action, *kinds[i]->explicit_value);
    } else {
      if (i + 1 >= kinds.size() || kinds[i + 1]) throw ParseError{};  // "expected one argument"
      store(p, *o.action, args[++i]);
    }
  }
  return p;
}

std::optional<unsigned long long> go_parse_uint(const std::string& s) {
  if (s.empty()) return std::nullopt;
  unsigned long long v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return std::nullopt;
    if (v > (~0ULL - 9) / 10) return std::nullopt;
    v = v * 10 + static_cast<unsigned long long>(c - '0');
  }
  return v;
}

}  // namespace

void apply_platform_footprint(const std::string& value, EstimatorOptions& o) {
  o.platform_footprint_ram_mib = 0;
  o.platform_footprint_vram_mib = 0;
  const std::size_t comma = value.find(',');
  if (comma == std::string::npos || value.find(',', comma + 1) != std::string::npos) return;
  if (auto ram = go_parse_uint(value.substr(0, comma))) o.platform_footprint_ram_mib = static_cast<long long>(*ram);
  if (auto vram = go_parse_uint(value.substr(comma + 1))) o.platform_footprint_vram_mib = static_cast<long long>(*vram);
}

EstimatorOptions gpustack_parser_options(const std::vector<std::string>& backend_parameters) {
  Parsed p;
  try {
    p = parse(backend_parameters);
  } catch (const ParseError&) {
    p = Parsed{};  // GPUStack logs a warning and keeps every default
  }
  EstimatorOptions o;
  o.ctx_size = p.ctx_size.value_or(8192);
  o.parallel = p.parallel_size.value_or(4);
  apply_platform_footprint(p.platform_footprint.value_or("150,500"), o);
  o.no_mmap = !p.mmap.value_or(false);
  o.flash_attention = p.flash_attention.value_or(false);
  if (p.main_gpu) o.main_gpu = *p.main_gpu;
  if (p.batch_size) o.batch_size = *p.batch_size;
  if (p.ubatch_size) o.ubatch_size = *p.ubatch_size;
  if (p.cache_type_k && !p.cache_type_k->empty()) o.cache_type_k = *p.cache_type_k;
  if (p.cache_type_v && !p.cache_type_v->empty()) o.cache_type_v = *p.cache_type_v;
  o.no_kv_offload = p.no_kv_offload;
  return o;
}

}  // namespace placement::gguf
