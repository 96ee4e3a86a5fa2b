#include "app/trace_section.h"

#include <string>

namespace placement::ui {

Json trace_section(const Trace& trace, std::string_view name) {
  JsonTreeOut tree;
  if (!trace.write_section(name, tree)) return Json(nullptr);
  return tree.take();
}

}  // namespace placement::ui
