// Small builders shared by the scorer tests: scenarios from JSON literals through the loader,
// and the acceptance cases as data.
#pragma once

#include <filesystem>
#include <sstream>
#include <string>

#include "scenario/scenario_loader.h"
#include "trace/json_out.h"
#include "test_files.h"

namespace placement::test {

inline Scenario scenario_from(const std::string& json) { return load_scenario(Json::parse(json)); }

// A worker JSON object: `gpus` is a JSON array of {index, type, memory:{total}} (may be "[]").
inline std::string worker_json(long long id, const std::string& name, long long ram, const std::string& gpus,
                               const std::string& state = "ready", bool uma = false) {
  std::ostringstream out;
  out << R"({"id": )" << id << R"(, "name": ")" << name << R"(", "state": ")" << state
      << R"(", "status": {"memory": {"total": )" << ram << R"(, "is_unified_memory": )" << (uma ? "true" : "false")
      << R"(}, "gpu_devices": )" << gpus << "}}";
  return out.str();
}

inline std::string gpu_json(int index, long long total, const std::string& type = "cuda") {
  return R"({"index": )" + std::to_string(index) + R"(, "type": ")" + type + R"(", "memory": {"total": )" +
         std::to_string(total) + "}}";
}

inline Json read_case(const std::string& file) {
  const std::filesystem::path path = std::filesystem::path(PE_TEST_DATA_DIR) / "cases/gpustack" / file;
  if (!std::filesystem::exists(path)) throw std::runtime_error("missing acceptance case " + file);
  return Json::parse(testing::read_file(path));
}

// The members a typed score item writes into an open record, as one object.
template <class Item>
Json members_json(const Item& item) {
  return json_tree([&](JsonOut& out) {
    out.begin_object();
    item.write(out);
    out.end_object();
  });
}

}  // namespace placement::test
