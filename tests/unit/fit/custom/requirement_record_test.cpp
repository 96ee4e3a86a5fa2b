// The custom backend's requirement record: its members, in order, inside the trace's requirement.
#include <catch2/catch.hpp>

#include "fit/custom/requirement_record.h"

namespace placement::custom {

TEST_CASE("custom requirement record: members in order, model facts after them", "[custom]") {
  struct Row {
    CustomRequest request;
    const char* json;
  };
  const std::vector<Row> rows{
      {{20, 2, "env"}, R"j({"selector":"custom","vram":20,"ram":2,"vram_source":"env","ram_rule":"max(int(vram * 0.1), 2 GiB)"})j"},
      {{0, 0, "weights_bytes"},
       R"j({"selector":"custom","vram":0,"ram":0,"vram_source":"weights_bytes","ram_rule":"max(int(vram * 0.1), 2 GiB)"})j"},
  };
  for (const Row& r : rows) {
    CAPTURE(r.json);
    Trace t;
    t.set_requirement(std::make_shared<CustomRequirement>(r.request));
    JsonTreeOut tree;
    REQUIRE(t.write_section("requirement", tree));
    CHECK(tree.take().dump() == r.json);
    t.set_model_facts(Json{{"source", "scenario"}});
    std::string with_facts = r.json;
    with_facts.insert(with_facts.size() - 1, R"(,"model_facts":{"source":"scenario"})");
    CHECK(t.root()["requirement"].dump() == with_facts);
  }
}

}  // namespace placement::custom
