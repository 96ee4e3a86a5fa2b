// How Python's f-strings print the values GPUStack puts in its messages: str() of numbers, lists
// and dicts, byte_to_gib (round(bytes / 2^30, 2)) and ":.2f". Used by the GPUStack message
// renderer (gpustack_messages.h) so its text is byte-identical to GPUStack's.
#pragma once

#include <string>

#include "scenario/types.h"

namespace placement::pytext {

// str(x) of a JSON scalar as Python holds it: ints as ints, floats by repr ("1.0", "0.772").
std::string str(const Json& v);
// repr(s) of a Python str: single quotes unless the text holds ' and no ".
std::string repr(const std::string& s);
// str(list) / str(dict) of strings and numbers: "['a', 'b']", "{'k': 'v'}", "[0, 1]".
std::string list(const Json& items);
std::string dict(const Json& object);
// GPUStack's byte_to_gib(bytes): round(bytes / 2^30, 2).
double byte_to_gib(const Json& bytes);
// byte_to_gib(bytes) printed with str(): round(bytes / 2^30, 2) -> "31.97", "80.0".
std::string gib(const Json& bytes);
// f"{byte_to_gib(bytes):.2f}".
std::string gib2(const Json& bytes);
// f"{x:.2f}" and f"{x:.1f}".
std::string fixed(double x, int decimals);
// "worker" / "workers" by count, as GPUStack's ternaries spell it.
std::string plural(long long n, const char* one, const char* many);

}  // namespace placement::pytext
