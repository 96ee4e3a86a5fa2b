#include "gguf/estimate_items.h"

#include <cmath>

#include "scenario/json_reader.h"

namespace placement::gguf {

std::vector<double> normalise_tensor_split(const std::vector<double>& split, bool* mixed) {
  bool any_big = false, any_small = false;
  for (double v : split) (v < static_cast<double>(kMiB) ? any_small : any_big) = true;
  if (mixed) *mixed = any_big && any_small;
  if (!any_big) return split;
  std::vector<double> out;
  out.reserve(split.size());
  for (double v : split) out.push_back(std::floor(v / static_cast<double>(kMiB)));
  return out;
}

namespace {

DeviceEstimate device_from(const JsonReader& r) {
  r.expect_object();
  DeviceEstimate d;
  if (auto v = r.opt_int("handleLayers")) d.handle_layers = static_cast<int>(*v);
  if (auto v = r.opt_int("handleLastLayer")) d.handle_last_layer = static_cast<int>(*v);
  d.handle_output_layer = r.opt_bool("handleOutputLayer").value_or(false);
  d.remote = r.opt_bool("remote").value_or(false);
  if (auto v = r.opt_int("position")) d.position = static_cast<int>(*v);
  d.uma = r.opt_int("uma").value_or(0);
  d.nonuma = r.opt_int("nonuma").value_or(0);
  return d;
}

Json device_to(const DeviceEstimate& d) {
  return Json{{"handleLayers", d.handle_layers}, {"handleLastLayer", d.handle_last_layer},
              {"handleOutputLayer", d.handle_output_layer}, {"remote", d.remote},
              {"position", d.position}, {"uma", d.uma}, {"nonuma", d.nonuma}};
}

}  // namespace

Estimate estimate_from_json(const Json& j, const std::string& path) {
  JsonReader root(j, path);
  root.expect_object();
  JsonReader env = root.has("estimate") ? root.at("estimate") : root;
  env.expect_object();
  Estimate e;
  for (const JsonReader& it : env.at("items").elements()) {
    it.expect_object();
    EstimateItem item;
    item.offload_layers = static_cast<int>(it.opt_int("offloadLayers").value_or(0));
    item.full_offloaded = it.opt_bool("fullOffloaded").value_or(false);
    if (it.has("ram")) item.ram = device_from(it.at("ram"));
    if (it.has("vrams"))
      for (const JsonReader& v : it.at("vrams").elements()) item.vrams.push_back(device_from(v));
    e.items.push_back(std::move(item));
  }
  e.architecture = env.opt_string("architecture").value_or("");
  e.context_size = env.opt_int("contextSize");
  e.flash_attention = env.opt_bool("flashAttention").value_or(false);
  e.no_mmap = env.opt_bool("noMMap").value_or(false);
  e.logical_batch_size = env.opt_int("logicalBatchSize");
  e.physical_batch_size = env.opt_int("physicalBatchSize");
  return e;
}

Json estimate_to_json(const Estimate& e) {
  Json items = Json::array();
  for (const auto& it : e.items) {
    Json vr = Json::array();
    for (const auto& v : it.vrams) vr.push_back(device_to(v));
    items.push_back(Json{{"offloadLayers", it.offload_layers}, {"fullOffloaded", it.full_offloaded},
                         {"ram", device_to(it.ram)}, {"vrams", vr}});
  }
  Json env{{"items", items}, {"type", "model"}, {"architecture", e.architecture}};
  if (e.context_size) env["contextSize"] = *e.context_size;
  env["flashAttention"] = e.flash_attention;
  env["noMMap"] = e.no_mmap;
  if (e.logical_batch_size) env["logicalBatchSize"] = *e.logical_batch_size;
  if (e.physical_batch_size) env["physicalBatchSize"] = *e.physical_batch_size;
  return Json{{"estimate", env}};
}

}  // namespace placement::gguf
