#include "gguf/ggml_types.h"

#include <array>

namespace placement::gguf {

namespace {

// Indexed by id; removed ids have a null name. 31-33 and 36-38 were removed from llama.cpp but
// gguf-parser-go still sizes them like Q4_0 / IQ4_NL, and old files carry them, so they stay.
constexpr std::array<GgmlType, 43> kTypes{{
    {0, "F32", 1, 4},        {1, "F16", 1, 2},        {2, "Q4_0", 32, 18},     {3, "Q4_1", 32, 20},
    {4, nullptr, 0, 0},      {5, nullptr, 0, 0},      {6, "Q5_0", 32, 22},     {7, "Q5_1", 32, 24},
    {8, "Q8_0", 32, 34},     {9, "Q8_1", 32, 36},     {10, "Q2_K", 256, 84},   {11, "Q3_K", 256, 110},
    {12, "Q4_K", 256, 144},  {13, "Q5_K", 256, 176},  {14, "Q6_K", 256, 210},  {15, "Q8_K", 256, 292},
    {16, "IQ2_XXS", 256, 66}, {17, "IQ2_XS", 256, 74}, {18, "IQ3_XXS", 256, 98}, {19, "IQ1_S", 256, 50},
    {20, "IQ4_NL", 32, 18},  {21, "IQ3_S", 256, 110}, {22, "IQ2_S", 256, 82},  {23, "IQ4_XS", 256, 136},
    {24, "I8", 1, 1},        {25, "I16", 1, 2},       {26, "I32", 1, 4},       {27, "I64", 1, 8},
    {28, "F64", 1, 8},       {29, "IQ1_M", 256, 56},  {30, "BF16", 1, 2},      {31, "Q4_0_4_4", 32, 18},
    {32, "Q4_0_4_8", 32, 18}, {33, "Q4_0_8_8", 32, 18}, {34, "TQ1_0", 256, 54}, {35, "TQ2_0", 256, 66},
    {36, "IQ4_NL_4_4", 32, 18}, {37, "IQ4_NL_4_8", 32, 18}, {38, "IQ4_NL_8_8", 32, 18},
    {39, "MXFP4", 32, 17},   {40, "NVFP4", 64, 36},   {41, "Q1_0", 128, 18},   {42, "Q2_0", 64, 18},
}};

// Indexed by general.file_type; gaps (4-6, removed) are null.
constexpr std::array<const char*, 39> kFileTypes{{
    "ALL_F32", "F16", "Q4_0", "Q4_1", nullptr, nullptr, nullptr, "Q8_0", "Q5_0", "Q5_1",
    "Q2_K", "Q3_K_S", "Q3_K_M", "Q3_K_L", "Q4_K_S", "Q4_K_M", "Q5_K_S", "Q5_K_M", "Q6_K",
    "IQ2_XXS", "IQ2_XS", "Q2_K_S", "IQ3_XS", "IQ3_XXS", "IQ1_S", "IQ4_NL", "IQ3_S", "IQ3_M",
    "IQ2_S", "IQ2_M", "IQ4_XS", "IQ1_M", "BF16", "Q4_0_4_4", "Q4_0_4_8", "Q4_0_8_8", "TQ1_0",
    "TQ2_0", "MXFP4_MOE",
}};

}  // namespace

const GgmlType* ggml_type(std::uint32_t id) {
  if (id >= kTypes.size() || kTypes[id].name == nullptr) return nullptr;
  return &kTypes[id];
}

const char* ggml_type_name(std::uint32_t id) {
  const GgmlType* t = ggml_type(id);
  return t ? t->name : nullptr;
}

std::optional<std::uint64_t> ggml_tensor_bytes(std::uint32_t id, std::uint64_t ne0, std::uint64_t rows) {
  const GgmlType* t = ggml_type(id);
  if (t == nullptr || ne0 % t->block_size != 0) return std::nullopt;
  std::uint64_t row_bytes = 0, total = 0;
  if (__builtin_mul_overflow(ne0 / t->block_size, std::uint64_t{t->bytes_per_block}, &row_bytes)) return std::nullopt;
  if (__builtin_mul_overflow(row_bytes, rows, &total)) return std::nullopt;
  return total;
}

const char* ggml_file_type_name(std::uint64_t file_type) {
  return file_type < kFileTypes.size() ? kFileTypes[file_type] : nullptr;
}

}  // namespace placement::gguf
