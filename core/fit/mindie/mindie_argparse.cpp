#include "fit/mindie/mindie_argparse.h"

#include <regex>

#include "scenario/backend_parameters.h"

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
  bool has_explicit = false;
  std::string explicit_value;
};

std::string display_name(const ArgSpec& spec) {
  std::string s;
  std::vector<std::string> names = spec.names;
  if (spec.kind == ArgKind::boolean_optional)
    for (const auto& n : spec.names)
      if (n.rfind("--", 0) == 0) names.push_back("--no-" + n.substr(2));
  for (const auto& n : names) s += (s.empty() ? "" : "/") + n;
  return s;
}

std::string py_repr(const std::string& s) { return "'" + s + "'"; }

bool looks_negative_number(const std::string& t) {
  static const std::regex re(R"(^-\d+$|^-\d*\.\d+$)");
  return std::regex_match(t, re);
}

// argparse's _parse_optional for one token.
Token classify(const std::string& tok, const std::vector<OptionString>& options) {
  Token t;
  if (tok.empty() || tok[0] != '-') return t;
  for (std::size_t i = 0; i < options.size(); ++i)
    if (options[i].text == tok) {
      t.cls = TokenClass::known, t.option = i;
      return t;
    }
  if (tok.size() == 1) return t;
  if (auto eq = tok.find('='); eq != std::string::npos) {
    const std::string head = tok.substr(0, eq);
    for (std::size_t i = 0; i < options.size(); ++i)
      if (options[i].text == head) {
        t.cls = TokenClass::known, t.option = i, t.has_explicit = true, t.explicit_value = tok.substr(eq + 1);
        return t;
      }
  }
  // Prefix matching survives allow_abbrev=False for single-dash tokens only.
  if (tok[1] != '-') {
    std::vector<std::size_t> matches;
    for (std::size_t i = 0; i < options.size(); ++i)
      if (options[i].text.rfind(tok, 0) == 0) matches.push_back(i);
    if (matches.size() > 1) {
      std::string list;
      for (auto m : matches) list += (list.empty() ? "" : ", ") + options[m].text;
      throw ArgparseError(tok, "ambiguous option: " + tok + " could match " + list);
    }
    if (matches.size() == 1) {
      t.cls = TokenClass::known, t.option = matches[0];
      return t;
    }
  }
  if (looks_negative_number(tok)) return t;
  if (tok.find(' ') != std::string::npos) return t;
  t.cls = TokenClass::unknown;
  return t;
}

bool takes_value(ArgKind k) { return k == ArgKind::integer || k == ArgKind::number || k == ArgKind::text; }

ArgValue convert(const ArgSpec& spec, const std::string& raw) {
  ArgValue v;
  v.raw = raw;
  const std::string name = display_name(spec);
  if (spec.kind == ArgKind::integer) {
    auto i = python_int(raw);
    if (!i) throw ArgparseError(spec.names[0], "argument " + name + ": invalid int value: " + py_repr(raw));
    v.integer = *i;
    if (!spec.int_choices.empty()) {
      bool ok = false;
      std::string list;
      for (auto c : spec.int_choices) ok |= (c == *i), list += (list.empty() ? "" : ", ") + std::to_string(c);
      if (!ok)
        throw ArgparseError(spec.names[0], "argument " + name + ": invalid choice: " + std::to_string(*i) + " (choose from " + list + ")");
    }
  } else if (spec.kind == ArgKind::number) {
    auto d = python_float(raw);
    if (!d) throw ArgparseError(spec.names[0], "argument " + name + ": invalid float value: " + py_repr(raw));
    v.number = *d;
  } else if (!spec.text_choices.empty()) {
    bool ok = false;
    std::string list;
    for (const auto& c : spec.text_choices) ok |= (c == raw), list += (list.empty() ? "" : ", ") + py_repr(c);
    if (!ok) throw ArgparseError(spec.names[0], "argument " + name + ": invalid choice: " + py_repr(raw) + " (choose from " + list + ")");
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

}  // namespace

ParsedArgs parse_known_args(const std::vector<ArgSpec>& specs, const std::vector<std::string>& argv) {
  std::vector<OptionString> options;
  for (std::size_t s = 0; s < specs.size(); ++s) {
    for (const auto& n : specs[s].names) options.push_back({n, s, false});
    if (specs[s].kind == ArgKind::boolean_optional)
      for (const auto& n : specs[s].names)
        if (n.rfind("--", 0) == 0) options.push_back({"--no-" + n.substr(2), s, true});
  }

  // Classify every token first, as argparse does, so a value flag can see whether the next
  // token is a value or another option.
  std::vector<Token> tokens(argv.size());
  bool after_double_dash = false;
  for (std::size_t i = 0; i < argv.size(); ++i) {
    if (after_double_dash) continue;
    if (argv[i] == "--") {
      after_double_dash = true;
      continue;
    }
    tokens[i] = classify(argv[i], options);
  }

  ParsedArgs out;
  for (std::size_t i = 0; i < argv.size(); ++i) {
    const Token& t = tokens[i];
    if (t.cls != TokenClass::known) {
      out.ignored.push_back(argv[i]);
      continue;
    }
    const OptionString& opt = options[t.option];
    const ArgSpec& spec = specs[opt.spec];
    if (takes_value(spec.kind)) {
      std::string raw;
      if (t.has_explicit) {
        raw = t.explicit_value;
      } else if (i + 1 < argv.size() && tokens[i + 1].cls == TokenClass::value && argv[i + 1] != "--") {
        raw = argv[++i];
      } else {
        throw ArgparseError(opt.text, "argument " + display_name(spec) + ": expected one argument");
      }
      store(out, spec.dest, convert(spec, raw));
    } else {
      if (t.has_explicit)
        throw ArgparseError(opt.text, "argument " + display_name(spec) + ": ignored explicit argument " + py_repr(t.explicit_value));
      ArgValue v;
      v.flag = !opt.negated;
      v.raw = opt.text;
      store(out, spec.dest, v);
    }
  }
  return out;
}

}  // namespace placement::mindie
