#include "fit/sglang/multi_worker_record.h"

namespace placement {

void SglangCountGroup::write(JsonOut& out) const {
  out.begin_object();
  out.member("gpus_per_worker", gpus_per_worker);
  out.member("workers", workers);
  out.key("rejections");
  rejections.write(out);
  if (too_few_workers) {
    out.member("skipped", "too_few_workers");
  } else {
    out.member("joined", joined);
    out.member("vram_sum", vram_sum);
    if (shortfall) {
      out.key("shortfall");
      shortfall->write(out);
    }
  }
  out.end_object();
}

void SglangWalk::write(JsonOut& out) const {
  out.begin_object();
  if (stopped) {
    out.member("stopped", stopped);
  } else {
    out.key("count_groups");
    out.begin_array();
    for (const SglangCountGroup& g : count_groups) g.write(out);
    out.end_array();
  }
  out.end_object();
}

void SglangGate::write(JsonOut& out) const {
  out.begin_object();
  out.member("gpus", gpus);
  out.member("passed", passed);
  if (why) out.member("why", why);
  if (!failing.empty()) {
    out.key("failing");
    write_object_array(out, failing, [&](const SglangFailingGpu& f) {
      out.member("worker", f.worker);
      out.key("shortfall");
      f.shortfall.write(out);
    });
  }
  if (same_walk) out.member("walk", "same as the first passing gate");
  else if (walk) {
    out.key("walk");
    walk->write(out);
  }
  out.end_object();
}

void SglangTypeRecord::write(JsonOut& out) const {
  out.begin_object();
  out.member("gpu_type", gpu_type);
  out.member("workers", workers);
  out.key("gates");
  out.begin_array();
  for (const SglangGate& g : gates) g.write(out);
  out.end_array();
  if (!rejections.list.empty()) {
    out.key("rejections");
    rejections.write(out);
  }
  out.end_object();
}

void SglangMultiWorkerTypes::write(JsonOut& out) const {
  out.begin_array();
  for (const SglangTypeRecord& t : types) t.write(out);
  out.end_array();
}

}  // namespace placement
