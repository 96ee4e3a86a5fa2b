// §6.9 slots for MindIE, in the order GPUStack writes its diagnostic text:
//   [parallel_validation]                       (alone: nothing else is said)
//   [no_available_workers] requirement [fraction] <manual routine's slots> [single_worker_largest]
//   [multi_worker_best multi_worker_advice]
// GPUStack shows them only when nothing was found or the one candidate is overcommitted; the
// selector buffers them and emits them under that condition.
//
// Values (renderers format them; *_gib are GPUStack's rounded GiB figures):
//   parallel_validation   ValidationFailure::fields()
//   no_available_workers  {}
//   requirement           {vram, ram, vram_gib, ram_gib}
//   fraction              {fraction, total_vram_gib = vram_gib / fraction, percent = int(fraction·100)}
//   single_worker_largest {vram, vram_gib, satisfied_gpus, total_gpus, fraction, effective_vram_gib}
//   multi_worker_best     {workers, count, vram, vram_gib, left_out, devices_per_worker}
//   multi_worker_advice   {}
#pragma once

#include "fit/mindie/strategies.h"
#include "fit/mindie/mindie_validation.h"

namespace placement::mindie {

inline constexpr const char* kMessageSource = "mindie";

MessageSlot validation_message(const ValidationFailure& f);
MessageSlot no_available_workers_message();
MessageSlot requirement_message(const Request& r);
// Only when the fraction is non-zero (GPUStack skips the line otherwise).
std::optional<MessageSlot> fraction_message(const Request& r, double fraction);

}  // namespace placement::mindie
