// The words of the explanations, shared by the plain-text and the Markdown renderers so both say
// the same thing about the same trace: numbers (GiB, fixed digits), trace records (filter drops,
// rejections, shortfalls, requirement, summary lines...) as one line of text each. Pure.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "explain/units.h"
#include "scheduler.h"

namespace placement::explain {

std::string subject_text(const Json& subject);  // "w1 GPUs [0,1] + RPC [...]"
std::string shortfall_text(const Json& shortfall);
std::string claim_text(const ResourceClaim& claim);
std::string candidate_line(const Candidate& c);  // "w1 GPUs [0,1] + w2 [overcommit]"

// "code (data)" of a filter verdict or a rejection: the record's code and its data, if any.
std::string code_text(const Json& record);
// The requirement's fields a reader is shown, in trace order, as (key, "12.00 GiB [source]"): the
// selectors' shapes {bytes, source}, {value, source}, {uma, nonuma} and plain values. Lists, nulls
// and other objects are left out (model_facts and the estimate queries have lines of their own).
// The CLI's line and the explorer's requirement list are both made of these.
std::vector<std::pair<std::string, std::string>> requirement_fields(const Json& requirement);
// The requirement as "vram 12.00 GiB [source], ..." (empty when there is none) and its
// estimate queries, one line each ("estimate query ... -> source").
std::string requirement_text(const Json& requirement);
// "catalogue: meta-llama/Llama-3.1-70B-Instruct, LlamaForCausalLM, weights 131.42 GiB" from
// requirement.model_facts (docs/model-facts.md); empty when absent.
std::string model_facts_text(const Json& requirement);
std::vector<std::string> estimate_query_lines(const Json& requirement);
// A strategy's outcome: "skipped (code) data", "not reached (...)", "tried, 2 candidates (...)".
std::string strategy_outcome(const Json& strategy);
inline constexpr std::size_t kRejectionsShown = 12;

// One line per record of the trace's tail lists and messages.
std::string evaluation_change_line(const Json& change);
std::string summary_line(const Json& line);
std::string cap_line(const Json& cap);
std::string quirk_line(const Json& quirk);
std::string message_line(const Json& message);
std::string error_line(const Json& error);  // "kind during stage: reason"

// The opening sentence of an explanation.
std::string schedule_heading(const Scenario& s);  // Scheduling one instance of "m" (backend ...) on ...
std::string scale_down_heading(const Scenario& s);

}  // namespace placement::explain
