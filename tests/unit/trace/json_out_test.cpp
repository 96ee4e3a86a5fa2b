// JsonTextOut must print exactly what Json::dump(2) prints, and JsonTreeOut must build the tree the
// same events describe: the CLI's text and the explorer's tree come from one writer per record.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <random>

#include "trace/json_out.h"
#include "trace/replay_events.h"

namespace placement {

namespace {

using testing::replay;

std::string text_of(const Json& j, bool whole_values) {
  std::string text;
  TextSink sink = [&](const char* d, std::size_t n) { text.append(d, n); };
  JsonTextOut out(sink);
  if (whole_values) out.value(j);
  else replay(j, out);
  out.flush();
  return text;
}

Json random_json(std::mt19937& rng, int depth) {
  const char* strings[] = {"", "plain", "q\"uote", "back\\slash", "tab\there", "nl\n", "\x01", "caf\xC3\xA9",
                           "bad\xFF", "cut\xE2\x82", "\x7F", "/~slash"};
  std::uniform_int_distribution<int> kind(0, depth > 3 ? 5 : 7);
  switch (kind(rng)) {
    case 0: return nullptr;
    case 1: return std::uniform_int_distribution<int>(0, 1)(rng) == 1;
    case 2: return std::uniform_int_distribution<std::int64_t>(-(1LL << 60), 1LL << 60)(rng);
    case 3: return std::uniform_int_distribution<std::uint64_t>(0, ~0ULL)(rng);
    case 4: return std::uniform_real_distribution<double>(-1e12, 1e12)(rng) / std::uniform_int_distribution<int>(1, 1000)(rng);
    case 5: return strings[std::uniform_int_distribution<int>(0, 11)(rng)];
    case 6: {
      Json a = Json::array();
      for (int n = std::uniform_int_distribution<int>(0, 4)(rng); n > 0; --n) a.push_back(random_json(rng, depth + 1));
      return a;
    }
    default: {
      Json o = Json::object();
      for (int n = std::uniform_int_distribution<int>(0, 4)(rng); n > 0; --n)
        o[strings[std::uniform_int_distribution<int>(0, 11)(rng)]] = random_json(rng, depth + 1);
      return o;
    }
  }
}

}  // namespace

TEST_CASE("JsonTextOut prints what dump(2) prints", "[trace][json_out]") {
  const std::vector<Json> fixed = {
      Json::object(), Json::array(), Json(nullptr), Json(0.1), Json(1.0), Json(1e300), Json(-0.0), Json(42),
      Json{{"a", Json::array()}, {"b", Json::object()}, {"c", Json::array({Json::object(), Json::array({1})})}},
      Json{{"k\"ey", "v\\al"}, {"caf\xC3\xA9", "bad\xFF"}, {"ctl\x01", "\b\f\n\r\t"}},
  };
  for (const Json& j : fixed) {
    INFO(j.dump(-1, ' ', false, Json::error_handler_t::replace));
    const std::string expected = j.dump(2, ' ', false, Json::error_handler_t::replace);
    CHECK(text_of(j, false) == expected);
    CHECK(text_of(j, true) == expected);
  }
  std::mt19937 rng(2112);
  for (int i = 0; i < 500; ++i) {
    const Json j = random_json(rng, 0);
    INFO(j.dump(-1, ' ', false, Json::error_handler_t::replace));
    REQUIRE(text_of(j, false) == j.dump(2, ' ', false, Json::error_handler_t::replace));
  }
}

TEST_CASE("JsonTextOut prints numbers as dump() does, integral doubles included", "[trace][json_out]") {
  // Integral doubles below 1e15 take a path of their own; the edges and both sides of them.
  std::vector<double> doubles = {0.0, -0.0, 1.0, -1.0, 0.5, 1e-5, 1e-4, 123456.0, 999999999999999.0, -999999999999999.0,
                                 1e15, -1e15, 1e15 + 1, 1e16, 9007199254740992.0, 9007199254740993.0, 1e300, 5e-324,
                                 std::numeric_limits<double>::max(), std::numeric_limits<double>::infinity(),
                                 -std::numeric_limits<double>::infinity(), std::numeric_limits<double>::quiet_NaN()};
  std::mt19937_64 rng(15);
  for (int digits = 1; digits <= 17; ++digits) {
    const double scale = std::pow(10.0, digits);
    for (int i = 0; i < 200; ++i) {
      const double x = std::floor(std::uniform_real_distribution<double>(0, scale)(rng));
      doubles.push_back(x);
      doubles.push_back(-x);
      doubles.push_back(x + 0.25);
      doubles.push_back(std::nextafter(x, 0.0));
    }
  }
  for (const double d : doubles) {
    const Json j = d;
    CAPTURE(d);
    REQUIRE(text_of(j, true) == j.dump(2));
    REQUIRE(text_of(Json::array({j}), false) == Json::array({j}).dump(2));
  }
  for (const Json& j : {Json(std::numeric_limits<std::int64_t>::min()), Json(std::numeric_limits<std::int64_t>::max()),
                        Json(std::numeric_limits<std::uint64_t>::max()), Json(0), Json(-1), Json(true), Json(false)}) {
    CAPTURE(j.dump());
    CHECK(text_of(j, true) == j.dump(2));
  }
}

TEST_CASE("The scalar calls write what value(Json(v)) writes, signedness included", "[trace][json_out]") {
  // A printer writes scalars without a Json (number, boolean, null); the text and the tree must
  // be those of the Json the value makes, integers keeping their own type's signedness.
  struct Row {
    const char* what;
    std::function<void(JsonOut&)> write;
    Json expected;
  };
  const std::vector<Row> rows = {
      {"int", [](JsonOut& o) { o.number(-7); }, Json(-7)},
      {"unsigned", [](JsonOut& o) { o.number(7u); }, Json(7u)},
      {"int64 min", [](JsonOut& o) { o.number(std::numeric_limits<std::int64_t>::min()); },
       Json(std::numeric_limits<std::int64_t>::min())},
      {"uint64 max", [](JsonOut& o) { o.number(std::numeric_limits<std::uint64_t>::max()); },
       Json(std::numeric_limits<std::uint64_t>::max())},
      {"size_t", [](JsonOut& o) { o.number(std::size_t{12}); }, Json(std::size_t{12})},
      {"short", [](JsonOut& o) { o.number(short{-3}); }, Json(short{-3})},
      {"double integral", [](JsonOut& o) { o.number(3.0); }, Json(3.0)},
      {"double fraction", [](JsonOut& o) { o.number(0.1); }, Json(0.1)},
      {"double -0", [](JsonOut& o) { o.number(-0.0); }, Json(-0.0)},
      {"double nan", [](JsonOut& o) { o.number(std::numeric_limits<double>::quiet_NaN()); },
       Json(std::numeric_limits<double>::quiet_NaN())},
      {"true", [](JsonOut& o) { o.boolean(true); }, Json(true)},
      {"false", [](JsonOut& o) { o.boolean(false); }, Json(false)},
      {"null", [](JsonOut& o) { o.null(); }, Json(nullptr)},
  };
  for (const Row& row : rows) {
    CAPTURE(row.what);
    const auto in_array = [&](JsonOut& o) {
      o.begin_array();
      row.write(o);
      o.begin_object();
      o.key("k");
      row.write(o);
      o.end_object();
      o.end_array();
    };
    const Json expected = Json::array({row.expected, Json{{"k", row.expected}}});
    std::string text;
    TextSink sink = [&](const char* d, std::size_t n) { text.append(d, n); };
    JsonTextOut out(sink);
    in_array(out);
    out.flush();
    CHECK(text == expected.dump(2));
    const Json tree = json_tree(in_array);
    CHECK(tree[0].type() == row.expected.type());
    CHECK(tree[1]["k"].type() == row.expected.type());
    CHECK(tree.dump() == expected.dump());
  }
}

TEST_CASE("JsonTextOut prints a repeated double the same each time, whichever others share its slot", "[trace][json_out]") {
  // The printer keeps the last text per slot of a small table; more distinct fractions than
  // slots, revisited in a shuffled order, make every slot change hands many times.
  std::mt19937_64 rng(21);
  std::vector<double> fractions;
  for (int i = 0; i < 500; ++i) fractions.push_back(std::uniform_real_distribution<double>(-1e6, 1e6)(rng) / 7.0);
  fractions.push_back(0.1);
  fractions.push_back(-2.5e-300);
  Json list = Json::array();
  for (int round = 0; round < 4; ++round) {
    std::shuffle(fractions.begin(), fractions.end(), rng);
    for (const double d : fractions) list.push_back(d);
  }
  REQUIRE(text_of(list, false) == list.dump(2));
}

TEST_CASE("JsonTextOut escapes a special byte wherever it stands in a key or a string", "[trace][json_out]") {
  // Short texts are checked a byte at a time, long ones eight at a time with an overlapping last
  // word: every length across those edges, with each kind of special byte at every position.
  const char specials[] = {'"', '\\', '\x01', '\x1F', '\x7F', '\x80', '\xC3', '\xFF'};
  for (std::size_t length = 0; length <= 40; ++length) {
    const std::string plain(length, 'x');
    const Json as_value = Json::array({plain});
    REQUIRE(text_of(as_value, false) == as_value.dump(2));
    for (std::size_t at = 0; at < length; ++at) {
      for (const char c : specials) {
        std::string s = plain;
        s[at] = c;
        const Json j = Json{{s, s}};
        CAPTURE(length, at, static_cast<int>(static_cast<unsigned char>(c)));
        REQUIRE(text_of(j, false) == j.dump(2, ' ', false, Json::error_handler_t::replace));
      }
    }
  }
}

TEST_CASE("JsonTextOut indents containers nested deeper than its quick indent", "[trace][json_out]") {
  Json j = Json{{"leaf", 1}};
  for (int depth = 0; depth < 70; ++depth) j = depth % 2 == 0 ? Json::array({j, depth}) : Json{{"k", j}, {"d", depth}};
  CHECK(text_of(j, false) == j.dump(2));
  CHECK(text_of(j, true) == j.dump(2));
}

TEST_CASE("JsonTreeOut builds the tree the events describe", "[trace][json_out]") {
  std::mt19937 rng(77);
  for (int i = 0; i < 300; ++i) {
    const Json j = random_json(rng, 0);
    JsonTreeOut tree;
    replay(j, tree);
    REQUIRE(tree.take() == j);
  }
}

namespace {

// A record that writes itself, for json_tree's two kinds of writer.
struct Replayed {
  const Json& j;
  void write(JsonOut& out) const { replay(j, out); }
};

}  // namespace

TEST_CASE("json_tree takes a callable or a writable and builds the same tree", "[trace][json_out]") {
  const Json rows[] = {Json::object(), Json::array(), Json(3), Json("s"), Json::parse(R"({"a":[1,{"b":null}],"c":"d"})")};
  for (const Json& j : rows) {
    CAPTURE(j.dump());
    CHECK(json_tree([&](JsonOut& out) { replay(j, out); }) == j);
    CHECK(json_tree(Replayed{j}) == j);
  }
}

TEST_CASE("JsonTextOut hands the sink pieces of at most 64 KiB, in order", "[trace][json_out]") {
  Json big = Json::array();
  for (int i = 0; i < 20000; ++i) big.push_back(Json{{"worker_name", "w-" + std::to_string(i)}, {"pass", i % 2 == 0}});
  std::string text;
  std::size_t largest = 0, pieces = 0;
  TextSink sink = [&](const char* d, std::size_t n) {
    text.append(d, n);
    largest = std::max(largest, n);
    ++pieces;
  };
  JsonTextOut out(sink);
  replay(big, out);
  out.raw("\n");
  out.flush();
  CHECK(text == big.dump(2) + "\n");
  CHECK(pieces > 1);
  CHECK(largest <= 64 * 1024);
}

}  // namespace placement
