// `placement gguf FILE... [--json] [--tensors] [--profile] [--estimate [gguf-parser flags]]`:
// reads the GGUF header of FILE and prints it, the model profile, or the built-in estimator's
// answer. A split model is read from all of its shards: given every shard as FILE..., or given one
// shard named like gguf-split names them (PREFIX-NNNNN-of-MMMMM.gguf), whose siblings are then read
// as gguf-parser-go does; either way the files' split.* metadata must make exactly one model
// (gguf/split_model.h), so one shard alone is refused. Exit 0 ok, 1 usage / I/O failure, 2 bad
// file, files that are not one model, or bad estimator flag (the message names the byte offset
// and field, the files, or the flag).
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

#include "commands.h"
#include "gguf/estimator.h"
#include "gguf/gguf_json.h"
#include "gguf/model_profile.h"
#include "gguf/reader.h"
#include "gguf/split_files.h"
#include "gguf/split_model.h"
#include "gguf_file_source.h"
#include "gguf_print.h"
#include "scenario/errors.h"

namespace placement::cli {

namespace {

struct GgufArgs {
  std::vector<std::string> files;
  bool json = false;
  bool tensors = false;
  bool profile = false;
  bool estimate = false;
  std::vector<std::string> estimator_flags;  // everything after --estimate except --json
};

void gguf_usage() {
  std::fprintf(stderr,
               "usage: placement gguf FILE... [--json] [--tensors]\n"
               "       placement gguf FILE... --profile\n"
               "       placement gguf FILE... --estimate [gguf-parser flags] [--json]\n"
               "FILE...: one GGUF file, or all shards of a split model (or one of them named\n"
               "PREFIX-NNNNN-of-MMMMM.gguf: its sibling files are read too)\n");
}

bool parse_gguf_args(int argc, char** argv, GgufArgs& out) {
  for (int i = 0; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--json") out.json = true;
    else if (out.estimate) out.estimator_flags.push_back(a);
    else if (a == "--estimate") out.estimate = true;
    else if (a == "--profile") out.profile = true;
    else if (a == "--tensors") out.tensors = true;
    else if (a == "-h" || a == "--help") return false;
    else if (!a.empty() && a[0] == '-') {
      std::fprintf(stderr, "placement gguf: unknown option '%s'\n", a.c_str());
      return false;
    } else out.files.push_back(a);
  }
  if (out.files.empty() || (out.profile && out.estimate)) return false;
  return true;
}

struct BadFile {
  std::string path;
  gguf::GgufError error;
};

bool exists(const std::string& path) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (f != nullptr) std::fclose(f);
  return f != nullptr;
}

// One shard's path given: the names of all of its model's shards (like gguf-parser-go); a sibling
// that does not exist is left out, so assemble_shards names it as missing.
std::vector<std::string> model_paths(const std::vector<std::string>& given) {
  if (given.size() != 1) return given;
  std::vector<std::string> paths = gguf::split_shard_paths(given.front());
  if (paths.size() == 1) return paths;
  std::vector<std::string> present;
  for (const std::string& p : paths)
    if (p == given.front() || exists(p)) present.push_back(p);
  return present;
}

// Reads every file and puts them in shard order; I/O failures throw std::runtime_error, malformed
// headers BadFile, files that are not one model gguf::SplitError.
std::vector<gguf::GgufFile> read_model(const std::vector<std::string>& given) {
  std::vector<gguf::GgufFile> files;
  for (const std::string& path : model_paths(given)) {
    FileByteSource source(path);
    try {
      files.push_back(gguf::read_gguf(source));
    } catch (const gguf::GgufError& e) {
      throw BadFile{path, e};
    }
    files.back().file_name = path;
  }
  return gguf::assemble_shards(std::move(files));
}

std::string dump(const Json& j) { return j.dump(2, ' ', false, Json::error_handler_t::replace) + "\n"; }

std::string render(const GgufArgs& args, const std::vector<gguf::GgufFile>& shards) {
  if (args.profile) return dump(gguf::profile_to_json(gguf::profile_from_gguf(shards)));
  if (args.estimate) {
    gguf::EstimatorOptions options = gguf::parse_estimator_flags(args.estimator_flags);
    gguf::Estimate e = gguf::estimate(gguf::profile_from_gguf(shards), options);
    return args.json ? dump(gguf::estimate_to_json(e)) : render_estimate_text(e);
  }
  if (!args.json) return render_gguf_text(shards, args.tensors);
  Json files = Json::array();
  for (const gguf::GgufFile& f : shards) files.push_back(gguf::gguf_file_to_json(f));
  return dump(Json{{"files", std::move(files)}, {"model", gguf::gguf_model_summary_json(shards)}});
}

}  // namespace

int run_gguf(int argc, char** argv) {
  GgufArgs args;
  if (!parse_gguf_args(argc, argv, args)) {
    gguf_usage();
    return 1;
  }
  try {
    std::vector<gguf::GgufFile> shards = read_model(args.files);
    std::string out = render(args, shards);
    std::fwrite(out.data(), 1, out.size(), stdout);
    return 0;
  } catch (const BadFile& bad) {
    std::fprintf(stderr, "placement gguf: %s: bad GGUF at byte %llu (%s): %s\n", bad.path.c_str(),
                 static_cast<unsigned long long>(bad.error.offset()), bad.error.field().c_str(),
                 bad.error.detail().c_str());
    return 2;
  } catch (const gguf::SplitError& e) {
    std::fprintf(stderr, "placement gguf: %s\n", e.what());
    return 2;
  } catch (const InputError& e) {
    std::fprintf(stderr, "placement gguf: bad input at %s: %s\n", e.pointer().empty() ? "/" : e.pointer().c_str(),
                 e.message().c_str());
    return 2;
  } catch (const gguf::GgufError& e) {
    std::fprintf(stderr, "placement gguf: %s: bad GGUF: %s\n", args.files.front().c_str(), e.what());
    return 2;
  } catch (const std::runtime_error& e) {
    std::fprintf(stderr, "placement gguf: %s\n", e.what());
    return 1;
  }
}

}  // namespace placement::cli
