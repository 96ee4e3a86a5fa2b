// Split models read together (format-and-estimate.md §1.8) on real split files made here by
// split_writer.h the way llama.cpp's gguf-split makes them: the shards of a model give the same
// profile and estimate as the whole file (but for gguf-parser's header term, summed over the
// shards), and any set of files that is not exactly one model's shards is refused by name.
#include <catch2/catch.hpp>

#include "gguf/estimator.h"
#include "gguf/split_files.h"
#include "gguf/split_model.h"
#include "split_writer.h"

using namespace placement::gguf;
using gguf_test::TinyModel;

namespace {

using Bytes = std::vector<std::uint8_t>;

GgufFile parse_named(const Bytes& bytes, const std::string& name) {
  GgufFile f = gguf_test::parse_all(bytes);
  f.file_name = name;
  return f;
}

std::vector<GgufFile> parse_shards(const std::vector<Bytes>& shards, const std::string& prefix = "tiny") {
  std::vector<GgufFile> out;
  for (std::size_t k = 0; k < shards.size(); ++k) out.push_back(parse_named(shards[k], gguf_test::shard_name(prefix, k, shards.size())));
  return out;
}

ModelProfile profile_of(std::vector<GgufFile> files) { return profile_from_gguf(assemble_shards(std::move(files))); }

// The profile without its file facts (header, file size, shard count), which differ by design.
placement::Json model_facts(const ModelProfile& p) {
  placement::Json j = profile_to_json(p);
  for (const char* k : {"header_bytes", "file_bytes", "shards"}) j.erase(k);
  return j;
}

std::string refusal(std::vector<GgufFile> files) {
  try {
    assemble_shards(std::move(files));
  } catch (const SplitError& e) {
    return e.what();
  }
  return "(accepted)";
}

}  // namespace

TEST_CASE("gguf split model: the shards read together equal the whole file", "[gguf][split]") {
  const TinyModel model = gguf_test::tiny_llama(4);
  const ModelProfile whole = profile_of({parse_named(gguf_test::write_whole(model), "tiny.gguf")});
  REQUIRE(whole.effective_block_count() == 4);
  REQUIRE(whole.tensor_count == 39);

  struct Row {
    const char* what;
    std::size_t max_tensors;
    bool metadata_only_first;
    std::size_t shards;
  };
  const Row rows[] = {
      {"2 shards", 20, false, 2},
      {"3 shards", 15, false, 3},
      {"3 shards, shard 1 metadata only (--no-tensor-in-metadata)", 20, true, 3},
      {"a shard boundary inside a block", 13, false, 3},
  };
  const EstimatorOptions options = parse_estimator_flags({"--ctx-size", "1024"});
  for (const Row& r : rows) {
    INFO(r.what);
    const std::vector<Bytes> bytes = gguf_test::write_split(model, r.max_tensors, r.metadata_only_first);
    REQUIRE(bytes.size() == r.shards);
    std::vector<GgufFile> files = parse_shards(bytes);
    std::uint64_t shard_headers = 0, shard_files = 0;
    for (const GgufFile& f : files) {
      shard_headers += profile_from_gguf({f}).header_bytes;
      shard_files += f.file_size;
    }
    const ModelProfile split = profile_of(files);
    CHECK(model_facts(split) == model_facts(whole));
    CHECK(split.shards == r.shards);
    CHECK(split.parameters == whole.parameters);
    // gguf-parser sums every shard's header (its data offset) and file size (file.go, parseGGUFFile).
    CHECK(split.header_bytes == shard_headers);
    CHECK(split.file_bytes == shard_files);
    CHECK(split.header_bytes > whole.header_bytes);

    // The estimate differs only by that header term: with the whole file's header it is the same.
    ModelProfile same_header = split;
    same_header.header_bytes = whole.header_bytes;
    same_header.file_bytes = whole.file_bytes;
    same_header.shards = 1;
    CHECK(estimate_to_json(estimate(same_header, options)) == estimate_to_json(estimate(whole, options)));
    const Estimate e_split = estimate(split, options), e_whole = estimate(whole, options);
    CHECK(estimate_to_json(e_split) != estimate_to_json(e_whole));

    // The files may be chosen in any order.
    std::reverse(files.begin(), files.end());
    CHECK(profile_to_json(profile_of(files)) == profile_to_json(split));
  }
}

TEST_CASE("gguf split model: one shard alone is refused, at every position", "[gguf][split]") {
  const std::vector<GgufFile> files = parse_shards(gguf_test::write_split(gguf_test::tiny_llama(4), 15));
  REQUIRE(files.size() == 3);
  for (std::size_t k = 0; k < 3; ++k) {
    INFO("shard " << k + 1);
    const std::string name = gguf_test::shard_name("tiny", k, 3);
    CHECK(refusal({files[k]}) == name + ": shard " + std::to_string(k + 1) + " of 3: load all 3 files together (one shard alone is only part of the model)");
  }
}

TEST_CASE("gguf split model: files that are not exactly one model's shards", "[gguf][split]") {
  const TinyModel model = gguf_test::tiny_llama(4);
  const std::vector<GgufFile> three = parse_shards(gguf_test::write_split(model, 15));
  const std::vector<GgufFile> two = parse_shards(gguf_test::write_split(model, 20), "other");
  const GgufFile whole = parse_named(gguf_test::write_whole(model), "tiny.gguf");
  struct Row {
    const char* what;
    std::vector<GgufFile> files;
    std::string message;
  };
  const std::vector<Row> rows = {
      {"shard 2 missing", {three[0], three[2]}, "shard 2 of 3 is missing (tiny-00002-of-00003.gguf): load all 3 files together"},
      {"shard 1 missing", {three[2], three[1]}, "shard 1 of 3 is missing (tiny-00001-of-00003.gguf): load all 3 files together"},
      {"shard 3 missing", {three[0], three[1]}, "shard 3 of 3 is missing (tiny-00003-of-00003.gguf): load all 3 files together"},
      {"a shard twice", {three[0], three[1], three[1]}, "two files are shard 2 of 3: tiny-00002-of-00003.gguf and tiny-00002-of-00003.gguf"},
      {"shards of two splits", {three[0], two[1], three[2]},
       "tiny-00001-of-00003.gguf is shard 1 of 3 but other-00002-of-00002.gguf is shard 2 of 2: they are not one model"},
      {"a whole model among shards", {three[0], three[1], three[2], whole},
       "tiny.gguf is a whole model (it has no split.count), not a shard of a split model: load one whole model, or all shards of one split model"},
      {"two whole models", {whole, whole}, "tiny.gguf is a whole model (it has no split.count), not a shard of a split model: load one whole model, or all shards of one split model"},
      {"nothing", {}, "no GGUF file chosen"},
  };
  for (const Row& r : rows) {
    INFO(r.what);
    CHECK(refusal(r.files) == r.message);
  }
  CHECK(refusal({whole}) == "(accepted)");
  CHECK(refusal({three[0], three[1], three[2]}) == "(accepted)");
}

TEST_CASE("gguf split model: malformed split metadata names the byte and the key", "[gguf][split]") {
  using gguf_test::KvRecord;
  const TinyModel model = gguf_test::tiny_llama(2);
  // split.no is the first record (byte 24, after magic, version and the two counts); split.count
  // follows it (24 + 8 + 8 + 4 + 2 = 46), then split.tensors.count (46 + 8 + 11 + 4 + 2 = 71).
  struct Row {
    const char* what;
    gguf_test::SplitRecords records;
    std::string message;
  };
  const std::vector<Row> rows = {
      {"split.count a string",
       [](std::uint16_t no, std::uint16_t, std::int32_t t) {
         return std::vector<KvRecord>{gguf_test::kv_u16("split.no", no), gguf_test::kv_str("split.count", "2"), gguf_test::kv_i32("split.tensors.count", t)};
       },
       "tiny-00001-of-00002.gguf: bad GGUF at byte 46 (KV 'split.count'): split.count must be an integer, not STRING"},
      {"split.no negative",
       [](std::uint16_t, std::uint16_t c, std::int32_t t) {
         return std::vector<KvRecord>{gguf_test::kv_i32("split.no", -1), gguf_test::kv_u16("split.count", c), gguf_test::kv_i32("split.tensors.count", t)};
       },
       "tiny-00001-of-00002.gguf: bad GGUF at byte 24 (KV 'split.no'): split.no is negative"},
      {"split.no beyond split.count",
       [](std::uint16_t no, std::uint16_t c, std::int32_t t) { return gguf_test::gguf_split_records(no + 2, c, t); },
       "tiny-00001-of-00002.gguf: bad GGUF at byte 24 (KV 'split.no'): split.no is 2 (0-based) but split.count is 2"},
      {"split.count 0",
       [](std::uint16_t no, std::uint16_t, std::int32_t t) { return gguf_test::gguf_split_records(no, 0, t); },
       "tiny-00001-of-00002.gguf: bad GGUF at byte 46 (KV 'split.count'): split.count is 0"},
      {"split.no absent",
       [](std::uint16_t, std::uint16_t c, std::int32_t t) {
         return std::vector<KvRecord>{gguf_test::kv_u16("split.count", c), gguf_test::kv_i32("split.tensors.count", t)};
       },
       "tiny-00001-of-00002.gguf: bad GGUF at byte 24 (KV 'split.count'): split.count is 2 but split.no is absent"},
      {"split.tensors.count a float",
       [](std::uint16_t no, std::uint16_t c, std::int32_t) {
         return std::vector<KvRecord>{gguf_test::kv_u16("split.no", no), gguf_test::kv_u16("split.count", c),
                                      gguf_test::kv("split.tensors.count", [](gguf_test::Writer& w) { w.u32(6).f32(21); })};
       },
       "tiny-00001-of-00002.gguf: bad GGUF at byte 71 (KV 'split.tensors.count'): split.tensors.count must be an integer, not FLOAT32"},
      {"split.tensors.count not the shards' total",
       [](std::uint16_t no, std::uint16_t c, std::int32_t t) { return gguf_test::gguf_split_records(no, c, t + 1); },
       "tiny-00001-of-00002.gguf: bad GGUF at byte 71 (KV 'split.tensors.count'): the model has 22 tensors but its 2 shards hold 21"},
  };
  for (const Row& r : rows) {
    INFO(r.what);
    const std::vector<Bytes> bytes = gguf_test::write_split(model, 12, false, r.records);
    REQUIRE(bytes.size() == 2);
    CHECK(refusal(parse_shards(bytes)) == r.message);
  }
}

TEST_CASE("gguf split model: the Qwen2.5 7B fixture's three shards", "[gguf][split]") {
  std::vector<GgufFile> shards;
  for (const std::string& p : split_shard_paths(gguf_test::data_path("models/qwen2.5-7b-instruct-q8_0-00001-of-00003.gguf"))) {
    shards.push_back(gguf_test::parse_all(gguf_test::read_bytes(p)));
    shards.back().file_name = p.substr(p.rfind('/') + 1);
  }
  REQUIRE(shards.size() == 3);
  const ModelProfile p = profile_of(shards);
  CHECK(p.tensor_count == 339);
  CHECK(p.parameters == 7615616512);
  CHECK(p.effective_block_count() == 28);
  // The report: shard 1 alone looked like a 2.55 B model, shard 2 alone like 0 layers.
  CHECK(refusal({shards[0]}) == "qwen2.5-7b-instruct-q8_0-00001-of-00003.gguf: shard 1 of 3: load all 3 files together (one shard alone is only part of the model)");
  CHECK(refusal({shards[1]}) == "qwen2.5-7b-instruct-q8_0-00002-of-00003.gguf: shard 2 of 3: load all 3 files together (one shard alone is only part of the model)");
}
