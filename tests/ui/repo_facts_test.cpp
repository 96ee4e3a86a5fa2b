// Editing the model's repo id in the explorer (app/repo_facts.h, docs/model-facts.md "In the
// explorer"): the size estimates follow the repo; a repo nobody knows gets no winner.
#include <catch2/catch.hpp>

#include "app/examples.h"
#include "app/repo_facts.h"
#include "models/model_catalogue.h"
#include "scheduler.h"

using placement::Json;
using namespace placement::ui;

namespace {

const Json::json_pointer kRepo("/model/huggingface_repo_id");

Json example() {
  Json s = Json::parse(find_example("binpack-vs-spread")->text);
  REQUIRE(s["model"]["huggingface_repo_id"] == "Qwen/Qwen2.5-7B-Instruct");
  return s;
}

Json result(const Json& scenario) { return Json::parse(placement::schedule_json(scenario.dump())); }

}  // namespace

TEST_CASE("repo edits: the estimates follow the repo") {
  const Json start = example();
  const placement::Bytes llama70b = placement::find_catalogue_model("meta-llama/Llama-3.1-70B-Instruct")->weights_bytes;

  // A catalogue repo: its facts replace the example's, and the trace says where they came from.
  const Json llama = with_repo(start, kRepo, "meta-llama/Llama-3.1-70B-Instruct");
  CHECK(llama["estimates"]["weights_bytes"] == llama70b);
  CHECK(llama["estimates"]["config"]["num_hidden_layers"] == 80);
  CHECK(llama["estimates"]["config"]["_name_or_path"] == "meta-llama/Llama-3.1-70B-Instruct");
  const Json r = result(llama);
  REQUIRE_FALSE(r.contains("error"));
  CHECK(r["trace"]["requirement"]["model_facts"]["source"] == "scenario");
  CHECK(r["trace"]["requirement"]["model_facts"]["weights_bytes"] == llama70b);
  CHECK(r["trace"]["warnings"].empty());

  // An unknown repo after a catalogue one: the other model's facts go, the scheduler refuses.
  const Json unknown = with_repo(llama, kRepo, "acme/private-13b");
  CHECK_FALSE(unknown["estimates"].contains("weights_bytes"));
  CHECK_FALSE(unknown["estimates"].contains("config"));
  const Json refused = result(unknown);
  REQUIRE(refused.contains("error"));
  CHECK(refused["error"]["pointer"] == "/estimates");
  CHECK(refused["error"]["message"].get<std::string>().find("no model facts for acme/private-13b") != std::string::npos);

  // Straight from the example (its estimates name no repo but were Qwen2.5-7B's): dropped too.
  CHECK_FALSE(with_repo(start, kRepo, "acme/private-13b")["estimates"].contains("weights_bytes"));

  // The user's own estimates for an unknown repo stay while the repo is edited.
  Json own = unknown;
  own["estimates"]["weights_bytes"] = 26000000000LL;
  own["estimates"]["config"] = Json{{"architectures", {"LlamaForCausalLM"}}};
  const Json renamed = with_repo(own, kRepo, "acme/private-13b-v2");
  CHECK(renamed["estimates"]["weights_bytes"] == 26000000000LL);
  CHECK(renamed["model"]["huggingface_repo_id"] == "acme/private-13b-v2");

  // An empty field is null; a GGUF model's estimates are its file's and never touched.
  CHECK(with_repo(own, kRepo, "")["model"]["huggingface_repo_id"].is_null());
  Json gguf = start;
  gguf["model"]["huggingface_filename"] = "qwen2.5-7b-instruct-q4_k_m.gguf";
  CHECK(with_repo(gguf, kRepo, "meta-llama/Llama-3.1-70B-Instruct")["estimates"] == start["estimates"]);
}
