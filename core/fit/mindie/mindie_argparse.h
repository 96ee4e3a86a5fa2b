// The slice of Python argparse that GPUStack's MindIE parameter parser relies on
// (ArgumentParser(exit_on_error=False, allow_abbrev=False).parse_known_args, CPython 3.11),
// reproduced so a scenario is read exactly as GPUStack reads it:
//   - a token is an option if it names a registered flag exactly, or as `flag=value`, or (for
//     single-dash tokens only, as CPython does even with allow_abbrev=False) as a unique prefix;
//   - `-1`, `-.5`, `-٤` (argparse's negative-number pattern, Unicode digits) and tokens
//     containing a space are values; everything after `--` is a value;
//   - a value flag takes its `=value` or the next token if that is a value, else it is an error;
//   - unknown options and unclaimed values are ignored; the last occurrence of a flag wins;
//   - each occurrence is converted (int(), float(), choices) when read, so a bad value is an
//     error even if a later occurrence is fine;
//   - argparse's own -h/--help is registered too: it prints the usage and exits.
#pragma once

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace placement::mindie {

enum class ArgKind { integer, number, text, store_true, boolean_optional, help };

struct ArgSpec {
  std::vector<std::string> names;  // e.g. {"--tensor-parallel-size", "-tp"}; boolean_optional adds --no-X
  std::string dest;                // e.g. "tensor_parallel_size"
  ArgKind kind = ArgKind::text;
  std::vector<long long> int_choices;
  std::vector<std::string> text_choices;
};

struct ArgValue {
  std::string raw;
  long long integer = 0;  // int() of raw; beyond long long clamped to its ends
  double number = 0;
  bool flag = false;
};

struct ParsedArgs {
  std::vector<std::pair<std::string, ArgValue>> values;  // dest → last occurrence, first-seen order
  std::vector<std::string> ignored;                      // tokens argparse left in "extras"
  const ArgValue* find(const std::string& dest) const;
};

// An argparse failure: `message` is argparse's text, e.g. "argument --max-seq-len: invalid int
// value: 'x'". `exits` marks the ones argparse ends with SystemExit (ambiguous option, help)
// rather than an ArgumentError GPUStack catches.
class ArgparseError : public std::runtime_error {
 public:
  ArgparseError(std::string flag, std::string value, std::string rule, const std::string& message, bool exits = false)
      : std::runtime_error(message), flag_(std::move(flag)), value_(std::move(value)), rule_(std::move(rule)), exits_(exits) {}
  const std::string& flag() const { return flag_; }
  const std::string& value() const { return value_; }
  const std::string& rule() const { return rule_; }  // int | float | choices | expected_one | explicit_ignored | ambiguous | help
  bool exits() const { return exits_; }

 private:
  std::string flag_, value_, rule_;
  bool exits_;
};

ParsedArgs parse_known_args(const std::vector<ArgSpec>& specs, const std::vector<std::string>& argv);

}  // namespace placement::mindie
