#include <sstream>

#include "explain/explain_format.h"
#include "whatif/whatif_text.h"

namespace placement::whatif {

using explain::gib;

std::string render_sweep_text(const Json& sweep) {
  std::ostringstream o;
  o << "Sweep of " << sweep.value("setting", std::string("?")) << "\n";
  for (const Json& r : sweep["rows"]) {
    const Json& v = r["value"];
    o << "  " << (v.is_string() ? v.get<std::string>() : v.dump()) << ": ";
    if (r.contains("replicas")) o << r["replicas"].get<int>() << " placed, ";
    if (!r.value("fits", false)) {
      o << "does not fit (" << r.value("why_not", std::string()) << ")\n";
      continue;
    }
    o << "fits, " << r.value("strategy", std::string("-")) << ", " << placement_text(r["placement"]) << "; claim ";
    std::string claims;
    for (const Json& g : r["claim_per_gpu"])
      claims += (claims.empty() ? "" : ", ") + g.value("worker_name", std::string("?")) + "[" + g["gpu_index"].dump() + "] " +
                gib(g["vram"].get<double>());
    o << (claims.empty() ? "none on GPUs" : claims) << "\n";
  }
  return o.str();
}

}  // namespace placement::whatif
