#include "fit/sglang/python_numbers.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>

namespace placement {

namespace {

// round(x, n) for n <= 3 and |x| < 1e12 without text: the SGLang fit rounds two or three figures
// per GPU, and printf + strtod per figure was a tenth of an SGLang decision in WebAssembly.
// x·10^n = y + err exactly (fma), y < 1e15 so y's fraction is exact and |err| <= ulp(y)/2
// <= 1/16. The sign of (fraction - 1/2) + err is the sign of the exact comparison with the
// halfway point (both terms exact when the fraction is >= 1/4; below that it is plainly
// negative), and a tie goes to the even integer, as printf does. The result n / 10^n is one
// correctly rounded division of exact operands: the double nearest the decimal n/10^n, which is
// what strtod returns for the printed digits.
std::optional<double> round_small(double x, int decimals) {
  static constexpr double kScale[] = {1.0, 10.0, 100.0, 1000.0};
  if (decimals < 0 || decimals > 3) return std::nullopt;
  const double magnitude = std::fabs(x);
  if (!(magnitude < 1e12)) return std::nullopt;
  const double scale = kScale[decimals];
  const double y = magnitude * scale;
  const double err = std::fma(magnitude, scale, -y);
  double n = std::floor(y);
  const double fraction = y - n;
  if (fraction >= 0.25) {
    const double above_half = (fraction - 0.5) + err;
    if (above_half > 0 || (above_half == 0 && std::fmod(n, 2.0) != 0)) n += 1;
  }
  return std::copysign(n / scale, x);
}

}  // namespace

double python_round(double x, int decimals) {
  if (!std::isfinite(x)) return x;
  if (const std::optional<double> r = round_small(x, decimals)) return *r;
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
