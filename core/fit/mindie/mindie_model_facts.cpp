#include "fit/mindie/mindie_model_facts.h"

#include <algorithm>
#include <cctype>

namespace placement::mindie {

std::string attention_name(AttentionType t) {
  switch (t) {
    case AttentionType::mha: return "MHA";
    case AttentionType::gqa: return "GQA";
    case AttentionType::mqa: return "MQA";
    case AttentionType::mla: return "MLA";
    default: return "unknown";
  }
}

AttentionType attention_type(const HfHyperParameters& hp) {
  if (!hp.num_attention_heads || *hp.num_attention_heads == 0) return AttentionType::unknown;
  const long long heads = *hp.num_attention_heads;
  const long long kv = hp.num_key_value_heads;
  if (kv == 1) return AttentionType::mqa;
  if (1 < kv && kv < heads && heads % kv == 0) return AttentionType::gqa;
  if (kv == heads) {
    const bool q_lora = hp.q_lora_rank && *hp.q_lora_rank != 0;
    const bool kv_lora = hp.kv_lora_rank && *hp.kv_lora_rank != 0;
    return q_lora && kv_lora ? AttentionType::mla : AttentionType::mha;
  }
  return AttentionType::unknown;
}

bool is_multimodal_architecture(const std::vector<std::string>& architectures) {
  // Synced with GPUStack's registry (itself synced with vLLM v0.15.0's model registry).
  static const char* const kMultimodal[] = {
      "AriaForConditionalGeneration", "AyaVisionForConditionalGeneration", "BeeForConditionalGeneration",
      "Blip2ForConditionalGeneration", "ChameleonForConditionalGeneration", "Cohere2VisionForConditionalGeneration",
      "DeepseekVLV2ForCausalLM", "DeepseekOCRForCausalLM", "DotsOCRForCausalLM", "Eagle2_5_VLForConditionalGeneration",
      "Ernie4_5_VLMoeForConditionalGeneration", "FuyuForCausalLM", "Gemma3ForConditionalGeneration",
      "Gemma3nForConditionalGeneration", "GLM4VForCausalLM", "Glm4vForConditionalGeneration",
      "Glm4v_moeForConditionalGeneration", "Glm4vMoeForConditionalGeneration", "H2OVLChatModel",
      "HunYuanVLForConditionalGeneration", "StepVLForConditionalGeneration", "InternVLChatModel", "NemotronH_Nano_VL_V2",
      "InternS1ForConditionalGeneration", "InternVLForConditionalGeneration", "Idefics3ForConditionalGeneration",
      "IsaacForConditionalGeneration", "SmolVLMForConditionalGeneration", "KananaVForConditionalGeneration",
      "KeyeForConditionalGeneration", "KeyeVL1_5ForConditionalGeneration", "RForConditionalGeneration",
      "KimiVLForConditionalGeneration", "KimiK25ForConditionalGeneration", "LightOnOCRForConditionalGeneration",
      "Lfm2VlForConditionalGeneration", "Llama_Nemotron_Nano_VL", "Llama4ForConditionalGeneration",
      "LlavaForConditionalGeneration", "LlavaNextForConditionalGeneration", "LlavaNextVideoForConditionalGeneration",
      "LlavaOnevisionForConditionalGeneration", "MantisForConditionalGeneration", "MiDashengLMModel",
      "MiniMaxVL01ForConditionalGeneration", "MiniCPMO", "MiniCPMV", "Mistral3ForConditionalGeneration",
      "MolmoForCausalLM", "Molmo2ForConditionalGeneration", "NVLM_D", "Ovis", "Ovis2_5",
      "PaddleOCRVLForConditionalGeneration", "PaliGemmaForConditionalGeneration", "Phi3VForCausalLM",
      "Phi4MMForCausalLM", "Phi4MultimodalForCausalLM", "PixtralForConditionalGeneration",
      "QwenVLForConditionalGeneration", "Qwen2VLForConditionalGeneration", "Qwen2_5_VLForConditionalGeneration",
      "Qwen2AudioForConditionalGeneration", "Qwen2_5OmniModel", "Qwen2_5OmniForConditionalGeneration",
      "Qwen3OmniMoeForConditionalGeneration", "Qwen3VLForConditionalGeneration", "Qwen3VLMoeForConditionalGeneration",
      "UltravoxModel", "SkyworkR1VChatModel", "Step3VLForConditionalGeneration", "TarsierForConditionalGeneration",
      "Tarsier2ForConditionalGeneration", "VoxtralStreamingGeneration", "Florence2ForConditionalGeneration",
      "MllamaForConditionalGeneration", "NemotronParseForConditionalGeneration",
  };
  for (const auto& a : architectures)
    for (const char* m : kMultimodal)
      if (a == m) return true;
  return false;
}

namespace {

// One exploded part: a number, or a list of code points (pre-releases get a negative lead).
struct VersionPart {
  bool is_list = false;
  long long number = 0;
  std::vector<long long> list;
};

std::vector<VersionPart> explode(std::string v) {
  for (char& c : v)
    if (c == '-' || c == '_' || c == '+') c = '.';
  std::vector<VersionPart> parts;
  std::size_t start = 0;
  while (true) {
    const std::size_t dot = v.find('.', start);
    const std::string x = v.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
    VersionPart p;
    const bool digits = !x.empty() && std::all_of(x.begin(), x.end(), [](unsigned char c) { return std::isdigit(c); });
    if (digits) {
      // Python ints are unbounded; 18 digits keep the comparison exact for any real version.
      p.number = x.size() > 18 ? 999999999999999999LL : std::stoll(x);
    } else {
      p.is_list = true;
      std::size_t skip = 0;
      if (x.rfind("alpha", 0) == 0) p.list.push_back(-3), skip = 5;
      else if (x.rfind("beta", 0) == 0) p.list.push_back(-2), skip = 4;
      else if (x.rfind("rc", 0) == 0) p.list.push_back(-1), skip = 2;
      for (std::size_t i = skip; i < x.size(); ++i) p.list.push_back(static_cast<unsigned char>(x[i]));
    }
    parts.push_back(std::move(p));
    if (dot == std::string::npos) break;
    start = dot + 1;
  }
  return parts;
}

int compare_lists(const std::vector<long long>& a, const std::vector<long long>& b) {
  for (std::size_t i = 0; i < a.size() && i < b.size(); ++i)
    if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
  if (a.size() == b.size()) return 0;
  return a.size() < b.size() ? -1 : 1;
}

}  // namespace

int compare_versions(const std::string& a, const std::string& b) {
  if (a == b) return 0;
  std::vector<VersionPart> pa = explode(a), pb = explode(b);
  while (pa.size() < pb.size()) pa.push_back(VersionPart{});
  while (pb.size() < pa.size()) pb.push_back(VersionPart{});
  for (std::size_t i = 0; i < pa.size(); ++i) {
    const VersionPart &x = pa[i], &y = pb[i];
    int c = 0;
    if (!x.is_list && !y.is_list) c = x.number == y.number ? 0 : (x.number < y.number ? -1 : 1);
    else c = compare_lists(x.is_list ? x.list : std::vector<long long>{x.number}, y.is_list ? y.list : std::vector<long long>{y.number});
    if (c != 0) return c;
  }
  return 0;
}

}  // namespace placement::mindie
