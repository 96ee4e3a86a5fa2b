// Result texts are always valid JSON: an input error quotes the input, and the quote may hold (or
// cut into) invalid UTF-8. Found by scenario_fuzz (a key with a stray byte made the answer throw).
#include <catch2/catch.hpp>

#include "scheduler.h"

using namespace placement;

TEST_CASE("an error quoting invalid UTF-8 is still a JSON answer", "[result]") {
  const std::string bad_key = std::string("{\"workers\": [], \"model_fil") + char(0xE9) + "s\": []}";
  const std::string bad_value = std::string("{\"workers\": [{\"id\": 1, \"name\": \"w") + char(0xFF) + "\"}]}";
  for (const std::string& text : {bad_key, bad_value}) {
    for (const std::string& out : {schedule_json(text), scale_down_json(text)}) {
      REQUIRE(!out.empty());
      CHECK(out.back() == '\n');
      const Json doc = Json::parse(out);  // throws if the answer is not valid JSON
      REQUIRE(doc.contains("error"));
      CHECK(doc["error"]["pointer"] == "");  // the whole document (JSON Pointer of the root)
      CHECK(doc["error"]["message"].get<std::string>().find("UTF-8") != std::string::npos);
    }
  }
}

TEST_CASE("a number beyond double's range is bad input, not a crash", "[result]") {
  const Json doc = Json::parse(schedule_json("{\"workers\": [], \"x\": 1e999}"));
  REQUIRE(doc.contains("error"));
  CHECK(doc["error"]["message"].get<std::string>().find("invalid JSON") != std::string::npos);
}
