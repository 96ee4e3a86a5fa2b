// python_round without text (n <= 3, |x| < 1e12) must answer exactly what printing the exact
// binary value with n decimals and reading it back answers: the reference below is the
// implementation it replaced. Ties, near-ties, zeros, signs and the range edges are tabled; a
// seeded sweep covers GiB figures, fractions, and values a few ulps around every halfway point.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <random>

#include "fit/sglang/python_numbers.h"

using namespace placement;

namespace {

double by_printf(double x, int decimals) {
  char buf[512];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, x);
  return std::strtod(buf, nullptr);
}

bool same_double(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

void check_same(double x, int decimals) {
  const double got = python_round(x, decimals);
  const double want = by_printf(x, decimals);
  INFO("x = " << std::hexfloat << x << std::defaultfloat << " (" << x << "), decimals = " << decimals << ", got " << got
              << ", printf gives " << want);
  CHECK(same_double(got, want));
}

}  // namespace

TEST_CASE("python_round: tabled values", "[sglang][python]") {
  struct Row {
    double x;
    int decimals;
    double want;
  };
  const Row rows[] = {
      {2.675, 2, 2.67},       // the double is below 2.675
      {0.125, 2, 0.12},       // an exact tie goes to the even neighbour
      {0.375, 2, 0.38},       // ... upward when that is even
      {2.5, 0, 2.0},          {3.5, 0, 4.0},
      {-0.125, 2, -0.12},     {-2.675, 2, -2.67},
      {0.0005, 3, 0.001},     // 0.0005 is above the tie as a double
      {0.7723, 3, 0.772},     {0.9995, 3, 1.0},
      {0.0, 2, 0.0},          {-0.0, 2, -0.0},
      {-0.001, 2, -0.0},      // rounds to a negative zero, as "-0.00" reads
      {15.99, 2, 15.99},      {79.99999999999, 2, 80.0},
      {999999999999.995, 2, 999999999999.99},  // just under the fast path's bound: as printed
  };
  for (const Row& r : rows) {
    INFO("x = " << r.x << ", decimals = " << r.decimals);
    CHECK(same_double(python_round(r.x, r.decimals), r.want));
    check_same(r.x, r.decimals);
  }
}

TEST_CASE("python_round: outside the fast path it still prints and reads back", "[sglang][python]") {
  for (double x : {1e12, 1.5e12, -3e15, 1e300, 5e-324, 123.456789})
    for (int d : {0, 2, 3, 4, 6}) check_same(x, d);
  CHECK(std::isnan(python_round(std::numeric_limits<double>::quiet_NaN(), 2)));
  CHECK(python_round(std::numeric_limits<double>::infinity(), 2) == std::numeric_limits<double>::infinity());
}

TEST_CASE("python_round: seeded sweep against printf", "[sglang][python]") {
  std::mt19937_64 rng(20261204);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::uniform_int_distribution<long long> bytes(0, 1LL << 42);  // up to 4 TiB
  for (int i = 0; i < 200000; ++i) {
    const int d = 2 + (i % 2);
    check_same(unit(rng), d);                                                  // fractions (u)
    check_same(static_cast<double>(bytes(rng)) / 1073741824.0, 2);             // GiB figures
    check_same(static_cast<double>(bytes(rng)) / 1048576.0, d);                // MiB figures
    check_same((unit(rng) - 0.5) * std::pow(10.0, static_cast<double>(i % 13)), d);  // signs, magnitudes
  }
  // Halfway points k + 1/2 (scaled) and their neighbours a few ulps either side.
  for (int d = 0; d <= 3; ++d) {
    const double scale = std::pow(10.0, d);
    for (long long k = 0; k < 20000; ++k) {
      const double half = (static_cast<double>(k) + 0.5) / scale;
      double below = half, above = half;
      for (int u = 0; u < 4; ++u) {
        check_same(below, d);
        check_same(above, d);
        check_same(-below, d);
        below = std::nextafter(below, 0.0);
        above = std::nextafter(above, 1e300);
      }
    }
    for (double big : {1e9, 3e10, 7.5e11, 9.99999e11})
      for (int u = -8; u <= 8; ++u) check_same(big + u * 0.0625 / scale + 0.5 / scale, d);
  }
}
