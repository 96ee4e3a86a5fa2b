// DataFields moved to trace/data_fields.h (the trace's messages, summaries and errors take them
// too); this header keeps the fit algorithms' include and the list of typed objects.
#pragma once

#include <vector>

#include "trace/data_fields.h"
#include "trace/trace.h"

namespace placement {

// A list of objects typed as DataFields (entries of a record's list), written as a JSON array.
class DataFieldsList final : public DeferredList {
 public:
  std::vector<DataFields> list;
  void write(JsonOut& out) const override {
    out.begin_array();
    for (const DataFields& item : list) item.write(out);
    out.end_array();
  }
};

}  // namespace placement
