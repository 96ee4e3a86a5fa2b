// The §2 summary of each base filter (scheduler-rules.md §2, §6.2), typed: one struct per filter,
// each writing its own object when the trace is read. Where GPUStack's message carries the same
// values, the filter passes the summary's JSON to the trace message.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "trace/trace.h"

namespace placement::filters {

// Status: {matched, of}.
class StatusSummary final : public TraceRecord {
 public:
  std::size_t matched = 0, of = 0;
  void write(JsonOut& out) const override;
};

// Cluster: {matched, model_cluster_id (null when the model has none)}.
class ClusterSummary final : public TraceRecord {
 public:
  std::size_t matched = 0;
  std::optional<std::int64_t> model_cluster_id;
  void write(JsonOut& out) const override;
};

// Labels: {selector (label → value), matched, of, note (the Linux-only note's code, or null)}.
class LabelSummary final : public TraceRecord {
 public:
  StringMap selector;
  std::size_t matched = 0, of = 0;
  std::optional<std::string> note;
  void write(JsonOut& out) const override;
};

// Local path: {path, workers (failed worker names, sorted, the first few), more (not listed)}.
class LocalPathSummary final : public TraceRecord {
 public:
  std::string path;
  std::vector<std::string> workers;
  std::size_t more = 0;
  void write(JsonOut& out) const override;
};

// GPU selector: {matched, named_workers (in the ids' order), absent (named, not given; sorted)}.
class GpuSelectorSummary final : public TraceRecord {
 public:
  std::size_t matched = 0;
  std::vector<std::string> named_workers, absent;
  void write(JsonOut& out) const override;
};

// Backend framework: {backend (effective), rows (which rows were read), removed (worker names)}.
class BackendSummary final : public TraceRecord {
 public:
  std::string backend;
  const char* rows = "";
  std::vector<std::string> removed;
  void write(JsonOut& out) const override;
};


}  // namespace placement::filters
