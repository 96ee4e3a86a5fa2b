// The model-facts stage (docs/model-facts.md): where the size and config come from — scenario,
// config alone, GGUF profile, the catalogue by repo — and the refusal when nothing is known.
#include <catch2/catch.hpp>

#include "models/model_catalogue.h"
#include "models/model_facts_resolver.h"
#include "models/weights_formula.h"
#include "scenario/errors.h"
#include "scenario/scenario_loader.h"
#include "scheduler.h"

using namespace placement;

namespace {

Json worker_24gib() {
  return Json{{"id", 1},
              {"name", "w1"},
              {"state", "ready"},
              {"status",
               {{"memory", {{"total", 68719476736LL}}},
                {"gpu_devices", Json::array({Json{{"index", 0}, {"name", "RTX 4090"}, {"vendor", "nvidia"}, {"type", "cuda"},
                                                  {"memory", {{"total", 25769803776LL}}}}})}}}};
}

Json scenario_doc(const Json& model, const Json& estimates) {
  Json doc{{"workers", Json::array({worker_24gib()})}, {"model", model}, {"model_instances", Json::array()}};
  if (!estimates.is_null()) doc["estimates"] = estimates;
  return doc;
}

Json hf_model(const std::string& repo, const std::string& backend = "vLLM") {
  return Json{{"id", 1}, {"name", "m"}, {"source", "huggingface"}, {"huggingface_repo_id", repo}, {"backend", backend}};
}

const Json kQwen7bConfig = Json{{"architectures", {"Qwen2ForCausalLM"}}, {"num_attention_heads", 28}, {"num_key_value_heads", 4},
                                {"num_hidden_layers", 28}, {"hidden_size", 3584}, {"vocab_size", 152064},
                                {"intermediate_size", 18944}, {"torch_dtype", "bfloat16"}};

}  // namespace

TEST_CASE("model facts: where they come from") {
  const Bytes llama70b = find_catalogue_model("meta-llama/Llama-3.1-70B-Instruct")->weights_bytes;
  Json gguf_model{{"id", 1}, {"name", "m"}, {"source", "huggingface"}, {"huggingface_repo_id", "x/y-GGUF"}, {"huggingface_filename", "y.gguf"}};
  Json with_env = hf_model("acme/unknown-7b", "Custom");
  with_env["env"] = Json{{"GPUSTACK_MODEL_VRAM_CLAIM", "1000"}};
  struct Row {
    const char* what;
    Json model;
    Json estimates;
    const char* source;
    std::optional<Bytes> weights;
    bool filled;
    bool refused;
  };
  const Row rows[] = {
      {"catalogue by repo", hf_model("meta-llama/Llama-3.1-70B-Instruct"), nullptr, "catalogue", llama70b, true, false},
      {"catalogue ignores case", hf_model("META-LLAMA/LLAMA-3.1-70B-INSTRUCT"), Json::object(), "catalogue", llama70b, true, false},
      {"scenario weights win", hf_model("meta-llama/Llama-3.1-70B-Instruct"), Json{{"weights_bytes", 5}, {"config", Json::object()}}, "scenario",
       Bytes{5}, false, false},
      {"config alone: derived", hf_model("acme/unknown-7b"), Json{{"config", kQwen7bConfig}}, "config", weights_from_config(kQwen7bConfig), true, false},
      {"config too thin to derive", hf_model("acme/unknown-7b"), Json{{"config", Json::object()}}, "scenario", std::nullopt, false, false},
      {"gguf, nothing recorded", gguf_model, nullptr, "none", std::nullopt, false, false},
      {"gguf profile", gguf_model, Json{{"gguf_profile", {{"architecture", "llama"}}}}, "gguf_profile", std::nullopt, false, false},
      {"unknown repo, nothing given", hf_model("acme/unknown-7b"), nullptr, "none", std::nullopt, false, true},
      {"unknown repo, VRAM claim in env", with_env, nullptr, "none", std::nullopt, false, false},
  };
  for (const Row& r : rows) {
    INFO(r.what);
    const Scenario s = load_scenario(scenario_doc(r.model, r.estimates));
    const ResolvedFacts f = resolve_model_facts(s);
    CHECK(f.facts.source == r.source);
    CHECK(f.facts.weights_bytes == r.weights);
    CHECK(f.filled.has_value() == r.filled);
    if (f.filled) CHECK(f.filled->weights_bytes == r.weights);
    CHECK(f.refusal.has_value() == r.refused);
  }
}

TEST_CASE("model facts: the catalogue's facts decide the fit (a 70B model does not fit one 24 GiB GPU)") {
  const Json model = hf_model("meta-llama/Llama-3.1-70B-Instruct");
  const ScheduleResult with_catalogue = schedule(load_scenario(scenario_doc(model, nullptr)));
  CHECK(with_catalogue.candidates.empty());
  const Json facts = with_catalogue.trace.root()["requirement"]["model_facts"];
  CHECK(facts["source"] == "catalogue");
  CHECK(facts["repo"] == "meta-llama/Llama-3.1-70B-Instruct");
  CHECK(facts["architecture"] == "LlamaForCausalLM");
  CHECK(facts["weights_bytes"] == find_catalogue_model("meta-llama/Llama-3.1-70B-Instruct")->weights_bytes);
  // A small model from the catalogue fits the same GPU.
  const ScheduleResult small = schedule(load_scenario(scenario_doc(hf_model("Qwen/Qwen2.5-7B-Instruct"), nullptr)));
  CHECK(small.candidates.size() == 1);
}

TEST_CASE("model facts: estimates made for another repo are called out") {
  Json config = kQwen7bConfig;
  config["_name_or_path"] = "Qwen/Qwen2.5-7B-Instruct";
  const Json estimates{{"weights_bytes", 15231271888LL}, {"config", config}};
  const ScheduleResult other = schedule(load_scenario(scenario_doc(hf_model("meta-llama/Llama-3.1-70B-Instruct"), estimates)));
  const Json& trace = other.trace.root();
  CHECK(trace["requirement"]["model_facts"]["estimates_made_for"] == "Qwen/Qwen2.5-7B-Instruct");
  bool warned = false;
  for (const Json& w : trace["warnings"]) warned = warned || w.get<std::string>().find("made for Qwen/Qwen2.5-7B-Instruct") != std::string::npos;
  CHECK(warned);
  // The same estimates for their own repo (any case), or a local path in _name_or_path: no note.
  for (const char* repo : {"qwen/qwen2.5-7b-instruct"}) {
    const ScheduleResult same = schedule(load_scenario(scenario_doc(hf_model(repo), estimates)));
    CHECK_FALSE(same.trace.root()["requirement"]["model_facts"].contains("estimates_made_for"));
    CHECK(same.trace.root()["warnings"].empty());
  }
  Json local = estimates;
  local["config"]["_name_or_path"] = "/models/qwen";
  const ScheduleResult path = schedule(load_scenario(scenario_doc(hf_model("meta-llama/Llama-3.1-70B-Instruct"), local)));
  CHECK(path.trace.root()["warnings"].empty());
}

TEST_CASE("model facts: an unknown repo with no estimates is refused, naming how to give facts") {
  const Scenario s = load_scenario(scenario_doc(hf_model("acme/unknown-7b"), nullptr));
  try {
    (void)schedule(s);
    FAIL("no InputError");
  } catch (const InputError& e) {
    CHECK(e.pointer() == "/estimates");
    CHECK_THAT(e.message(), Catch::Contains("no model facts for acme/unknown-7b"));
    CHECK_THAT(e.message(), Catch::Contains("estimates.weights_bytes"));
    CHECK_THAT(e.message(), Catch::Contains("estimates.config"));
    CHECK_THAT(e.message(), Catch::Contains("GGUF"));
  }
  const Json error = Json::parse(schedule_json(scenario_doc(hf_model("acme/unknown-7b"), nullptr).dump()));
  CHECK(error["error"]["pointer"] == "/estimates");
}
