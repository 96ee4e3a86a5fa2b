#include "fit/sglang/python_numbers.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace placement {

double python_round(double x, int decimals) {
  if (!std::isfinite(x)) return x;
  // printf rounds the exact binary value correctly (glibc/musl), which is what Python does.
  char buf[512];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, x);
  return std::strtod(buf, nullptr);
}

std::string python_repr(double x) {
  if (std::isnan(x)) return "nan";
  if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
  if (x == 0) return std::signbit(x) ? "-0.0" : "0.0";
  char buf[512];
  int digits = 0;
  for (; digits < 17; ++digits) {
    std::snprintf(buf, sizeof buf, "%.*e", digits, x);
    if (std::strtod(buf, nullptr) == x) break;
  }
  const int exponent = std::atoi(std::strchr(buf, 'e') + 1);
  if (exponent < -4 || exponent >= 16) return buf;  // C's "1.5e-07" is Python's spelling too
  std::snprintf(buf, sizeof buf, "%.*f", digits > exponent ? digits - exponent : 0, x);
  std::string out = buf;
  if (out.find('.') == std::string::npos) out += ".0";
  return out;
}

std::string python_fixed2(double x) {
  char buf[512];
  std::snprintf(buf, sizeof buf, "%.2f", x);
  return buf;
}

double python_gib(long long bytes) { return python_round(static_cast<double>(bytes) / 1073741824.0, 2); }

long long python_floor_div(long long a, long long b) {
  long long q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}

}  // namespace placement
