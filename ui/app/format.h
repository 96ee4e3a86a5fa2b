// Number and JSON formatting shared by the panels: the numbers read as in the CLI's
// explanations (core/explain/units.h).
#pragma once

#include <string>

#include "scenario/types.h"

namespace placement::ui {

std::string gib_text(double bytes);   // "22.40 GiB"
std::string score_text(double score); // "57.93"
// A scalar as text (strings unquoted, null as "-"); byte-valued fields named by `key` as GiB,
// fractional numbers with 4 decimals.
std::string value_text(const std::string& key, const Json& value);
// {"a": 1, "b": "x"} as "a 1, b x" (nested objects and arrays over 8 items skipped).
std::string fields_text(const Json& object);
// A JSON number (int or float) as double; `fallback` for anything else.
double number_or(const Json& value, double fallback = 0);

// object[key] by reference when `object` is an object holding `key`, else `fallback`. Unlike
// Json::value() it never copies: panels read traces of megabytes every frame. The reference lives
// as long as `object` is unchanged, so never hold it across an edit of the scenario.
const Json& member(const Json& object, const char* key, const Json& fallback);
// Long-lived fallbacks for member() (a temporary would dangle).
const Json& json_null();
const Json& json_array();
const Json& json_object();

}  // namespace placement::ui
