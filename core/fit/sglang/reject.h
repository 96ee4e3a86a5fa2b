// Appends one §6.4 rejection to an SGLang strategy's list, naming only the parts it has.
#pragma once

#include "fit/common/data_fields.h"
#include "fit/common/rejections.h"
#include "scenario/types.h"

namespace placement {

Rejection& add_rejection(Rejections& rejections, const Worker& w, GpuIndexList gpu_indexes, const char* code,
                         ShortfallList shortfalls = {}, DataFields fields = {});

}  // namespace placement
