// The JSON view `placement gguf --json` prints has the shape of the fixtures' reference parses:
// for every key the reference has, ours holds the same value (arrays: our kept items begin with
// the reference's first items).
#include <catch2/catch.hpp>

#include <fstream>

#include "gguf/gguf_json.h"
#include "gguf_test_support.h"

using placement::Json;
using namespace placement::gguf;

namespace {

void check_subset(const Json& ref, const Json& ours, const std::string& where) {
  INFO(where);
  if (ref.is_object()) {
    REQUIRE(ours.is_object());
    for (const auto& [k, v] : ref.items()) {
      if (k == "source" || k == "sha256") continue;  // about the reference run, not the file
      if (k == "first") {
        REQUIRE(ours.contains("first"));
        REQUIRE(ours["first"].size() >= v.size());
        for (std::size_t i = 0; i < v.size(); ++i) check_subset(v[i], ours["first"][i], where + "/first/" + std::to_string(i));
        continue;
      }
      REQUIRE(ours.contains(k));
      check_subset(v, ours[k], where + "/" + k);
    }
  } else if (ref.is_array()) {
    REQUIRE(ours.is_array());
    REQUIRE(ours.size() == ref.size());
    for (std::size_t i = 0; i < ref.size(); ++i) check_subset(ref[i], ours[i], where + "/" + std::to_string(i));
  } else if (ref.is_number_float() || ours.is_number_float()) {
    CHECK(ref.get<double>() == ours.get<double>());
  } else {
    CHECK(ref == ours);
  }
}

}  // namespace

TEST_CASE("gguf json: the file view matches the reference parses", "[gguf][json]") {
  for (const char* name : {"format-v1", "format-v3-be", "format-aligned-infos", "llama-2-tiny-random"}) {
    SECTION(name) {
      std::ifstream in(gguf_test::data_path(std::string("real/") + name + ".json"));
      Json ref = Json::parse(in);
      GgufFile f = gguf_test::parse_all(gguf_test::read_bytes(gguf_test::data_path(std::string("real/") + name + ".gguf")));
      f.file_name = ref["file"].get<std::string>();
      check_subset(ref, gguf_file_to_json(f), name);
    }
  }
}

TEST_CASE("gguf json: the model summary merges the shards", "[gguf][json]") {
  std::vector<GgufFile> shards;
  for (int k = 1; k <= 3; ++k)
    shards.push_back(gguf_test::parse_all(gguf_test::read_bytes(
        gguf_test::data_path("models/qwen2.5-7b-instruct-q8_0-0000" + std::to_string(k) + "-of-00003.gguf"))));
  Json s = gguf_model_summary_json(shards);
  CHECK(s["architecture"] == "qwen2");
  CHECK(s["shards"] == 3);
  CHECK(s["tensor_count"] == 339);
  CHECK(s["parameter_count"] == 7615616512ull);
  CHECK(s["header_bytes"] == 5949376);
  CHECK(s["model_size"] == 8092571648ull);
  CHECK(s["file_type_name"] == "Q8_0");
  REQUIRE(s["tensor_types"].size() == 2);
  CHECK(s["tensor_types"][0]["type"] == "F32");
  CHECK(s["tensor_types"][1]["count"] == 198);
}

TEST_CASE("gguf json: strings that are not UTF-8 still print", "[gguf][json]") {
  gguf_test::Writer w;
  w.header(0, 1).kv_str("general.name", std::string("\xff\xfe bad", 6));
  GgufFile f = gguf_test::parse_all(w.bytes);
  std::string text = gguf_file_to_json(f).dump(-1, ' ', false, Json::error_handler_t::replace);
  CHECK(text.find("bad") != std::string::npos);
}
