// Python's float behaviour where GPUStack's SGLang code depends on it: round(x, n) decides the
// mem fraction (and so every claim), repr() is how GPUStack prints it in its messages.
#pragma once

#include <string>

namespace placement {

// round(x, n): the exact double correctly rounded to n decimals (ties to even), as a double.
double python_round(double x, int decimals);
// repr(x): the shortest text that reads back as x ("0.772", "1.0", "1e-05").
std::string python_repr(double x);
// f"{x:.2f}".
std::string python_fixed2(double x);
// GPUStack's byte_to_gib: round(bytes / 2^30, 2).
double python_gib(long long bytes);
// Python's // on ints (floors toward negative infinity).
long long python_floor_div(long long a, long long b);

}  // namespace placement
