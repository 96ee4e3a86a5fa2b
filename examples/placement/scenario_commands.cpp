// `placement schedule` and `placement scale-down`.
#include <cstdio>
#include <string>
#include <utility>

#include "cli_io.h"
#include "process_heap.h"
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

void write_text(const std::string& text) { std::fwrite(text.data(), 1, text.size(), stdout); }

// Reads, loads and runs one command; `run` writes the answer and ends the process at once
// (exit_now), with the scenario and the result still alive: tearing them down costs time and
// serves nobody. Bad input exits with 2 (the JSON pointer named).
template <class Run>
int run_scenario_command(int argc, char** argv, const char* cmd, Run run) {
  Args args;
  if (!parse_args(argc, argv, cmd, args)) return 1;
  InputText text;
  if (!text.open(args.file)) {
    std::fprintf(stderr, "placement %s: cannot read '%s'\n", cmd, args.file.c_str());
    return 1;
  }
  // Loading and deciding a thousand-worker scenario fill ~6 times its size of heap, densely (the
  // big lists get their exact room); up to 8 times go on huge pages. The last huge page a run
  // touches is resident whole: a run can hold up to 2 MiB more than it uses.
  reserve_heap(8 * text.view().size());
  try {
    Scenario scenario = load_scenario_text(text.view());
    text.release();  // the input is no longer needed while deciding
    run(scenario, args.format, cmd);
  } catch (const InputError& e) {
    return report_input_error(cmd, e);
  }
  exit_now(cmd, 0);
}

}  // namespace

int run_schedule(int argc, char** argv) {
  return run_scenario_command(argc, argv, "schedule", [](const Scenario& s, Format format, const char* cmd) {
    const ScheduleResult r = schedule(s);
    if (format == Format::json) write_result(r);
    else write_text(format == Format::markdown ? render_schedule_markdown(s, r) : render_schedule_text(s, r));
    exit_now(cmd, 0);
  });
}

int run_scale_down(int argc, char** argv) {
  return run_scenario_command(argc, argv, "scale-down", [](const Scenario& s, Format format, const char* cmd) {
    const ScaleDownResult r = scale_down(s);
    if (format == Format::json) write_result(r);
    else write_text(format == Format::markdown ? render_scale_down_markdown(s, r) : render_scale_down_text(s, r));
    exit_now(cmd, 0);
  });
}

}  // namespace placement::cli
