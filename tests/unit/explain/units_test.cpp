// One formatter for the CLI's explanations and the explorer's panels (explain/units.h): a value
// reads the same on both screens.
#include <catch2/catch.hpp>

#include "explain/units.h"

using namespace placement;
using namespace placement::explain;

TEST_CASE("byte fields are named by the records' memory keys and suffixes", "[explain][units]") {
  struct Row {
    const char* key;
    bool bytes;
  };
  const Row rows[] = {
      {"vram", true},          {"ram", true},          {"need", true},         {"have", true},
      {"short", true},         {"alloc", true},        {"allocatable", true},  {"total", true},
      {"claim", true},         {"bytes", true},        {"reserved", true},     {"estimate", true},
      {"sum", true},           {"vram_sum", true},     {"ram_need", true},     {"layer_vram", true},
      {"rpc_layer_vram", true}, {"largest_alloc", true}, {"worker_ram", true},  {"used_alloc", true},
      {"gpu_vram", true},      {"weights_bytes", true}, {"nbytes", true},      {"layers", false},
      {"offload_layers", false}, {"gpu_index", false}, {"count", false},       {"u", false},
      {"_vram", false},        {"_ram", false},        {"vram_utilization", false}, {"selected_alloc_gib", false},
      {"", false},
  };
  for (const Row& r : rows) {
    INFO(r.key);
    CHECK(is_byte_field(r.key) == r.bytes);
  }
}

TEST_CASE("values read as GiB, fixed decimals or as they are", "[explain][units]") {
  struct Row {
    const char* key;
    Json value;
    const char* text;
  };
  const Row rows[] = {
      {"vram", Json(24051572736LL), "22.40 GiB"},
      {"worker_ram", Json(202937204736LL), "189.00 GiB"},
      {"short", Json(-(1LL << 30)), "-1.00 GiB"},
      {"vram", Json(1LL << 20), "0.00 GiB"},          // 1 MiB is where GiB starts
      {"vram", Json((1LL << 20) - 1), "1048575"},     // below it, bytes as they are
      {"layers", Json(81), "81"},
      {"total", Json(33), "33"},                       // a small total is a count
      {"u", Json(0.9), "0.9000"},
      {"vram", Json(0.5), "0.5000"},                   // a fraction is no byte count
      {"gpu_index", Json(nullptr), "-"},
      {"worker_name", Json("w1"), "w1"},
      {"overcommit", Json(false), "false"},
      {"gpu_indexes", Json::array({0, 1}), "[0,1]"},
  };
  for (const Row& r : rows) {
    INFO(r.key << " " << r.value.dump());
    CHECK(value_text(r.key, r.value) == r.text);
  }
}

TEST_CASE("gib and fixed print the same digits everywhere", "[explain][units]") {
  CHECK(gib(0) == "0.00 GiB");
  CHECK(gib(kBytesPerGiB * 80) == "80.00 GiB");
  CHECK(gib(85520809984.0) == "79.65 GiB");
  CHECK(fixed(57.925, 2) == "57.92");  // printf rounding of the binary value, as before
  CHECK(fixed(1.0 / 3) == "0.3333");
  CHECK(fixed(0.765, 3) == "0.765");
}

TEST_CASE("a record's data reads as key value pairs, bulky members left out", "[explain][units]") {
  const Json data = Json{{"need", 24051572736LL},
                         {"gpu_index", 0},
                         {"detail", Json::object({{"x", 1}})},
                         {"list", Json::array({1, 2, 3, 4, 5, 6, 7, 8, 9})},
                         {"short_list", Json::array({1, 2})}};
  CHECK(data_text(data) == "need 22.40 GiB, gpu_index 0, short_list [1,2]");
  CHECK(data_text(Json::object()) == "");
  CHECK(data_text(Json(3)) == "");
}
