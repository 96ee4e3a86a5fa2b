// The memo's bytes: "PEGM", format version 1, whether it is complete, the entry count, then each
// entry: its key, whether it has an answer and the answer. Integers are LEB128 varints, signed
// ones zigzag-coded (layer counts and positions are small, byte figures take 5 bytes instead of 8);
// strings are a length and their bytes; optionals a presence byte first. An estimate of a 32-layer
// model over four GPUs is ~3 KB this way against ~16 KB in memory.
#include "fit/gguf/estimate_memo.h"

#include <cstdint>
#include <stdexcept>
#include <utility>

namespace placement {

namespace {

constexpr std::string_view kMagic = "PEGM";
constexpr unsigned char kVersion = 1;

class Writer {
 public:
  void raw(std::string_view s) { out_.append(s); }
  void byte(unsigned char b) { out_.push_back(static_cast<char>(b)); }
  void unsigned_int(std::uint64_t v) {
    while (v >= 0x80) {
      byte(static_cast<unsigned char>(v | 0x80));
      v >>= 7;
    }
    byte(static_cast<unsigned char>(v));
  }
  void text(std::string_view s) {
    unsigned_int(s.size());
    raw(s);
  }
  std::string take() { return std::move(out_); }

  // The field list's verbs (estimate_fields).
  void integer(std::int64_t v) { unsigned_int((static_cast<std::uint64_t>(v) << 1) ^ static_cast<std::uint64_t>(v >> 63)); }
  void flag(bool v) { byte(v ? 1 : 0); }
  void flags(bool first, bool second, const char*) { byte(static_cast<unsigned char>((first ? 1 : 0) | (second ? 2 : 0))); }
  void optional(const std::optional<long long>& v) {
    flag(v.has_value());
    if (v) integer(*v);
  }
  template <class T, class Each>
  void list(const std::vector<T>& items, std::size_t, Each each) {
    unsigned_int(items.size());
    for (const T& item : items) each(item);
  }

 private:
  std::string out_;
};

class Reader {
 public:
  explicit Reader(std::string_view in) : in_(in) {}

  [[noreturn]] void fail(const std::string& what) const {
    throw std::invalid_argument("GGUF estimate memo: byte " + std::to_string(at_) + ": " + what);
  }
  unsigned char byte() {
    if (at_ >= in_.size()) fail("ends early");
    return static_cast<unsigned char>(in_[at_++]);
  }
  bool flag() {
    const unsigned char b = byte();
    if (b > 1) fail("a flag must be 0 or 1, not " + std::to_string(b));
    return b == 1;
  }
  std::uint64_t unsigned_int() {
    std::uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      const unsigned char b = byte();
      v |= std::uint64_t{b & 0x7fu} << shift;
      if (!(b & 0x80)) return v;
    }
    fail("an integer runs past 64 bits");
  }
  // A count of things that each take at least `least_bytes` bytes: checked against what is left,
  // so a corrupt count cannot make the reader reserve gigabytes.
  std::size_t count(std::size_t least_bytes) {
    const std::uint64_t n = unsigned_int();
    if (n > (in_.size() - at_) / least_bytes) fail("a count of " + std::to_string(n) + " exceeds the bytes left");
    return static_cast<std::size_t>(n);
  }
  std::string text() {
    const std::size_t n = count(1);
    std::string s(in_.substr(at_, n));
    at_ += n;
    return s;
  }
  std::size_t at() const { return at_; }
  bool done() const { return at_ == in_.size(); }

  // The field list's verbs (estimate_fields).
  void integer(std::int64_t& v) {
    const std::uint64_t u = unsigned_int();
    v = static_cast<std::int64_t>((u >> 1) ^ (~(u & 1) + 1));
  }
  void integer(int& v) {  // layer counts and positions
    std::int64_t wide = 0;
    integer(wide);
    if (wide < INT32_MIN || wide > INT32_MAX) fail("a layer count or position out of range");
    v = static_cast<int>(wide);
  }
  void flag(bool& v) { v = flag(); }
  // Two booleans packed in one byte (bits 0 and 1), as `what` names them.
  void flags(bool& first, bool& second, const char* what) {
    const unsigned char b = byte();
    if (b > 3) fail(std::string(what) + " flags must be below 4, not " + std::to_string(b));
    first = (b & 1) != 0, second = (b & 2) != 0;
  }
  void text(std::string& v) { v = text(); }
  void optional(std::optional<long long>& v) {
    v.reset();
    if (!flag()) return;
    std::int64_t wide = 0;
    integer(wide);
    v = wide;
  }
  template <class T, class Each>
  void list(std::vector<T>& items, std::size_t least_bytes, Each each) {
    items.resize(count(least_bytes));
    for (T& item : items) each(item);
  }

 private:
  std::string_view in_;
  std::size_t at_ = 0;
};

// The fields of an estimate, in their order in the bytes: one list for both directions (Writer
// reads them from a const estimate, Reader fills them), so the two cannot drift apart.
constexpr std::size_t kLeastDevice = 6;  // five integers and a flags byte, a byte each at least
constexpr std::size_t kLeastItem = 3 + kLeastDevice;  // its layers, flag, ram and device count

template <class Io, class Device>
void device_fields(Io& io, Device& d) {
  io.integer(d.handle_layers), io.integer(d.handle_last_layer);  // the layers it holds
  io.flags(d.handle_output_layer, d.remote, "device");
  io.integer(d.position), io.integer(d.uma), io.integer(d.nonuma);  // where, and its bytes
}

template <class Io, class Estimate>
void estimate_fields(Io& io, Estimate& e) {
  io.text(e.architecture);
  io.optional(e.context_size);
  io.flags(e.flash_attention, e.no_mmap, "estimate");
  io.optional(e.logical_batch_size);
  io.optional(e.physical_batch_size);
  io.list(e.items, kLeastItem, [&io](auto& item) {
    io.integer(item.offload_layers);
    io.flag(item.full_offloaded);
    device_fields(io, item.ram);
    io.list(item.vrams, kLeastDevice, [&io](auto& d) { device_fields(io, d); });
  });
}

}  // namespace

std::size_t estimate_bytes(const gguf::Estimate& e) {
  std::size_t bytes = sizeof e;
  for (const gguf::EstimateItem& item : e.items) bytes += sizeof item + item.vrams.size() * sizeof(gguf::DeviceEstimate);
  return bytes;
}

const std::optional<gguf::Estimate>* GgufEstimateMemo::find(const std::string& key) const {
  const auto it = index_.find(key);
  return it == index_.end() ? nullptr : &entries_[it->second].second;
}

bool GgufEstimateMemo::record(const std::string& key, std::optional<gguf::Estimate>&& answer) {
  if (index_.count(key)) return false;
  const std::size_t bytes = key.size() + (answer ? estimate_bytes(*answer) : 0);
  if (bytes_ + bytes > budget_bytes_) {
    complete_ = false;
    return false;
  }
  bytes_ += bytes;
  index_.emplace(key, entries_.size());
  entries_.emplace_back(key, std::move(answer));
  return true;
}

std::string GgufEstimateMemo::encode() const {
  Writer w;
  w.raw(kMagic);
  w.byte(kVersion);
  w.byte(complete_ ? 1 : 0);
  w.unsigned_int(entries_.size());
  for (const auto& [key, answer] : entries_) {
    w.text(key);
    w.byte(answer ? 1 : 0);
    if (answer) estimate_fields(w, *answer);
  }
  return w.take();
}

GgufEstimateMemo GgufEstimateMemo::decode(std::string_view bytes) {
  Reader r(bytes);
  for (char c : kMagic)
    if (r.byte() != static_cast<unsigned char>(c)) r.fail("not a GGUF estimate memo (it starts with \"PEGM\")");
  if (const unsigned char v = r.byte(); v != kVersion) r.fail("format version " + std::to_string(v) + " (this core reads 1)");
  GgufEstimateMemo memo(SIZE_MAX);
  const bool complete = r.flag();
  const std::size_t entries = r.count(2);
  for (std::size_t i = 0; i < entries; ++i) {
    const std::size_t at = r.at();
    std::string key = r.text();
    std::optional<gguf::Estimate> answer;
    if (r.flag()) estimate_fields(r, answer.emplace());
    // The decoder's budget has no end, so a refusal can only mean the key is there already.
    if (!memo.record(key, std::move(answer)))
      throw std::invalid_argument("GGUF estimate memo: byte " + std::to_string(at) + ": entry " + std::to_string(i) + " repeats a query");
  }
  if (!r.done()) r.fail("bytes after the last entry");
  memo.complete_ = complete;
  return memo;
}

}  // namespace placement
