#include <sstream>

#include "explain/explain_format.h"
#include "whatif/whatif_text.h"

namespace placement::whatif {

using explain::gib;

namespace {
void append_item(std::string& list, const std::string& item) {
  if (!list.empty()) list += ", ";
  list += item;
}
}  // namespace

std::string placement_text(const Json& p) {
  std::string out = p.value("worker_name", std::string("?"));
  const Json gpus = p.value("gpu_indexes", Json());
  if (gpus.is_array() && !gpus.empty()) {
    out += " GPUs [";
    for (std::size_t i = 0; i < gpus.size(); ++i) {
      if (i) out += ',';
      out += gpus[i].dump();
    }
    out += "]";
  } else {
    out += " (CPU)";
  }
  const Json subs = p.value("subordinate_workers", Json());
  if (subs.is_array() && !subs.empty()) {
    out += " +";
    for (const Json& s : subs) {
      out += ' ';
      out += placement_text(s);
    }
  }
  return out;
}

std::string vram_text(const Json& claim) {
  if (!claim.is_object()) return "-";
  std::string out;
  const Json vram = claim.value("vram", Json());
  if (vram.is_object())
    for (auto it = vram.begin(); it != vram.end(); ++it)
      append_item(out, it.key() + ": " + gib(it.value().get<double>()));
  const Json ram = claim.value("ram", Json());
  if (ram.is_number() && ram.get<double>() > 0) append_item(out, std::string("RAM ").append(gib(ram.get<double>())));
  return out.empty() ? "-" : out;
}

std::string render_capacity_text(const Scenario& s, const Json& cap) {
  std::ostringstream o;
  const std::size_t count = cap.value("count", std::size_t{0});
  o << "Capacity: " << count << " replica" << (count == 1 ? "" : "s") << " of " << (s.model.name.empty() ? "the model" : s.model.name)
    << " fit";
  o << (cap.value("stopped_by", std::string()) == "limit" ? " (stopped at the limit; more may fit)\n" : "\n");
  std::size_t n = 0;
  for (const Json& r : cap["replicas"]) {
    o << "  " << ++n << ". " << placement_text(r);
    if (r.contains("strategy") && r["strategy"].is_string()) o << " (" << r["strategy"].get<std::string>() << ")";
    o << ": " << vram_text(r["computed_resource_claim"]) << "\n";
  }
  const Json& f = cap["next_failure"];
  if (f.is_object()) o << "Replica " << count + 1 << " does not fit: " << f.value("text", std::string()) << "\n";
  return o.str();
}

}  // namespace placement::whatif
