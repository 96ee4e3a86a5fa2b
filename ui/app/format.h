// Number and JSON formatting shared by the panels.
#pragma once

#include <string>

#include "scenario/types.h"

namespace placement::ui {

std::string gib_text(double bytes);   // "22.40 GiB"
std::string score_text(double score); // "57.93"
// A scalar as text (strings unquoted, null as "-"); byte-valued fields named by `key` as GiB.
std::string value_text(const std::string& key, const Json& value);
// {"a": 1, "b": "x"} as "a 1, b x" (nested objects skipped).
std::string fields_text(const Json& object);
// A JSON number (int or float) as double; `fallback` for anything else.
double number_or(const Json& value, double fallback = 0);

}  // namespace placement::ui
