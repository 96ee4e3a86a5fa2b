#include "app/cluster_loads.h"

#include <functional>
#include <optional>

#include "app/format.h"
#include "imgui.h"
#include "scenario/errors.h"
#include "scenario/scenario_loader.h"

namespace placement::ui {

namespace {

// One colour per model, the same for the same model id in every session.
ImU32 model_colour(const std::optional<std::int64_t>& model_id) {
  static const ImU32 palette[] = {IM_COL32(86, 140, 230, 255), IM_COL32(220, 140, 60, 255), IM_COL32(170, 100, 210, 255),
                                  IM_COL32(80, 190, 190, 255), IM_COL32(210, 90, 140, 255), IM_COL32(160, 170, 70, 255)};
  const std::size_t h = std::hash<std::string>{}(model_id ? std::to_string(*model_id) : std::string("null"));
  return palette[h % (sizeof palette / sizeof palette[0])];
}

void add_claim(WorkerLoad& load, const ResourceClaim& claim, ImU32 colour, const std::string& who) {
  for (const auto& [index, bytes] : claim.vram) load.vram[index].push_back(ClaimSegment{double(bytes), colour, who});
  if (claim.ram && *claim.ram > 0) load.ram.push_back(ClaimSegment{double(*claim.ram), colour, who});
}

void add_claim(WorkerLoad& load, const std::optional<ResourceClaim>& claim, ImU32 colour, const std::string& who) {
  if (claim) add_claim(load, *claim, colour, who);
}

}  // namespace

std::map<std::int64_t, WorkerLoad> existing_loads(const Scenario& scenario) {
  std::map<std::int64_t, WorkerLoad> out;
  for (const ModelInstance& inst : scenario.model_instances) {
    const ImU32 colour = model_colour(inst.model_id);
    if (inst.worker_id) add_claim(out[*inst.worker_id], inst.claim, colour, inst.name);
    for (const SubordinateWorker& sub : inst.subordinate_workers)
      if (sub.worker_id) add_claim(out[*sub.worker_id], sub.claim, colour, inst.name);
  }
  return out;
}

std::map<std::string, WorkerLoad> candidate_loads(const Candidate& candidate) {
  std::map<std::string, WorkerLoad> out;
  const ImU32 colour = IM_COL32(90, 230, 120, 150);
  add_claim(out[candidate.worker_name], candidate.claim, colour, "candidate");
  for (const SubordinateWorker& s : candidate.subordinate_workers) add_claim(out[s.worker_name], s.claim, colour, "candidate");
  return out;
}

namespace {

// A placement's claim, as the loader reads one; none when it has no claim the loader takes.
std::optional<ResourceClaim> claim_of(const Json& placement) {
  const Json& claim = member(placement, "computed_resource_claim", json_null());
  if (!claim.is_object()) return std::nullopt;
  try {
    return load_claim(claim, "/computed_resource_claim");
  } catch (const InputError&) {
    return std::nullopt;
  }
}

void mark(WorkerLoad& load, const Json& placement, std::uint32_t colour, const std::string& who) {
  const Json& gpus = member(placement, "gpu_indexes", json_null());
  if (gpus.is_array())
    for (const auto& g : gpus)
      if (g.is_number_integer()) load.marked.insert(g.get<int>());
  add_claim(load, claim_of(placement), colour, who);
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
