#include <sstream>

#include "whatif/whatif_text.h"

namespace placement::whatif {

std::string render_advise_text(const Json& a) {
  std::ostringstream o;
  const int replicas = a.value("replicas", 1);
  const std::string what = replicas > 1 ? std::to_string(replicas) + " replicas" : std::string("The model");
  if (a.value("fits", false)) {
    o << what << " already fit" << (replicas > 1 ? "" : "s") << "; nothing to change.\n";
  } else {
    o << what << " do" << (replicas > 1 ? "" : "es") << " not fit: " << a.value("why_not", std::string()) << "\n";
    if (a["suggestions"].empty()) o << "No change the search tried makes it fit.\n";
    for (const Json& s : a["suggestions"])
      o << "  " << s["cost"]["rank"].get<int>() << ". [" << s["cost"]["class"].get<std::string>() << "] " << s.value("summary", std::string())
        << " -> " << placement_text(s["placement"]) << "\n";
  }
  const Json& search = a["search"];
  o << "Search: " << search["runs"].get<int>() << " scheduler runs";
  for (const Json& c : search["caps"]) o << "; cap " << c["id"].get<std::string>() << " (" << c["limit"].dump() << "): " << c["effect"].get<std::string>();
  o << "\n";
  return o.str();
}

}  // namespace placement::whatif
