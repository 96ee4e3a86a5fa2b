// The backend framework filter's own record members (scheduler-rules.md §2 F5, §6.2): one row per
// shape, written into an open record, null where a value is absent.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "filters/backend_record_members.h"
#include "trace/trace_test_support.h"

using namespace placement;
using namespace placement::filters;

namespace {

BackendRecordMembers applied(std::optional<std::string> pin, std::optional<AllDroppedNote> note) {
  BackendRecordMembers m;
  m.backend = "vLLM";
  m.rows = "scenario";
  m.backend_version = std::move(pin);
  m.runner_release = "runner 1";
  m.all_dropped = std::move(note);
  return m;
}

AllDroppedNote pinned_note() {
  return AllDroppedNote{"pinned_version", "backend_version", "9.9", "vLLM", "no such version",
                        {PassingValue{std::nullopt, "no pin: keeps 2 of 2 workers here"}, PassingValue{"0.8.5", "keeps 1 of 2 workers here"}}};
}

}  // namespace

TEST_CASE("backend framework record members: one row per shape", "[filters][trace]") {
  BackendRecordMembers custom;
  custom.backend = "Custom";
  struct Row {
    const char* name;
    BackendRecordMembers members;
    std::string text;  // compact JSON of the members in an object
  };
  const std::vector<Row> rows = {
      {"not applied (Custom): rows null, nothing after", custom, R"({"backend":"Custom","rows":null})"},
      {"applied, no pin, nobody dropped", applied(std::nullopt, std::nullopt),
       R"({"backend":"vLLM","rows":"scenario","backend_version":null,"runner_release":"runner 1"})"},
      {"applied, every worker dropped by the pin", applied("9.9", pinned_note()),
       R"({"backend":"vLLM","rows":"scenario","backend_version":"9.9","runner_release":"runner 1","all_dropped":)"
       R"({"cause":"pinned_version","field":"backend_version","value":"9.9","backend":"vLLM","why":"no such version",)"
       R"("pass_with":[{"value":null,"why":"no pin: keeps 2 of 2 workers here"},{"value":"0.8.5","why":"keeps 1 of 2 workers here"}]}})"},
      {"unknown backend name, model backend null",
       applied(std::nullopt, AllDroppedNote{"gguf_null_backend", "backend", std::nullopt, "Custom", "w", {}}),
       R"({"backend":"vLLM","rows":"scenario","backend_version":null,"runner_release":"runner 1","all_dropped":)"
       R"({"cause":"gguf_null_backend","field":"backend","value":null,"backend":"Custom","why":"w","pass_with":[]}})"},
  };
  for (const Row& row : rows) {
    SECTION(row.name) {
      auto in_object = [&](JsonOut& out) {
        out.begin_object();
        row.members.write(out);
        out.end_object();
      };
      const Json j = json_tree(in_object);
      CHECK(j.dump() == row.text);
      CHECK(testing::text_of(in_object) == j.dump(2));
    }
  }
}
