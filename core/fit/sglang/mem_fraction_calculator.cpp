#include "fit/sglang/mem_fraction_calculator.h"

#include <algorithm>

#include "fit/sglang/checked_allocatable.h"
#include "fit/sglang/python_numbers.h"
#include "scenario/errors.h"
#include "share/ascii_case.h"

namespace placement {

namespace {

bool is_npu(const MemFractionInputs& in) {
  if (in.gpu_type && *in.gpu_type == "cann") return true;
  for (const Worker* w : in.workers)
    for (const GpuDevice& g : w->gpus)
      if (share::ascii_iequals(g.vendor, "ascend") || share::ascii_iequals(g.type, "cann")) return true;
  return false;
}

// GPUStack's sort_gpu_indexes_by_allocatable_rate: alloc/total per index (0 for another type),
// highest first, stable; a repeated index keeps its first position and its last rate.
std::vector<int> indexes_by_allocatable_rate(const Worker& w, const Allocatable& a, const GpuType& type) {
  std::vector<std::pair<int, double>> rates;
  for (const GpuDevice& g : w.gpus) {
    double rate = 0;
    if (g.memory_total != 0 && (!type || g.type == *type))
      rate = static_cast<double>(a.gpu_or_zero(g.index)) / static_cast<double>(g.memory_total);
    auto it = std::find_if(rates.begin(), rates.end(), [&](const auto& e) { return e.first == g.index; });
    if (it == rates.end()) rates.push_back({g.index, rate});
    else it->second = rate;
  }
  std::stable_sort(rates.begin(), rates.end(), [](const auto& x, const auto& y) { return x.second > y.second; });
  std::vector<int> out;
  for (const auto& [index, rate] : rates) out.push_back(index);
  return out;
}

bool contains(const std::vector<int>& v, int x) { return std::find(v.begin(), v.end(), x) != v.end(); }

// GPUStack's _get_min_gpu_sum: the smallest total among the GPUs that count for this type.
Bytes min_gpu_total(const MemFractionInputs& in, const SelectedByWorker* selected_of_type, CountedGpus& counted) {
  std::optional<Bytes> smallest;
  for (const Worker* w : in.workers) {
    if (w->gpus.empty()) continue;
    std::optional<std::vector<int>> selected;
    if (in.gpu_selector_present) {
      if (selected_of_type)
        if (const auto* s = selection_of_worker(*selected_of_type, w->name)) selected = *s;
      if (in.gpus_per_replica) {
        Allocatable a = checked_allocatable(*in.allocation, *w, in.gpu_type);
        std::vector<int> ranked = indexes_by_allocatable_rate(*w, a, in.gpu_type);
        if (!selected)
          throw ReferenceError(
              "fit",
              "GPUStack's SGLang mem-fraction calculator fails for GPU type " + type_label(in.gpu_type) + ": worker " + w->name +
                  " is in that type's group but none of its GPUs of that type is selected, and gpus_per_replica is set "
                  "(TypeError: argument of type 'NoneType' is not iterable)",
              DataFields{{"worker", w->name}, {"gpu_type", in.gpu_type}, {"gpus_per_replica", *in.gpus_per_replica}});
        std::vector<int> top;
        for (int idx : ranked)
          if (contains(*selected, idx)) top.push_back(idx);
        if (top.size() > static_cast<std::size_t>(*in.gpus_per_replica)) top.resize(static_cast<std::size_t>(*in.gpus_per_replica));
        selected = top;
      }
    }
    for (const GpuDevice& g : w->gpus) {
      if (selected && !contains(*selected, g.index)) continue;
      counted.rows.push_back(CountedGpu{w->name, g.index, g.type, g.memory_total});
      if (!smallest || g.memory_total < *smallest) smallest = g.memory_total;
    }
  }
  return smallest.value_or(0);
}

}  // namespace

PrefillGraphDefaults prefill_graph_defaults(double gpu_mem, bool npu, long long max_tp) {
  if (!(gpu_mem != 0)) return {4096, 160};
  if (gpu_mem < 20 * 1024) return {2048, 8};
  if (npu && gpu_mem < 32 * 1024) return {32768, max_tp < 4 ? 16 : 64};
  if (gpu_mem < 35 * 1024) return {2048, max_tp < 4 ? 24 : 80};
  if (gpu_mem < 60 * 1024) return {4096, max_tp < 4 ? 32 : 160};
  if (npu && gpu_mem < 64 * 1024) return {32768, max_tp < 4 ? 64 : 128};
  if (gpu_mem < 160 * 1024) return {8192, max_tp < 4 ? 256 : 512};
  return {16384, 512};
}

double vision_factor(const Json& vc) {
  auto number_or = [&](std::initializer_list<const char*> keys, double fallback) {
    for (const char* k : keys) {
      auto it = vc.find(k);
      if (it != vc.end() && it->is_number() && it->get<double>() != 0) return it->get<double>();  // Python `or`
    }
    return fallback;
  };
  const double layers = number_or({"num_hidden_layers", "depth"}, 24);
  const double hidden = number_or({"hidden_size"}, 1024);
  const double ratio = (layers * (hidden * hidden)) / (24.0 * (1024.0 * 1024.0));
  double dynamic = 1.0 - 0.1 * (ratio - 1.0);
  dynamic = std::max(0.8, std::min(1.05, dynamic));
  return 0.95 * dynamic;
}

namespace {

// GPUStack's max tp / pp: the parameters, raised by the selected GPUs of this type (per worker
// and worker count) and by gpus_per_replica.
struct ParallelSizes {
  long long max_tp = 0, max_pp = 0;
};

ParallelSizes parallel_sizes(const MemFractionInputs& in, const SglangParameters& p, const SelectedByWorker* selected_of_type) {
  long long select_tp = p.tp;
  if (selected_of_type)
    for (const auto& [name, indexes] : *selected_of_type) select_tp = std::max<long long>(select_tp, static_cast<long long>(indexes.size()));
  ParallelSizes sizes;
  sizes.max_tp = std::max(p.tp, select_tp);
  if (in.gpus_per_replica) sizes.max_tp = std::max<long long>(sizes.max_tp, *in.gpus_per_replica);
  sizes.max_pp = std::max<long long>(p.pp, selected_of_type ? static_cast<long long>(selected_of_type->size()) : 0);
  return sizes;
}

// The MiB SGLang reserves outside the static fraction, added up in GPUStack's order.
struct ReservedMib {
  double total = 512;
  bool large_gpu_floor = false;
  double speculative = 0;
  long long piecewise = 0;
};

ReservedMib reserved_mib(const SglangParameters& p, double gpu_mem, const ParallelSizes& sizes, long long chunked, long long graph_bs) {
  ReservedMib r;
  double& reserved = r.total;
  if (chunked > 0) reserved += static_cast<double>(std::max<long long>(chunked, 2048)) * 1.5;
  reserved += static_cast<double>(graph_bs * 2);
  reserved += static_cast<double>(sizes.max_tp * sizes.max_pp) / 8 * 1024;
  if (p.dp_attention) {
    reserved += static_cast<double>(graph_bs * p.dp * 3);
    if (graph_bs > 300) reserved += static_cast<double>(graph_bs * p.dp) * 1.5;
  }
  r.large_gpu_floor = gpu_mem > 60 * 1024;
  if (r.large_gpu_floor) reserved = std::max(reserved, 10240.0);
  if (p.speculative_algorithm) {
    if (*p.speculative_algorithm == "STANDALONE") r.speculative = 6 * 1024;
    else if (*p.speculative_algorithm != "NGRAM") r.speculative = 2 * 1024;
    reserved += r.speculative;
  }
  if (p.piecewise_cuda_graph) {
    r.piecewise = python_floor_div(p.piecewise_cuda_graph_max_tokens, 4);
    reserved += static_cast<double>(r.piecewise);
  }
  return r;
}

}  // namespace

MemFractionResult calculate_mem_fraction_static(const MemFractionInputs& in) {
  MemFractionResult r;
  const SglangParameters& p = *in.params;
  MemFractionDetail& d = r.detail;
  d.gpu_type = in.gpu_type;

  const SelectedByWorker* selected_of_type =
      in.selection && in.gpu_type ? selection_of_type(*in.selection, *in.gpu_type) : nullptr;
  const ParallelSizes sizes = parallel_sizes(in, p, selected_of_type);

  if (p.mem_fraction_static_text) {
    // GPUStack only reaches here with a non-positive value: the fraction stays empty.
    d.source = "parameter_not_positive";
    return r;
  }
  const bool npu = is_npu(in);
  auto counted = std::make_shared<CountedGpus>();
  const Bytes min_total = min_gpu_total(in, selected_of_type, *counted);
  d.gpus_counted = std::move(counted);
  const double gpu_mem = python_round(static_cast<double>(min_total) / static_cast<double>(kMiB), 2);

  PrefillGraphDefaults table = prefill_graph_defaults(gpu_mem, npu, sizes.max_tp);
  const long long chunked = p.chunked_prefill_size.value_or(table.chunked_prefill_size);
  const long long graph_bs = p.cuda_graph_max_bs.value_or(table.cuda_graph_max_bs);
  const ReservedMib reserved = reserved_mib(p, gpu_mem, sizes, chunked, graph_bs);

  double u = gpu_mem > 0 ? python_round((gpu_mem - reserved.total) / gpu_mem, 3) : 0.88;
  d.min_gpu_total = min_total;
  d.gpu_mem_mib = gpu_mem;
  d.is_npu = npu;
  d.max_tp = sizes.max_tp;
  d.max_pp = sizes.max_pp;
  d.chunked_prefill_size = chunked;
  d.chunked_prefill_size_from_parameter = p.chunked_prefill_size.has_value();
  d.cuda_graph_max_bs = graph_bs;
  d.cuda_graph_max_bs_from_parameter = p.cuda_graph_max_bs.has_value();
  d.dp_attention = p.dp_attention;
  d.large_gpu_floor_10240 = reserved.large_gpu_floor;
  d.speculative_reserve_mib = reserved.speculative;
  d.piecewise_reserve_mib = reserved.piecewise;
  d.reserved_mib = reserved.total;
  d.u_before_vision = u;
  if (in.vision_config.is_object()) {
    const double factor = vision_factor(in.vision_config);
    u = python_round(u * factor, 3);
    d.vision_factor = factor;
  }
  d.u = u;
  r.u = u;
  return r;
}

}  // namespace placement
