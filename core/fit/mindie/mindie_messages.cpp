#include "fit/mindie/mindie_messages.h"

namespace placement::mindie {

MessageSlot validation_message(const ValidationFailure& f) { return {"parallel_validation", f.fields()}; }

MessageSlot no_available_workers_message() { return {"no_available_workers", DataFields{}}; }

MessageSlot requirement_message(const Request& r) {
  return {"requirement", DataFields{{"vram", r.vram},
                                    {"ram", r.ram},
                                    {"vram_gib", round_to_gib(static_cast<double>(r.vram))},
                                    {"ram_gib", round_to_gib(static_cast<double>(r.ram))}}};
}

std::optional<MessageSlot> fraction_message(const Request& r, double fraction) {
  if (fraction == 0) return std::nullopt;
  // GPUStack divides the already rounded GiB figure.
  return MessageSlot{"fraction", DataFields{{"fraction", fraction},
                                            {"total_vram_gib", round_to_gib(static_cast<double>(r.vram)) / fraction},
                                            {"percent", static_cast<long long>(fraction * 100)}}};
}

}  // namespace placement::mindie
