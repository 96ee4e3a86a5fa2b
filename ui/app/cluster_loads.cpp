#include "app/cluster_loads.h"

#include <exception>
#include <functional>

#include "app/format.h"
#include "imgui.h"

namespace placement::ui {

namespace {

ImU32 model_colour(const Json& model_id) {
  static const ImU32 palette[] = {IM_COL32(86, 140, 230, 255), IM_COL32(220, 140, 60, 255), IM_COL32(170, 100, 210, 255),
                                  IM_COL32(80, 190, 190, 255), IM_COL32(210, 90, 140, 255), IM_COL32(160, 170, 70, 255)};
  const std::size_t h = std::hash<std::string>{}(model_id.dump());
  return palette[h % (sizeof palette / sizeof palette[0])];
}

void add_claim(WorkerLoad& load, const Json& claim, ImU32 colour, const std::string& who) {
  if (!claim.is_object()) return;
  const Json& vram = member(claim, "vram", json_null());
  if (vram.is_object())
    for (auto it = vram.begin(); it != vram.end(); ++it) {
      int index = 0;
      try {
        index = std::stoi(it.key());
      } catch (const std::exception&) {
        continue;
      }
      load.vram[index].push_back(ClaimSegment{number_or(it.value()), colour, who});
    }
  const Json& ram = member(claim, "ram", json_null());
  if (ram.is_number() && ram.get<double>() > 0) load.ram.push_back(ClaimSegment{ram.get<double>(), colour, who});
}

}  // namespace

std::map<std::string, WorkerLoad> existing_loads(const Json& scenario) {
  std::map<std::string, WorkerLoad> out;
  for (const auto& inst : member(scenario, "model_instances", json_array())) {
    const ImU32 colour = model_colour(member(inst, "model_id", json_null()));
    const std::string who = value_text("", member(inst, "name", json_null()));
    add_claim(out[member(inst, "worker_id", json_null()).dump()], member(inst, "computed_resource_claim", json_null()), colour, who);
    const Json& ds = member(inst, "distributed_servers", json_null());
    if (ds.is_object() && ds.contains("subordinate_workers") && ds["subordinate_workers"].is_array())
      for (const auto& sub : ds["subordinate_workers"])
        add_claim(out[member(sub, "worker_id", json_null()).dump()], member(sub, "computed_resource_claim", json_null()), colour, who);
  }
  return out;
}

std::map<std::string, WorkerLoad> candidate_loads(const Json& candidate) {
  std::map<std::string, WorkerLoad> out;
  if (!candidate.is_object()) return out;
  const ImU32 colour = IM_COL32(90, 230, 120, 150);
  add_claim(out[candidate.value("worker_name", std::string())], member(candidate, "computed_resource_claim", json_null()), colour, "candidate");
  const Json& subs = member(candidate, "subordinate_workers", json_null());
  if (subs.is_array())
    for (const auto& s : subs) add_claim(out[s.value("worker_name", std::string())], member(s, "computed_resource_claim", json_null()), colour, "candidate");
  return out;
}

namespace {
void mark(WorkerLoad& load, const Json& placement, std::uint32_t colour, const std::string& who) {
  const Json& gpus = member(placement, "gpu_indexes", json_null());
  if (gpus.is_array())
    for (const auto& g : gpus)
      if (g.is_number_integer()) load.marked.insert(g.get<int>());
  add_claim(load, member(placement, "computed_resource_claim", json_null()), colour, who);
}
}  // namespace

std::map<std::string, WorkerLoad> preview_loads(const Json& placements) {
  std::map<std::string, WorkerLoad> out;
  if (!placements.is_array()) return out;
  const ImU32 colour = IM_COL32(80, 200, 255, 160);
  int n = 0;
  for (const auto& p : placements) {
    const std::string who = "what-if replica " + std::to_string(++n);
    mark(out[p.value("worker_name", std::string())], p, colour, who);
    const Json& subs = member(p, "subordinate_workers", json_null());
    if (subs.is_array())
      for (const auto& s : subs) mark(out[s.value("worker_name", std::string())], s, colour, who);
  }
  return out;
}

}  // namespace placement::ui
