// Rejections kept typed while a strategy runs: at a thousand workers a strategy rejects
// thousands of GPUs, and building each as JSON cost more than deciding.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "fit/common/data_fields.h"
#include "fit/common/shortfall.h"
#include "trace/small_list.h"
#include "trace/trace.h"

namespace placement {

// Most rejections name one GPU and one or two shortfalls: those stay inside the rejection.
using GpuIndexList = SmallList<int, 4>;
using ShortfallList = SmallList<Shortfall, 2>;

// One §6.4 rejection {subject, code, shortfalls, data} of a strategy, typed until the trace is
// read (a subject without RPC servers: vLLM and SGLang).
struct Rejection {
  std::int64_t worker_id = 0;
  std::string worker_name;
  GpuIndexList gpu_indexes;
  const char* code = "";  // a string literal
  ShortfallList shortfalls;
  // `data`: shared_fields when set (many rejections alike), else fields ({} when empty).
  std::shared_ptr<const DataFields> shared_fields{};
  DataFields fields{};
  void write_data(JsonOut& out) const;
};

class Rejections final : public DeferredList {
 public:
  std::vector<Rejection> list;
  void write(JsonOut& out) const override;
};

// Appends a rejection of worker `w` (its GPUs `gpu_indexes`; none: the worker) and returns it, so
// a caller can add what it learns after.
Rejection& add_rejection(Rejections& rejections, const Worker& w, GpuIndexList gpu_indexes, const char* code,
                         ShortfallList shortfalls = {}, DataFields fields = {});

// One §6.4 not-examined entry {worker_id, worker_name, rule, data}: a worker a strategy never
// looked at (it stopped first), typed until the trace is read.
struct NotExamined {
  std::int64_t worker_id = 0;
  std::string worker_name;
  const char* rule = "";  // a string literal
  DataFields fields{};    // `data` ({} when empty)
};

class NotExaminedList final : public DeferredList {
 public:
  std::vector<NotExamined> list;
  void write(JsonOut& out) const override;
};

}  // namespace placement
