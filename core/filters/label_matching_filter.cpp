#include "filters/label_matching_filter.h"

#include "filters/filter_summaries.h"
#include "filters/verdict_data.h"

namespace placement::filters {

namespace {

// GPUStack appends a Linux-only note for the backends that need Linux, read from the
// *effective* backend (Q17 when the literal one is null).
std::optional<std::string> linux_only_note(const Model& model) {
  const std::string backend = effective_backend(model);
  if (backend == "vLLM") return std::string("vllm_linux_only");
  if (backend == "MindIE") return std::string("mindie_linux_only");
  return std::nullopt;
}

}  // namespace

void LabelMatchingFilter::run(const FilterContext& ctx, const std::vector<const Worker*>& workers, FilterRecord& record) {
  if (!ctx.model.worker_selector) {
    record.not_applied("the model has no worker_selector", workers);
    return;
  }
  const StringMap& selector = *ctx.model.worker_selector;
  record.applied("worker_selector is set: every selector label must be present with an equal value");
  for (const Worker* w : workers) {
    bool ok = true;
    // GPUStack stops at the first key that fails.
    for (const auto& [key, want] : selector) {
      const std::string* have = find_value(w->labels, key);
      if (!have) {
        record.fail(*w, kCodeMissing, std::make_shared<const LabelData>(key));
        ok = false;
        break;
      }
      if (*have != want) {
        record.fail(*w, kCodeMismatch, std::make_shared<const LabelData>(key, want, *have));
        ok = false;
        break;
      }
    }
    if (ok) record.pass(*w, kCodeMatch);
  }
  const auto note = linux_only_note(ctx.model);
  auto summary = std::make_shared<LabelSummary>();
  summary->selector = selector;
  summary->matched = record.kept().size();
  summary->of = record.input_count();
  summary->note = note;
  record.summary(summary);
  // GPUStack writes its line only when the selector removed someone.
  if (record.excluded_count() > 0) {
    ctx.trace.message("filters", Name, summary);
    if (note && !ctx.model.backend && !is_gguf(ctx.model))
      ctx.trace.quirk("Q17", "filters.labels", "the Linux-only note follows the effective backend (vLLM) of a model whose backend is null");
  }
}

}  // namespace placement::filters
