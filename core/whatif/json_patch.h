// RFC 6902 JSON Patch on scenario documents, and the edits the what-if commands make with it:
// set a value by JSON Pointer, set a backend parameter. Every suggestion and sweep row carries the
// patch it ran, so a person (or `placement schedule` after applying it) reproduces it exactly.
#pragma once

#include <string>

#include "scenario/types.h"

namespace placement::whatif {

// Applies an RFC 6902 patch; a patch that does not apply is an InputError naming its pointer.
Json apply_patch(const Json& document, const Json& patch);

// One operation setting `pointer` to `value`: "replace" when the value exists, else "add" (the
// parent must exist). A malformed pointer or a missing parent is an InputError naming it.
Json set_value_op(const Json& document, const std::string& pointer, const Json& value);

// The patch setting backend parameter `flag` ("--gpu-memory-utilization") to `value` in
// /model/backend_parameters, whichever spelling holds it ("--f=v", "--f v", or "--f", "v");
// appended when absent.
Json set_backend_parameter_patch(const Json& document, const std::string& flag, const std::string& value);

// The value currently given for `flag`, if any.
std::optional<std::string> backend_parameter_value(const Json& document, const std::string& flag);

}  // namespace placement::whatif
