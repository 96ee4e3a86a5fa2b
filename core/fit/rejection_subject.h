// The §6.4 rejection subject {worker_id, worker_name, gpu_indexes, rpc: []} of a backend without
// RPC servers, written the one way MindIE's and Custom's typed rejections share (Custom's
// gpu_indexes may be null) and the shared Rejection (fit/common/rejections.cpp).
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "trace/json_out.h"

namespace placement {

// `gpu_indexes` (a list of ints: a vector, a GpuIndexList) null: written as null.
template <class IndexList>
void write_rejection_subject(JsonOut& out, std::int64_t worker_id, std::string_view worker_name,
                             const IndexList* gpu_indexes) {
  out.key("subject");
  out.begin_object();
  out.member("worker_id", worker_id);
  out.member("worker_name", worker_name);
  out.key("gpu_indexes");
  if (gpu_indexes) {
    out.begin_array();
    for (int index : *gpu_indexes) out.number(index);
    out.end_array();
  } else {
    out.null();
  }
  out.key("rpc");
  out.begin_array();
  out.end_array();
  out.end_object();
}

}  // namespace placement
