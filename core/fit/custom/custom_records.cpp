#include "fit/custom/custom_paths.h"

namespace placement::custom {

Json& begin_strategy(Trace& trace, const std::string& strategy) {
  Json& rec = trace.add_strategy(kSelector, strategy, "tried");
  rec["skip"] = nullptr;
  rec["candidates_found"] = 0;
  rec["examined"] = Json{{"workers", 0}, {"gpus", 0}, {"combinations", 0}, {"queries", 0}};
  rec["rejections"] = Json::array();
  rec["not_examined"] = Json::array();
  rec["caps"] = Json::array();
  rec["quirks"] = Json::array();
  return rec;
}

void skip_strategy(Trace& trace, const std::string& strategy, const std::string& code, Json data) {
  Json& rec = begin_strategy(trace, strategy);
  rec["status"] = "skipped";
  rec["skip"] = Json{{"code", code}, {"data", std::move(data)}};
}

void not_reached(Trace& trace, const std::string& strategy) {
  Json& rec = begin_strategy(trace, strategy);
  rec["status"] = "not_reached";
}

Json subject(const Worker& w, std::optional<std::vector<int>> gpu_indexes) {
  return Json{{"worker_id", w.id},
              {"worker_name", w.name},
              {"gpu_indexes", gpu_indexes ? Json(*gpu_indexes) : Json(nullptr)},
              {"rpc", Json::array()}};
}

Json shortfall(const std::string& dim, std::optional<int> gpu_index, Bytes need, Bytes have, bool freeable) {
  Json s{{"dim", dim}};
  if (gpu_index) s["gpu_index"] = *gpu_index;
  s["need"] = need;
  s["have"] = have;
  s["short"] = need - have;
  s["freeable"] = freeable;
  return s;
}

std::vector<int> gpu_indexes_of_type(const Worker& w, const std::string& type) {
  std::vector<int> out;
  for (const GpuDevice& g : w.gpus)
    if (g.type == type) out.push_back(g.index);
  return out;
}

Bytes releasable_ram(const Worker& w, const Allocatable& a) {
  return a.allocated_ram + (w.is_unified_memory ? vram_sum(a.allocated_vram) : 0);
}

Candidate gpu_candidate(const Worker& w, const std::string& type, std::vector<int> indexes, VramMap vram, Bytes ram) {
  Candidate c;
  c.worker_id = w.id;
  c.worker_name = w.name;
  c.gpu_type = type;
  c.gpu_indexes = std::move(indexes);
  c.claim.ram = ram;
  c.claim.vram = std::move(vram);
  c.claim.vram_present = true;
  c.claim.is_unified_memory = false;  // GPUStack's claim default; Custom never sets it
  return c;
}

}  // namespace placement::custom
