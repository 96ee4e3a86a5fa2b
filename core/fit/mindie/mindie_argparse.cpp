#include "fit/mindie/mindie_argparse.h"

#include <optional>

#include "scenario/python_text.h"

namespace placement::mindie {

const ArgValue* ParsedArgs::find(const std::string& dest) const {
  for (const auto& [d, v] : values)
    if (d == dest) return &v;
  return nullptr;
}

namespace {

struct OptionString {
  std::string text;
  std::size_t spec = 0;
  bool negated = false;  // the --no-X spelling of a boolean_optional flag
};

enum class TokenClass { value, known, unknown };

struct Token {
  TokenClass cls = TokenClass::value;
  std::size_t option = 0;  // into the option-string table, when known
  std::optional<std::string> explicit_value;
};

// argparse registers -h/--help ahead of every flag the parser adds.
const ArgSpec& help_spec() {
  static const ArgSpec spec{{"-h", "--help"}, "help", ArgKind::help, {}, {}};
  return spec;
}

std::string display_name(const ArgSpec& spec) {
  std::string s;
  std::vector<std::string> names = spec.names;
  if (spec.kind == ArgKind::boolean_optional)
    for (const auto& n : spec.names)
      if (n.rfind("--", 0) == 0) names.push_back("--no-" + n.substr(2));
  for (const auto& n : names) s += (s.empty() ? "" : "/") + n;
  return s;
}

bool single_dash(const std::string& option) { return option.size() > 1 && option[1] != '-'; }

std::optional<std::size_t> exact(const std::string& text, const std::vector<OptionString>& options) {
  for (std::size_t i = 0; i < options.size(); ++i)
    if (options[i].text == text) return i;
  return std::nullopt;
}

// argparse's _parse_optional for one token.
Token classify(const std::string& tok, const std::vector<OptionString>& options) {
  Token t;
  if (tok.empty() || tok[0] != '-') return t;
  if (auto i = exact(tok, options)) {
    t.cls = TokenClass::known, t.option = *i;
    return t;
  }
  if (tok.size() == 1) return t;
  if (auto eq = tok.find('='); eq != std::string::npos)
    if (auto i = exact(tok.substr(0, eq), options)) {
      t.cls = TokenClass::known, t.option = *i, t.explicit_value = tok.substr(eq + 1);
      return t;
    }
  // _get_option_tuples: with allow_abbrev=False only single-dash tokens match, either a
  // two-character option followed by its argument (-hX) or as a prefix of an option.
  if (single_dash(tok)) {
    std::vector<std::pair<std::size_t, std::optional<std::string>>> matches;
    for (std::size_t i = 0; i < options.size(); ++i) {
      if (options[i].text == tok.substr(0, 2)) matches.emplace_back(i, tok.substr(2));
      else if (options[i].text.rfind(tok, 0) == 0) matches.emplace_back(i, std::nullopt);
    }
    if (matches.size() > 1) {
      std::string list;
      for (const auto& m : matches) list += (list.empty() ? "" : ", ") + options[m.first].text;
      throw ArgparseError(tok, tok, "ambiguous", "ambiguous option: " + tok + " could match " + list, true);
    }
    if (matches.size() == 1) {
      t.cls = TokenClass::known, t.option = matches[0].first, t.explicit_value = matches[0].second;
      return t;
    }
  }
  if (python_looks_negative_number(tok)) return t;
  if (tok.find(' ') != std::string::npos) return t;
  t.cls = TokenClass::unknown;
  return t;
}

bool takes_value(ArgKind k) { return k == ArgKind::integer || k == ArgKind::number || k == ArgKind::text; }

ArgValue convert(const ArgSpec& spec, const std::string& raw) {
  ArgValue v;
  v.raw = raw;
  const std::string name = display_name(spec);
  const std::string& flag = spec.names[0];
  if (spec.kind == ArgKind::integer) {
    auto i = python_int_clamped(raw);
    if (!i) throw ArgparseError(flag, raw, "int", "argument " + name + ": invalid int value: " + python_repr(raw));
    v.integer = *i;
    if (!spec.int_choices.empty()) {
      bool ok = false;
      std::string list;
      for (auto c : spec.int_choices) ok |= (c == *i), list += (list.empty() ? "" : ", ") + std::to_string(c);
      if (!ok)
        throw ArgparseError(flag, raw, "choices",
                            "argument " + name + ": invalid choice: " + std::to_string(*i) + " (choose from " + list + ")");
    }
  } else if (spec.kind == ArgKind::number) {
    auto d = python_float(raw);
    if (!d) throw ArgparseError(flag, raw, "float", "argument " + name + ": invalid float value: " + python_repr(raw));
    v.number = *d;
  } else if (!spec.text_choices.empty()) {
    bool ok = false;
    std::string list;
    for (const auto& c : spec.text_choices) ok |= (c == raw), list += (list.empty() ? "" : ", ") + python_repr(c);
    if (!ok)
      throw ArgparseError(flag, raw, "choices",
                          "argument " + name + ": invalid choice: " + python_repr(raw) + " (choose from " + list + ")");
  }
  return v;
}

void store(ParsedArgs& out, const std::string& dest, ArgValue v) {
  for (auto& [d, old] : out.values)
    if (d == dest) {
      old = std::move(v);
      return;
    }
  out.values.emplace_back(dest, std::move(v));
}

[[noreturn]] void ignored_explicit(const ArgSpec& spec, const std::string& option, const std::string& value) {
  throw ArgparseError(option, value, "explicit_ignored",
                      "argument " + display_name(spec) + ": ignored explicit argument " + python_repr(value));
}

[[noreturn]] void help_exits(const std::string& option) {
  throw ArgparseError(option, "", "help", "argparse's help action prints the usage and exits (SystemExit 0)", true);
}

// A flag without a value given `=X` (or -hX): single-dash ones read X as more single-dash flags
// (only -h is two characters long), the others refuse it.
void flag_with_explicit(const ArgSpec& spec, const OptionString& opt, const std::string& value) {
  if (!single_dash(opt.text) || value.empty()) ignored_explicit(spec, opt.text, value);
  std::string rest = value;
  while (!rest.empty() && rest[0] == 'h') rest.erase(0, 1);
  if (!rest.empty()) ignored_explicit(help_spec(), "-h", rest);
  help_exits("-h");  // -h itself, or -hh…: the help action runs
}

}  // namespace

ParsedArgs parse_known_args(const std::vector<ArgSpec>& flags, const std::vector<std::string>& argv) {
  std::vector<ArgSpec> specs{help_spec()};
  specs.insert(specs.end(), flags.begin(), flags.end());
  std::vector<OptionString> options;
  for (std::size_t s = 0; s < specs.size(); ++s)
    for (const auto& n : specs[s].names) {
      options.push_back({n, s, false});
      if (specs[s].kind == ArgKind::boolean_optional && n.rfind("--", 0) == 0) options.push_back({"--no-" + n.substr(2), s, true});
    }

  // Classify every token first, as argparse does, so a value flag can see whether the next
  // token is a value or another option.
  std::vector<Token> tokens(argv.size());
  for (std::size_t i = 0; i < argv.size() && argv[i] != "--"; ++i) tokens[i] = classify(argv[i], options);

  ParsedArgs out;
  bool after_double_dash = false;
  for (std::size_t i = 0; i < argv.size(); ++i) {
    after_double_dash |= argv[i] == "--";
    const Token& t = tokens[i];
    if (after_double_dash || t.cls != TokenClass::known) {
      out.ignored.push_back(argv[i]);
      continue;
    }
    const OptionString& opt = options[t.option];
    const ArgSpec& spec = specs[opt.spec];
    if (takes_value(spec.kind)) {
      std::string raw;
      if (t.explicit_value) {
        raw = *t.explicit_value;
      } else if (i + 1 < argv.size() && tokens[i + 1].cls == TokenClass::value && argv[i + 1] != "--") {
        raw = argv[++i];
      } else {
        throw ArgparseError(opt.text, "", "expected_one", "argument " + display_name(spec) + ": expected one argument");
      }
      store(out, spec.dest, convert(spec, raw));
      continue;
    }
    if (t.explicit_value) flag_with_explicit(spec, opt, *t.explicit_value);
    if (spec.kind == ArgKind::help) help_exits(opt.text);
    ArgValue v;
    v.flag = !opt.negated;
    v.raw = opt.text;
    store(out, spec.dest, v);
  }
  return out;
}

}  // namespace placement::mindie
