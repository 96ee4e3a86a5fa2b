// The `data` of one worker's filter verdict (scheduler-rules.md §6.2), typed: one struct per kind
// of verdict, each writing its own object when the trace is read. Workers with the same data (a
// cluster, a supported device condition, the local path) share one instance.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "filters/backend_support.h"
#include "trace/trace.h"

namespace placement::filters {

// Status filter: {state} of a worker that is not ready.
class WorkerStateData final : public TraceRecord {
 public:
  explicit WorkerStateData(std::string state) : state(std::move(state)) {}
  std::string state;
  void write(JsonOut& out) const override;
};

// Cluster filter: {worker, model}, each cluster id or null.
class ClusterData final : public TraceRecord {
 public:
  ClusterData(std::optional<std::int64_t> worker, std::optional<std::int64_t> model) : worker(worker), model(model) {}
  std::optional<std::int64_t> worker, model;
  void write(JsonOut& out) const override;
};

// Label filter: {key} when the worker lacks the selector's label, {key, want, have} when its value
// differs.
class LabelData final : public TraceRecord {
 public:
  explicit LabelData(std::string key) : key(std::move(key)) {}
  LabelData(std::string key, std::string want, std::string have)
      : key(std::move(key)), values(std::pair<std::string, std::string>(std::move(want), std::move(have))) {}
  std::string key;
  std::optional<std::pair<std::string, std::string>> values;  // want, have
  void write(JsonOut& out) const override;
};

// Local-path filter: {path} the model's files are read from.
class LocalPathData final : public TraceRecord {
 public:
  explicit LocalPathData(std::string path) : path(std::move(path)) {}
  std::string path;
  void write(JsonOut& out) const override;
};

// GPU-matching filter: {gpu_ids} the selector names on this worker.
class SelectedGpusData final : public TraceRecord {
 public:
  explicit SelectedGpusData(std::vector<std::string> gpu_ids) : gpu_ids(std::move(gpu_ids)) {}
  std::vector<std::string> gpu_ids;
  void write(JsonOut& out) const override;
};


// {type, runtime, variant} of a device condition (nulls when absent), as members of an open object.
void write_condition_members(JsonOut& out, const Condition& c);

// Backend-framework filter, a worker that passes: {source, version, condition} of the condition
// that kept it.
class SupportedData final : public TraceRecord {
 public:
  SupportedData(const Support& support, Condition condition)
      : source(support.source), version(support.version), condition(std::move(condition)) {}
  const char* source;
  std::string version;
  Condition condition;
  void write(JsonOut& out) const override;
};

// One condition nothing supports: {type, runtime, variant, version (the pin or null), why}.
struct UnsupportedCondition {
  Condition condition;
  std::optional<std::string> version;
  const char* why = "";
};

// The reasons of a removed worker, as a JSON array (also the values of GPUStack's message).
class UnsupportedConditions final : public TraceRecord {
 public:
  std::vector<UnsupportedCondition> reasons;
  void write(JsonOut& out) const override;
};

// Backend-framework filter, a worker that fails: {conditions: the reasons}.
class UnsupportedData final : public TraceRecord {
 public:
  explicit UnsupportedData(std::shared_ptr<const UnsupportedConditions> conditions) : conditions(std::move(conditions)) {}
  std::shared_ptr<const UnsupportedConditions> conditions;
  void write(JsonOut& out) const override;
};

}  // namespace placement::filters
