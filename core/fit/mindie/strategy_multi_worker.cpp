#include "fit/mindie/strategy_multi_worker.h"

#include <algorithm>
#include <cstdlib>
#include <map>

#include "fit/mindie/attempt_record.h"

namespace placement::mindie {

namespace {

struct EligibleDevice {
  const GpuDevice* device = nullptr;
  Bytes claim = 0;
};

// Which of a worker's devices a multi-worker walk can take, in walk order. Eligibility does not
// depend on the local size: a worker with local size L takes its first L eligible devices.
struct Eligibility {
  std::vector<EligibleDevice> devices;
  std::vector<Shortfall> vram_shortfalls;
  std::vector<int> nic_down;
  std::vector<int> not_cann;
};

Eligibility eligibility(const WorkerView& v, double fraction) {
  Eligibility e;
  for (const GpuDevice* d : v.sorted) {
    if (d->type != "cann") {
      e.not_cann.push_back(d->index);
      continue;
    }
    const Bytes claim = device_claim(*v.cann_device(d->index), fraction);
    if (claim > v.alloc_of(*d)) {
      e.vram_shortfalls.push_back(vram_shortfall(v, *d, claim));
      continue;
    }
    if (!nic_ready(*d)) {
      e.nic_down.push_back(d->index);
      continue;
    }
    e.devices.push_back({d, claim});
  }
  return e;
}

bool power_of_two(long long v) { return (v & (v - 1)) == 0; }

using Group = std::pair<long long, std::vector<const WorkerView*>>;

// Groups by device count (first-seen order), then, when there are several, largest count first,
// each group extended by the (already extended) next-larger one.
std::vector<Group> device_count_groups(const std::vector<WorkerView>& workers) {
  std::vector<Group> groups;
  for (const WorkerView& v : workers) {
    const long long n = static_cast<long long>(v.sorted.size());
    auto it = std::find_if(groups.begin(), groups.end(), [&](const Group& g) { return g.first == n; });
    if (it == groups.end()) groups.push_back({n, {&v}});
    else it->second.push_back(&v);
  }
  if (groups.size() > 1) {
    std::stable_sort(groups.begin(), groups.end(), [](const Group& a, const Group& b) { return a.first > b.first; });
    for (std::size_t i = 0; i + 1 < groups.size(); ++i)
      groups[i + 1].second.insert(groups[i + 1].second.end(), groups[i].second.begin(), groups[i].second.end());
  }
  return groups;
}

std::vector<long long> local_sizes(long long device_count, const WalkRules& rules) {
  std::vector<long long> sizes;
  if (rules.local > 0) {
    sizes.push_back(rules.local);
  } else if (rules.local < 0) {
    long long l = rules.world < 0 ? device_count : std::min(device_count, rules.world);
    for (; l > 1; --l)
      if (power_of_two(l) && rules.tp(l).ok) sizes.push_back(l);
    sizes.push_back(1);
    std::reverse(sizes.begin(), sizes.end());
  }
  return sizes;
}

std::vector<std::string> names_of(const std::vector<const WorkerView*>& ws) {
  std::vector<std::string> n;
  for (const WorkerView* v : ws) n.push_back(v->worker->name);
  return n;
}

}  // namespace

StrategyOutcome select_multi_worker(const std::vector<WorkerView>& workers, const Request& request, const WalkRules& rules,
                                    StrategyRecord& record, MindieRejections& rejections) {
  StrategyOutcome out;
  const long long ws = rules.world;

  std::vector<Eligibility> elig;
  elig.reserve(workers.size());
  for (const WorkerView& v : workers) elig.push_back(eligibility(v, rules.fraction));
  auto elig_of = [&](const WorkerView* v) -> const Eligibility& { return elig[static_cast<std::size_t>(v - workers.data())]; };

  // The best partial walk, for GPUStack's "optimal combination" message.
  Bytes largest_vram = 0;
  std::vector<const WorkerView*> best_combination;
  long long best_group_size = 0, best_device_count = 0;

  std::vector<bool> ever_joined(workers.size(), false);
  std::vector<long long> smallest_local(workers.size(), 0);
  auto attempts = std::make_shared<MindieAttempts>();

  for (const auto& [device_count, group] : device_count_groups(workers)) {
    MindieAttempt base;
    base.device_count = device_count;
    base.group = names_of(group);
    if (group.size() < 2) {
      base.outcome = "too_few_workers";
      attempts->list.push_back(std::move(base));
      continue;
    }
    const long long group_size = static_cast<long long>(group.size());
    if ((0 < ws && ws > device_count * group_size) || (0 < rules.local && rules.local > device_count)) {
      base.outcome = "too_few_gpus";
      base.too_few_gpus = AttemptTooFewGpus{ws, rules.local, device_count * group_size};
      attempts->list.push_back(std::move(base));
      continue;
    }
    for (long long local : local_sizes(device_count, rules)) {
      Candidate main;
      bool have_main = false;
      std::vector<const WorkerView*> joined;
      Bytes group_remain = request.vram;
      long long world_remain = ws;

      for (const WorkerView* v : group) {
        if (world_remain == 0) break;  // explicit world size reached
        const std::size_t wi = static_cast<std::size_t>(v - workers.data());
        if (smallest_local[wi] == 0 || local < smallest_local[wi]) smallest_local[wi] = local;
        const Eligibility& e = elig_of(v);
        if (static_cast<long long>(e.devices.size()) < local) continue;  // cannot provide `local` devices

        std::vector<int> indexes;
        std::vector<std::string> addresses;
        VramMap vram;
        Bytes worker_remain = group_remain;
        for (long long k = 0; k < local; ++k) {
          const EligibleDevice& d = e.devices[static_cast<std::size_t>(k)];
          indexes.push_back(d.device->index);
          addresses.push_back(*d.device->network_inet);
          vram.emplace_back(d.device->index, d.claim);
          worker_remain -= d.claim;
        }
        if (!have_main) {
          main = Candidate{};
          main.worker_id = v->worker->id;
          main.worker_name = v->worker->name;
          main.gpu_type = local > 0 ? std::optional<std::string>(e.devices.front().device->type) : std::nullopt;
          main.gpu_indexes = indexes;
          main.gpu_addresses = addresses;
          main.claim = mindie_claim(request.ram, vram);
          have_main = true;
        } else {
          SubordinateWorker s;
          s.worker_id = v->worker->id;
          s.worker_name = v->worker->name;
          s.gpu_indexes = indexes;
          s.gpu_addresses = addresses;
          s.claim = mindie_claim(request.ram, vram);
          main.subordinate_workers.push_back(std::move(s));
        }
        group_remain = worker_remain;
        world_remain -= local;
        joined.push_back(v);
        ever_joined[wi] = true;
      }

      const Bytes covered = request.vram - group_remain;
      if (covered > largest_vram) {
        largest_vram = covered;
        best_combination = joined;
        best_group_size = group_size;
        best_device_count = device_count;
      }
      MindieAttempt attempt = base;
      attempt.walk = AttemptWalk{local, names_of(joined), covered, world_remain};
      if (world_remain > 0) {
        attempt.outcome = "world_not_met";
      } else if (world_remain < -1 && !rules.tp(std::llabs(world_remain + 1)).ok) {
        attempt.outcome = "tp_not_divisible";
        attempt.tp_not_divisible = rules.tp(std::llabs(world_remain + 1));
      } else if (group_remain > 0) {
        attempt.outcome = "vram_short";
        attempt.vram_short = AttemptVramShort{request.vram, covered, group_remain};
      } else if (!have_main || main.subordinate_workers.empty()) {
        attempt.outcome = "no_subordinate";
      } else {
        attempt.outcome = "accepted";
        out.candidates.push_back(std::move(main));
      }
      attempts->list.push_back(std::move(attempt));
    }
  }

  // Workers that never joined any walk, with what kept them out.
  for (std::size_t i = 0; i < workers.size(); ++i) {
    if (ever_joined[i] || smallest_local[i] == 0) continue;
    const WorkerView& v = workers[i];
    const Eligibility& e = elig[i];
    std::vector<int> eligible;
    for (const auto& d : e.devices) eligible.push_back(d.device->index);
    const char* code = !e.nic_down.empty() ? kRejectNicDown : !e.vram_shortfalls.empty() ? kRejectInsufficient : kRejectGpuCount;
    rejections.add(*v.worker, eligible, code,
                   DataFields{{"eligible_gpus", eligible.size()},
                              {"needed_gpus", smallest_local[i]},
                              {"nic_down", index_values(e.nic_down)},
                              {"not_cann", index_values(e.not_cann)}},
                   e.vram_shortfalls);
  }

  long long gpus = 0;
  for (const WorkerView& v : workers) gpus += static_cast<long long>(v.sorted.size());
  record.set_examined(StrategyExamined{workers.size(), static_cast<std::uint64_t>(gpus), attempts->list.size(), 0});
  record.list("attempts", std::move(attempts));
  record.set_candidates_found(out.candidates.size());
  long long nic_down = 0;
  for (const auto& e : elig) nic_down += static_cast<long long>(e.nic_down.size());
  record.extra("nic_down_gpus", nic_down);

  if (out.candidates.empty()) {
    std::vector<std::string> names = names_of(best_combination);
    const long long left_out = best_group_size - static_cast<long long>(best_combination.size());
    out.messages.push_back({"multi_worker_best",
                            DataFields{{"workers", names},
                                       {"count", names.size()},
                                       {"vram", largest_vram},
                                       {"vram_gib", round_to_gib(static_cast<double>(largest_vram))},
                                       {"left_out", left_out},
                                       {"devices_per_worker", best_device_count}}});
    out.messages.push_back({"multi_worker_advice", DataFields{}});
  }
  return out;
}

}  // namespace placement::mindie
