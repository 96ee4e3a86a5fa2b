// `placement capacity`, `diff`, `sweep` and `advise`: what-if answers built on the scheduler
// (core/whatif/). A file that cannot be read is bad input here (exit 2), like a bad value.
#include <cstdio>
#include <string>

#include "cli_io.h"
#include "commands.h"
#include "scenario/scenario_loader.h"
#include "whatif/advise/advise.h"
#include "whatif/capacity.h"
#include "whatif/compare.h"
#include "whatif/json_patch.h"
#include "whatif/sweep.h"
#include "whatif/whatif_text.h"
#include "whatif_args.h"

namespace placement::cli {

namespace {
Json read_document(const std::string& path) {
  std::string text;
  if (!read_all(path, text)) throw InputError("", "cannot read '" + path + "'");
  return parse_scenario_document(text);
}

void print(const std::string& out) { std::fwrite(out.data(), 1, out.size(), stdout); }


// Prints what `answer` renders; bad input (the scenario, a setting, an unreadable file) exits 2.
template <class Answer>
int respond(const char* cmd, Answer answer) {
  try {
    print(answer());
    return 0;
  } catch (const InputError& e) {
    return report_input_error(cmd, e);
  }
}

int usage_error(const char* usage) {
  std::fprintf(stderr, "usage: %s\n", usage);
  return 1;
}
}  // namespace

int run_capacity(int argc, char** argv) {
  WhatIfArgs args;
  if (const int status = parse_whatif_args(argc, argv, "capacity", {"--limit"}, 1, 1, "placement capacity FILE [--limit N] [--json]", args)) return status;
  return respond("capacity", [&] {
    const Scenario s = load_scenario(read_document(args.files[0]));
    const int limit = static_cast<int>(args.limit.value_or(whatif::kDefaultCapacityLimit));
    const Json answer = whatif::capacity_to_json(whatif::capacity(s, limit));
    return args.json ? result_text(answer) : whatif::render_capacity_text(s, answer);
  });
}

int run_diff(int argc, char** argv) {
  WhatIfArgs args;
  const char* usage = "placement diff A.json B.json [--json]  |  placement diff A.json --set POINTER=VALUE [--json]";
  if (const int status = parse_whatif_args(argc, argv, "diff", {"--set"}, 1, 2, usage, args)) return status;
  if (!(args.files.size() == 2 && args.sets.empty()) && !(args.files.size() == 1 && args.sets.size() == 1)) return usage_error(usage);
  return respond("diff", [&] {
    const Json a = read_document(args.files[0]);
    Json b;
    if (args.files.size() == 2) {
      b = read_document(args.files[1]);
    } else {
      const whatif::SweepSpec spec = whatif::parse_sweep_spec(args.sets[0]);
      if (spec.values.size() != 1 || spec.setting == "replicas")
        throw InputError(spec.setting, "diff takes one value of a JSON Pointer or backend parameter");
      b = whatif::apply_patch(a, whatif::sweep_patch(a, spec.setting, spec.values[0]));
    }
    const Json answer = whatif::compare(schedule(load_scenario(a)), schedule(load_scenario(b)));
    return args.json ? result_text(answer) : whatif::render_compare_text(answer);
  });
}

int run_sweep(int argc, char** argv) {
  WhatIfArgs args;
  const char* usage = "placement sweep FILE --set POINTER=V1,V2,... [--json]";
  if (const int status = parse_whatif_args(argc, argv, "sweep", {"--set"}, 1, 1, usage, args)) return status;
  if (args.sets.size() != 1) return usage_error(usage);
  return respond("sweep", [&] {
    const Json doc = read_document(args.files[0]);
    load_scenario(doc);  // bad input in the scenario itself is reported before any value is tried
    const Json answer = whatif::sweep(doc, whatif::parse_sweep_spec(args.sets[0]));
    return args.json ? result_text(answer) : whatif::render_sweep_text(answer);
  });
}

int run_advise(int argc, char** argv) {
  WhatIfArgs args;
  if (const int status = parse_whatif_args(argc, argv, "advise", {"--replicas"}, 1, 1, "placement advise FILE [--replicas K] [--json]", args)) return status;
  return respond("advise", [&] {
    const Json answer = whatif::advise(read_document(args.files[0]), static_cast<int>(args.replicas.value_or(1)));
    return args.json ? result_text(answer) : whatif::render_advise_text(answer);
  });
}

}  // namespace placement::cli
