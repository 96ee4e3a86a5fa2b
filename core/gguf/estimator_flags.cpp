// parse_estimator_flags: gguf-parser-go's estimate flags (tests/data/gguf/README.md), in
// `--flag value` or `--flag=value` form, with the usual llama.cpp short spellings.
#include <charconv>
#include <cmath>
#include <cstdlib>

#include "gguf/estimator.h"
#include "scenario/errors.h"

namespace placement::gguf {

namespace {

enum class Flag {
  ctx_size, gpu_layers, gpu_layers_step, tensor_split, rpc, batch_size, ubatch_size, parallel,
  cache_type_k, cache_type_v, platform_footprint, main_gpu,
  flash_attention, no_mmap, no_kv_offload, in_max_ctx_size, ignored,
};

struct Spelling {
  const char* text;
  Flag flag;
};
constexpr Spelling kSpellings[] = {
    {"--ctx-size", Flag::ctx_size}, {"-c", Flag::ctx_size},
    {"--gpu-layers", Flag::gpu_layers}, {"--n-gpu-layers", Flag::gpu_layers}, {"-ngl", Flag::gpu_layers},
    {"--gpu-layers-step", Flag::gpu_layers_step},
    {"--tensor-split", Flag::tensor_split}, {"-ts", Flag::tensor_split},
    {"--rpc", Flag::rpc},
    {"--batch-size", Flag::batch_size}, {"-b", Flag::batch_size},
    {"--ubatch-size", Flag::ubatch_size}, {"-ub", Flag::ubatch_size},
    {"--parallel", Flag::parallel}, {"--parallel-size", Flag::parallel}, {"-np", Flag::parallel},
    {"--cache-type-k", Flag::cache_type_k}, {"--ctk", Flag::cache_type_k}, {"-ctk", Flag::cache_type_k},
    {"--cache-type-v", Flag::cache_type_v}, {"--ctv", Flag::cache_type_v}, {"-ctv", Flag::cache_type_v},
    {"--platform-footprint", Flag::platform_footprint},
    {"--main-gpu", Flag::main_gpu}, {"-mg", Flag::main_gpu},
    {"--flash-attention", Flag::flash_attention}, {"--flash-attn", Flag::flash_attention},
    {"--fa", Flag::flash_attention}, {"-fa", Flag::flash_attention},
    {"--no-mmap", Flag::no_mmap},
    {"--no-kv-offload", Flag::no_kv_offload}, {"-nkvo", Flag::no_kv_offload},
    {"--in-max-ctx-size", Flag::in_max_ctx_size},
    // The `placement gguf` command's own switches, tolerated when passed through.
    {"--json", Flag::ignored}, {"--estimate", Flag::ignored}, {"--profile", Flag::ignored},
};

bool is_boolean(Flag f) {
  return f == Flag::flash_attention || f == Flag::no_mmap || f == Flag::no_kv_offload || f == Flag::in_max_ctx_size ||
         f == Flag::ignored;
}

std::string canonical(Flag f) {
  for (const Spelling& s : kSpellings)
    if (s.flag == f) return std::string(s.text).substr(2);
  return "flag";
}

[[noreturn]] void bad(Flag f, const std::string& as_given, const std::string& why) {
  throw InputError("/options/" + canonical(f), as_given + ": " + why);
}

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t");
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(" \t") - b + 1);
}

std::vector<std::string> split_commas(const std::string& s) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = s.find(',', start);
    out.push_back(trim(s.substr(start, comma == std::string::npos ? std::string::npos : comma - start)));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return out;
}

long long to_integer(Flag f, const std::string& given, const std::string& text) {
  long long v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size() || text.empty()) bad(f, given, "'" + text + "' is not an integer");
  return v;
}

double to_number(Flag f, const std::string& given, const std::string& text) {
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(v)) bad(f, given, "'" + text + "' is not a number");
  return v;
}

bool to_bool(Flag f, const std::string& given, const std::string& text) {
  if (text == "true" || text == "1" || text == "t" || text == "T" || text == "TRUE" || text == "True") return true;
  if (text == "false" || text == "0" || text == "f" || text == "F" || text == "FALSE" || text == "False") return false;
  bad(f, given, "'" + text + "' is not a boolean");
}

void apply_value(EstimatorOptions& o, Flag f, const std::string& given, const std::string& value) {
  switch (f) {
    case Flag::ctx_size: o.ctx_size = to_integer(f, given, value); break;
    case Flag::gpu_layers: o.gpu_layers = to_integer(f, given, value); break;
    case Flag::gpu_layers_step: {
      const long long v = to_integer(f, given, value);
      if (v < 0) bad(f, given, "the step must not be negative");
      o.gpu_layers_step = static_cast<std::uint64_t>(v);
      break;
    }
    case Flag::tensor_split:
      o.tensor_split.clear();
      for (const std::string& part : split_commas(value)) o.tensor_split.push_back(to_number(f, given, part));
      break;
    case Flag::rpc:
      o.rpc.clear();
      for (const std::string& part : split_commas(value)) {
        if (part.find(':') == std::string::npos) bad(f, given, "'" + part + "' is not host:port");
        o.rpc.push_back(part);
      }
      break;
    case Flag::batch_size: o.batch_size = to_integer(f, given, value); break;
    case Flag::ubatch_size: o.ubatch_size = to_integer(f, given, value); break;
    case Flag::parallel: o.parallel = to_integer(f, given, value); break;
    case Flag::cache_type_k:
    case Flag::cache_type_v: {
      static const char* const kTypes[] = {"f32", "f16", "bf16", "q8_0", "q4_0", "q4_1", "iq4_nl", "q5_0", "q5_1"};
      bool known = false;
      for (const char* t : kTypes) known = known || value == t;
      if (!known) bad(f, given, "'" + value + "' is not one of f32, f16, bf16, q8_0, q4_0, q4_1, iq4_nl, q5_0, q5_1");
      (f == Flag::cache_type_k ? o.cache_type_k : o.cache_type_v) = value;
      break;
    }
    case Flag::platform_footprint: {
      const auto parts = split_commas(value);
      if (parts.size() != 2) bad(f, given, "expected RAM,VRAM in MiB");
      o.platform_footprint_ram_mib = to_integer(f, given, parts[0]);
      o.platform_footprint_vram_mib = to_integer(f, given, parts[1]);
      if (o.platform_footprint_ram_mib < 0 || o.platform_footprint_vram_mib < 0) bad(f, given, "footprints must not be negative");
      break;
    }
    case Flag::main_gpu: o.main_gpu = to_integer(f, given, value); break;
    case Flag::flash_attention: o.flash_attention = to_bool(f, given, value); break;
    case Flag::no_mmap: o.no_mmap = to_bool(f, given, value); break;
    case Flag::no_kv_offload: o.no_kv_offload = to_bool(f, given, value); break;
    case Flag::in_max_ctx_size: o.in_max_ctx_size = to_bool(f, given, value); break;
    case Flag::ignored: break;
  }
}

}  // namespace

EstimatorOptions parse_estimator_flags(const std::vector<std::string>& args) {
  EstimatorOptions o;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    const std::size_t eq = arg.find('=');
    const std::string name = eq == std::string::npos ? arg : arg.substr(0, eq);
    const Spelling* spelling = nullptr;
    for (const Spelling& s : kSpellings)
      if (name == s.text) spelling = &s;
    if (spelling == nullptr) throw InputError("/options", "unknown estimate flag '" + arg + "'");
    const Flag f = spelling->flag;
    if (eq != std::string::npos) {
      apply_value(o, f, name, arg.substr(eq + 1));
    } else if (is_boolean(f)) {
      apply_value(o, f, name, "true");
    } else {
      if (i + 1 >= args.size()) bad(f, name, "a value is missing");
      apply_value(o, f, name, args[++i]);
    }
  }
  return o;
}

}  // namespace placement::gguf
