// How numbers and units read, for every screen that shows them: the CLI's text and Markdown
// explanations and the browser explorer's panels (ui/app/format.h) use these, so one value reads
// the same in both. Byte counts read as GiB with two decimals, ratios and other fractional
// numbers with four, integers (layers, counts, indexes) as they are.
#pragma once

#include <string>
#include <string_view>

#include "scenario/types.h"

namespace placement::explain {

inline constexpr double kBytesPerGiB = 1073741824.0;
// Integer byte fields below this read as plain numbers (a handful of bytes is not "0.00 GiB").
inline constexpr long long kSmallestGiBShown = 1LL << 20;

std::string gib(double bytes);                // "22.40 GiB"
std::string fixed(double v, int digits = 4);  // "%.*f"
std::string str(const Json& j);               // strings unquoted, null as "-", others dumped

// Whether the trace's integers under `key` are byte counts (scheduler-rules.md §6): the names
// the records use for memory (vram, ram, need, have, short, alloc, claim, ...) and any name
// ending in _vram, _ram, _alloc or bytes.
bool is_byte_field(std::string_view key);

// A scalar as text: byte fields (by key, at least 1 MiB) as GiB, fractional numbers with 4
// digits, the rest as str().
std::string value_text(std::string_view key, const Json& v);
// {"a": 1, "b": "x"} as "a 1, b x"; nested objects and arrays of more than 8 items left out.
std::string data_text(const Json& data);

}  // namespace placement::explain
