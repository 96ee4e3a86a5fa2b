// `placement schedule` and `placement scale-down`.
#include <cstdio>
#include <string>

#include "cli_io.h"
#include "commands.h"
#include "explain/markdown_renderer.h"
#include "explain/text_renderer.h"
#include "scenario/errors.h"
#include "scenario/scenario_loader.h"
#include "scheduler.h"

namespace placement::cli {

namespace {

enum class Format { text, json, markdown };

struct Args {
  std::string file;
  Format format = Format::text;
};

bool parse_args(int argc, char** argv, const char* cmd, Args& out) {
  for (int i = 0; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--json" || a == "--markdown") {
      const Format f = a == "--json" ? Format::json : Format::markdown;
      if (out.format != Format::text && out.format != f) {
        std::fprintf(stderr, "placement %s: --json and --markdown exclude each other\n", cmd);
        return false;
      }
      out.format = f;
    } else if (!a.empty() && a[0] == '-' && a != "-") {
      std::fprintf(stderr, "placement %s: unknown option '%s'\n", cmd, a.c_str());
      return false;
    } else if (out.file.empty()) out.file = a;
    else {
      std::fprintf(stderr, "placement %s: one scenario file only\n", cmd);
      return false;
    }
  }
  if (out.file.empty()) {
    std::fprintf(stderr, "usage: placement %s FILE [--json | --markdown]\n", cmd);
    return false;
  }
  return true;
}

template <class Run>
int run_scenario_command(int argc, char** argv, const char* cmd, Run run) {
  Args args;
  if (!parse_args(argc, argv, cmd, args)) return 1;
  std::string text;
  if (!read_all(args.file, text)) {
    std::fprintf(stderr, "placement %s: cannot read '%s'\n", cmd, args.file.c_str());
    return 1;
  }
  try {
    Scenario scenario = load_scenario_text(text);
    std::string out = run(scenario, args.format);
    std::fwrite(out.data(), 1, out.size(), stdout);
    return 0;
  } catch (const InputError& e) {
    return report_input_error(cmd, e);
  }
}

}  // namespace

int run_schedule(int argc, char** argv) {
  return run_scenario_command(argc, argv, "schedule", [](const Scenario& s, Format format) {
    ScheduleResult r = schedule(s);
    if (format == Format::json) return result_text(schedule_result_to_json(r));
    return format == Format::markdown ? render_schedule_markdown(s, r) : render_schedule_text(s, r);
  });
}

int run_scale_down(int argc, char** argv) {
  return run_scenario_command(argc, argv, "scale-down", [](const Scenario& s, Format format) {
    ScaleDownResult r = scale_down(s);
    if (format == Format::json) return result_text(scale_down_result_to_json(r));
    return format == Format::markdown ? render_scale_down_markdown(s, r) : render_scale_down_text(s, r);
  });
}

}  // namespace placement::cli
