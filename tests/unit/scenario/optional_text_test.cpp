// OptionalText stands in for std::optional<std::string> in GpuDevice: it must read, compare,
// convert and copy as one does.
#include <catch2/catch.hpp>

#include <optional>
#include <string>

#include "scenario/optional_text.h"

namespace placement {

TEST_CASE("OptionalText reads and compares as std::optional<std::string>", "[scenario][optional_text]") {
  const std::optional<std::string> cases[] = {std::nullopt, std::string(), std::string("12.4"),
                                              std::string("a string longer than the small-string buffer")};
  for (const auto& a : cases) {
    const OptionalText text = a;
    CAPTURE(a.value_or("<none>"));
    CHECK(text.has_value() == a.has_value());
    CHECK(static_cast<bool>(text) == a.has_value());
    CHECK(text.get() == a);
    CHECK(std::optional<std::string>(text) == a);
    if (a) {
      CHECK(*text == *a);
      CHECK(text->size() == a->size());
    }
    for (const auto& b : cases) {
      CAPTURE(b.value_or("<none>"));
      CHECK((a == OptionalText(b)) == (a == b));
      CHECK((OptionalText(a) == OptionalText(b)) == (a == b));
      CHECK((OptionalText(a) == b) == (a == b));
    }
  }
}

TEST_CASE("OptionalText copies deeply and is filled in place", "[scenario][optional_text]") {
  OptionalText original = std::string("cuda 12.4");
  OptionalText copy = original;
  *copy += "-custom";
  CHECK(*original == "cuda 12.4");
  CHECK(*copy == "cuda 12.4-custom");
  copy = original;
  CHECK(copy == original);
  OptionalText filled;
  filled.emplace() = "910B";
  CHECK(filled == std::optional<std::string>("910B"));
  filled.reset();
  CHECK(!filled.has_value());
  copy = OptionalText();
  CHECK(!copy.has_value());
  OptionalText moved = std::move(original);
  CHECK(*moved == "cuda 12.4");
}

}  // namespace placement
