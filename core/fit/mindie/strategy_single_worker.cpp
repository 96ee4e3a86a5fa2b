#include "fit/mindie/strategy_single_worker.h"

#include <cstdlib>

#include "fit/common/rejection_codes.h"
#include "scenario/errors.h"

namespace placement::mindie {

namespace {

// What the worker's cann devices could claim if every existing claim were released.
Bytes capacity_claims(const WorkerView& v, double fraction) {
  Bytes sum = 0;
  for (const auto& [index, d] : v.cann) {
    const Bytes claim = device_claim(*d, fraction);
    if (claim <= d->memory_total - v.worker->reserved_vram) sum += claim;
  }
  return sum;
}

}  // namespace

StrategyOutcome select_single_worker(const std::vector<WorkerView>& workers, const Request& request, const WalkRules& rules,
                                     StrategyRecord& record, MindieRejections& rejections) {
  StrategyOutcome out;
  const long long ws = rules.world;
  Bytes largest_vram = 0;
  long long satisfied_devices = 0, total_devices = 0;
  long long examined_gpus = 0;
  long long vram_short_gpus = 0;

  for (const WorkerView& v : workers) {
    const long long device_count = static_cast<long long>(v.cann.size());
    if (0 < ws && ws > device_count) {
      rejections.add(*v.worker, {}, kRejectGpuCount, DataFields{{"need", ws}, {"have", device_count}, {"unit", "cann devices"}});
      continue;
    }
    if (device_count == 0) {
      rejections.add(*v.worker, {}, kRejectNoGpus, DataFields{{"reason", "no cann devices"}});
      continue;
    }

    Candidate c;
    c.worker_id = v.worker->id;
    c.worker_name = v.worker->name;
    std::vector<int> indexes;
    std::vector<std::string> addresses;
    VramMap vram;
    std::vector<Shortfall> device_shortfalls;
    Bytes remain = request.vram;
    long long world_remain = ws;

    for (const GpuDevice* d : v.sorted) {
      if (world_remain == 0) break;  // explicit world size reached
      if (world_remain < 0 && remain <= 0) {
        // Automatic: stop once VRAM is covered at a tp-divisible count (or before any device).
        if (world_remain < -1) {
          if (rules.tp(std::llabs(world_remain + 1)).ok) break;
        } else {
          break;
        }
      }
      ++examined_gpus;
      // GPUStack reads the claim from its {index: cann device} map, which lacks other types.
      const GpuDevice* dev = v.cann_device(d->index);
      if (!dev)
        throw ReferenceError("fit",
                             "worker " + v.worker->name + " has a non-cann device (" + d->type + ":" + std::to_string(d->index) +
                                 ") in the single-worker walk: GPUStack raises KeyError",
                             DataFields{{"worker", v.worker->name}, {"gpu_index", d->index}, {"gpu_type", d->type}});
      const Bytes claim = device_claim(*dev, rules.fraction);
      if (claim > v.alloc_of(*d)) {
        device_shortfalls.push_back(vram_shortfall(v, *d, claim));
        ++vram_short_gpus;
        continue;
      }
      indexes.push_back(d->index);
      addresses.push_back(gpu_address(*d));
      vram.emplace_back(d->index, claim);
      c.gpu_type = d->type;
      remain -= claim;
      world_remain -= 1;
    }

    const Bytes covered = request.vram - remain;
    if (covered > largest_vram) {
      largest_vram = covered;
      satisfied_devices = ws - world_remain;
      total_devices = static_cast<long long>(v.sorted.size());
    }
    const long long picked = static_cast<long long>(indexes.size());
    if (world_remain > 0) {
      rejections.add(*v.worker, indexes, kRejectGpuCount, DataFields{{"need", ws}, {"have", picked}, {"unit", "fitting devices"}},
                     device_shortfalls);
      continue;
    }
    if (world_remain < -1) {
      TpCheck tp = rules.tp(std::llabs(world_remain + 1));
      if (!tp.ok) {
        rejections.add(*v.worker, indexes, kRejectTpNotDivisible, DataFields{{"n", tp.n}, {"quantity", tp.quantity}, {"value", tp.value}},
                       device_shortfalls);
        continue;
      }
    }
    if (remain > 0) {
      std::vector<Shortfall> sf = device_shortfalls;
      sf.push_back(Shortfall{"vram_total", std::nullopt, request.vram, covered, remain, capacity_claims(v, rules.fraction) >= request.vram});
      rejections.add(*v.worker, indexes, kRejectInsufficient, DataFields{}, std::move(sf));
      continue;
    }
    c.gpu_indexes = indexes;
    c.gpu_addresses = addresses;
    c.claim = mindie_claim(request.ram, vram);
    out.candidates.push_back(std::move(c));
  }

  record.set_examined(StrategyExamined{workers.size(), static_cast<std::uint64_t>(examined_gpus), 0, 0});
  record.set_candidates_found(out.candidates.size());
  record.extra("vram_short_gpus", vram_short_gpus);

  if (out.candidates.empty() && !rules.distributed) {
    const double gib = round_to_gib(static_cast<double>(largest_vram));
    const double effective = total_devices ? gib * rules.fraction * static_cast<double>(satisfied_devices) / static_cast<double>(total_devices) : 0.0;
    out.messages.push_back({"single_worker_largest",
                            DataFields{{"vram", largest_vram},
                                       {"vram_gib", gib},
                                       {"satisfied_gpus", satisfied_devices},
                                       {"total_gpus", total_devices},
                                       {"fraction", rules.fraction},
                                       {"effective_vram_gib", effective}}});
  }
  return out;
}

}  // namespace placement::mindie
