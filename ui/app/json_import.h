// Pasted documents (embind importJson): a whole scenario replaces the current one; GPUStack API
// JSON is merged into it — a worker list (a JSON array or the API's {"items": [...]} page), one
// worker, a model, one or more model instances. Workers and instances replace the entry with the
// same id (else the same name) and are appended otherwise; a model replaces the scenario's model.
// The merged document must pass the core's loader, else nothing changes.
#pragma once

#include <string>

#include "scenario/types.h"

namespace placement::ui {

struct ImportOutcome {
  Json document;        // the new scenario when error is empty
  std::string error;
  std::string summary;  // for the banner, e.g. "2 workers added, 1 replaced"
};

ImportOutcome import_document(const Json& current, const std::string& text);

// What a pasted object looks like (exposed for tests).
enum class PastedKind { scenario, worker, model, instance, unknown };
PastedKind classify(const Json& value);

}  // namespace placement::ui
