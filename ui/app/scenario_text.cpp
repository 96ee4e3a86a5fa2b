#include "app/scenario_text.h"

#include "scenario/json_tree_reader.h"

#include "scenario/errors.h"
#include "scenario/scenario_loader.h"

namespace placement::ui {

namespace {

// nlohmann's text starts with "[json.exception.parse_error.101] "; the user needs the rest.
std::string parser_message(const Json::exception& e) {
  std::string what = e.what();
  const std::size_t cut = what.find("] ");
  return cut == std::string::npos ? what : what.substr(cut + 2);
}

}  // namespace

ParsedScenario parse_scenario_text(const std::string& text) {
  ParsedScenario out;
  try {
    out.document = read_json_tree(text);
  } catch (const Json::parse_error& e) {
    out.error = "invalid JSON at byte " + std::to_string(e.byte) + ": " + parser_message(e);
    return out;
  } catch (const Json::exception& e) {
    // Other refusals of the parser, such as a number beyond double's range (1e999).
    out.error = "invalid JSON: " + parser_message(e);
    return out;
  }
  try {
    // From the text: the core's streaming loader is twice as fast as loading the tree.
    out.scenario = std::make_shared<const Scenario>(load_scenario_text(text));
  } catch (const std::exception&) {
    out.error = check_scenario(out.document);  // the same refusal, in check_scenario's words
  }
  return out;
}

std::string check_scenario(const Json& document) {
  try {
    (void)load_scenario(document);
    return "";
  } catch (const InputError& e) {
    return e.what();
  } catch (const std::exception& e) {
    return std::string("the scenario could not be read: ") + e.what();
  }
}

}  // namespace placement::ui
