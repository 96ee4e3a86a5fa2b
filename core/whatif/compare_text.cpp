#include <sstream>

#include "explain/explain_format.h"
#include "whatif/whatif_text.h"

namespace placement::whatif {

using explain::gib;

namespace {
std::string side_text(const Json& side) {
  if (side["winner"].is_null()) return "no candidate (" + side.value("why_not", std::string()) + ")";
  return placement_text(side["winner"]) + " (" + side.value("strategy", std::string("-")) + ", " + std::to_string(side.value("candidates", 0)) +
         " candidates)";
}

std::string signed_text(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%+.4f", v);
  return buf;
}
}  // namespace

std::string render_compare_text(const Json& d) {
  std::ostringstream o;
  o << "A: " << side_text(d["a"]) << "\n";
  o << "B: " << side_text(d["b"]) << "\n";
  o << (d.value("winner_changed", false) ? "The winner changed.\n" : "The winner is the same.\n");
  bool header = false;
  for (const Json& c : d["candidates"]) {
    const std::string status = c.value("status", std::string());
    if (!header) o << "Candidates\n";
    header = true;
    o << "  " << status << " " << c.value("worker_name", std::string("?"));
    const Json& a = c["a"];
    const Json& b = c["b"];
    if (a.is_object()) o << " A#" << a["rank"].get<int>() << " " << a["gpu_indexes"].dump();
    if (b.is_object()) o << " B#" << b["rank"].get<int>() << " " << b["gpu_indexes"].dump();
    if (c.contains("score_deltas")) {
      std::string deltas;
      for (auto it = c["score_deltas"].begin(); it != c["score_deltas"].end(); ++it)
        if (it.value().get<double>() != 0) deltas += (deltas.empty() ? "" : ", ") + it.key() + " " + signed_text(it.value().get<double>());
      if (!deltas.empty()) o << " (" << deltas << ")";
    }
    o << "\n";
  }
  if (!d["claims"].empty()) {
    o << "Winner's claim per GPU (A -> B)\n";
    for (const Json& g : d["claims"])
      o << "  " << g.value("worker_name", std::string("?")) << " GPU " << g["gpu_index"].get<int>() << ": " << gib(g["a"].get<double>())
        << " -> " << gib(g["b"].get<double>()) << "\n";
  }
  return o.str();
}

}  // namespace placement::whatif
