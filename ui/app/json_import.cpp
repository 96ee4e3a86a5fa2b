#include "app/json_import.h"

#include "scenario/json_tree_reader.h"
#include "app/scenario_text.h"

namespace placement::ui {

namespace {

bool has(const Json& v, const char* key) { return v.is_object() && v.contains(key); }

// Index of the entry of `list` with the same id as `item` (else the same name), or -1.
int find_same(const Json& list, const Json& item) {
  for (std::size_t i = 0; i < list.size(); ++i) {
    const Json& e = list[i];
    if (has(item, "id") && has(e, "id") && !item["id"].is_null() && e["id"] == item["id"]) return int(i);
  }
  for (std::size_t i = 0; i < list.size(); ++i) {
    const Json& e = list[i];
    if (has(item, "name") && has(e, "name") && item["name"].is_string() && e["name"] == item["name"]) return int(i);
  }
  return -1;
}

struct MergeCounts {
  int added = 0;
  int replaced = 0;
};

void merge_into(Json& doc, const char* key, const Json& item, MergeCounts& counts) {
  if (!doc.contains(key) || !doc[key].is_array()) doc[key] = Json::array();
  Json& list = doc[key];
  int same = find_same(list, item);
  if (same >= 0) {
    list[std::size_t(same)] = item;
    ++counts.replaced;
  } else {
    list.push_back(item);
    ++counts.added;
  }
}

std::string count_text(const MergeCounts& c, const char* noun) {
  std::string out;
  if (c.added) out += std::to_string(c.added) + " " + noun + (c.added == 1 ? "" : "s") + " added";
  if (c.replaced) out += std::string(out.empty() ? "" : ", ") + std::to_string(c.replaced) + " " + noun + (c.replaced == 1 ? "" : "s") + " replaced";
  return out;
}

}  // namespace

PastedKind classify(const Json& v) {
  if (!v.is_object()) return PastedKind::unknown;
  if (has(v, "workers") || has(v, "model") || has(v, "format")) return PastedKind::scenario;
  if (has(v, "model_id")) return PastedKind::instance;
  if (has(v, "status") && v["status"].is_object() && (has(v["status"], "memory") || has(v["status"], "gpu_devices")))
    return PastedKind::worker;
  if (has(v, "source") || has(v, "backend") || has(v, "replicas") || has(v, "huggingface_repo_id")) return PastedKind::model;
  return PastedKind::unknown;
}

ImportOutcome import_document(const Json& current, const std::string& text) {
  ImportOutcome out;
  Json pasted;
  try {
    pasted = read_json_tree(text);
  } catch (const Json::parse_error& e) {
    out.error = "the pasted text is not JSON (byte " + std::to_string(e.byte) + ")";
    return out;
  } catch (const Json::exception&) {
    out.error = "the pasted text is not usable JSON (a number beyond double's range?)";
    return out;
  }
  if (pasted.is_object() && classify(pasted) == PastedKind::scenario) {
    out.error = check_scenario(pasted);
    if (out.error.empty()) {
      out.document = std::move(pasted);
      out.summary = "scenario replaced";
    }
    return out;
  }
  // The API's list pages wrap the objects: {"items": [...], "pagination": {...}}.
  Json items = pasted.is_array() ? pasted : has(pasted, "items") && pasted["items"].is_array() ? pasted["items"] : Json::array({pasted});
  if (items.empty()) {
    out.error = "the pasted list is empty: nothing to import";
    return out;
  }
  Json doc = current;
  MergeCounts workers, instances;
  int models = 0;
  for (std::size_t i = 0; i < items.size(); ++i) {
    const Json& item = items[i];
    switch (classify(item)) {
      case PastedKind::worker: merge_into(doc, "workers", item, workers); break;
      case PastedKind::instance: merge_into(doc, "model_instances", item, instances); break;
      case PastedKind::model:
        if (++models > 1) {
          out.error = "the pasted list holds more than one model; a scenario has one: paste the model to explore";
          return out;
        }
        doc["model"] = item;
        break;
      default: {
        const std::string where = pasted.is_array() ? "/" + std::to_string(i) : has(pasted, "items") ? "/items/" + std::to_string(i) : "/";
        out.error = "the pasted JSON at " + where +
                    " is neither a scenario nor a GPUStack worker, model or model instance (expected e.g. \"status\", \"backend\" or \"model_id\")";
        return out;
      }
    }
  }
  std::string error = check_scenario(doc);
  if (!error.empty()) {
    out.error = "the pasted objects do not fit the scenario: " + error;
    return out;
  }
  std::string summary = count_text(workers, "worker");
  std::string inst = count_text(instances, "model instance");
  if (!inst.empty()) summary += (summary.empty() ? "" : "; ") + inst;
  if (models) summary += std::string(summary.empty() ? "" : "; ") + "model replaced";
  out.document = std::move(doc);
  out.summary = summary;
  return out;
}

}  // namespace placement::ui
