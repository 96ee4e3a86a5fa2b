// Widgets bound to one value of the scenario by JSON pointer. Each change is an App::edit keyed
// by the pointer, so typing or dragging in one field is one undo step (released = sealed).
//
//   edit_text(app, "Name", ptr("/workers/0/name"));
//   edit_gib(app, "RAM", ptr("/workers/0/status/memory/total"));
#pragma once

#include <string>
#include <vector>

#include "scenario/types.h"

namespace placement::ui {

class App;

Json::json_pointer ptr(const std::string& text);
// The value at `p`, or null when absent.
const Json& value_at(const Json& doc, const Json::json_pointer& p);

bool edit_text(App& app, const char* label, const Json::json_pointer& p, bool null_when_empty = false);
bool edit_int(App& app, const char* label, const Json::json_pointer& p, long long fallback = 0);
// A nullable integer: a checkbox says whether it is set.
bool edit_optional_int(App& app, const char* label, const Json::json_pointer& p, long long when_set = 1);
bool edit_float(App& app, const char* label, const Json::json_pointer& p, double fallback, double step);
// Bytes shown and typed as GiB.
bool edit_gib(App& app, const char* label, const Json::json_pointer& p);
bool edit_bool(App& app, const char* label, const Json::json_pointer& p, bool fallback = false);
// One of `options`, or any text (editable combo).
bool edit_choice(App& app, const char* label, const Json::json_pointer& p, const std::vector<std::string>& options,
                 bool allow_null = false);
// {str: str} rows with add/remove (labels, worker_selector, env).
bool edit_string_map(App& app, const char* id, const Json::json_pointer& p);
// [str] rows with add/remove (backend_parameters, local_paths).
bool edit_string_list(App& app, const char* id, const Json::json_pointer& p, const std::vector<std::string>& suggestions = {});

// Sets `p` to `value` as one undoable edit (App::set; the building block of the above).
void set_value(App& app, const Json::json_pointer& p, Json value, bool coalesce = true);

}  // namespace placement::ui
