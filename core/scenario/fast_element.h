// Typed readers for one element of `workers` or `model_instances`, fed by the SAX parser, for
// the shape such elements usually have. They never decide anything the regular loader would not:
// on a null, a type, a range or a duplicate key they are not sure about, they give up, and the
// element's text is loaded the regular way (load_worker / load_instance), which then gives the
// exact value or error. What they accept, they read to exactly what the regular loader returns.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "scenario/types.h"

namespace placement {

class FastElement {
 public:
  struct Scalar {
    enum Kind { null, boolean, integer, unsigned_integer, floating, string } kind = null;
    bool b = false;
    std::int64_t i = 0;
    std::uint64_t u = 0;
    double d = 0;
    const std::string* s = nullptr;
  };

  virtual ~FastElement() = default;
  // Whether the element read so far is one this reader took; after end(), whether it is whole.
  bool ok() const { return !failed_; }

  void scalar(const Scalar& v);
  void key(const std::string& k);
  void open(bool array);
  void close();

 protected:
  static constexpr int kUnknown = -1;   // a key the loader ignores: its value is skipped
  static constexpr int kMapEntry = -2;  // a member of a map context (the key is in map_key_)
  static constexpr int kElement = -3;   // an element of an array context
  static constexpr int kRoot = -4;      // the element itself

  // A new context for a container at (ctx, field), or -1 to give up.
  virtual int on_open(int ctx, int field, bool array) = 0;
  virtual bool on_value(int ctx, int field, const Scalar& v) = 0;
  // The container of context `ctx` ends; `seen` has bit f set for each field f it had.
  virtual bool on_close(int ctx, std::uint32_t seen) = 0;
  // The field id (0..31) of `key` in the object context `ctx`, kUnknown or kMapEntry.
  virtual int field_of(int ctx, const std::string& key) const = 0;

  static bool int_value(const Scalar& v, std::int64_t& out);  // integers only (5.0 gives up)
  static bool size_value(const Scalar& v, std::int64_t& out);  // 0 .. limits::kMaxBytes
  static bool int_within(const Scalar& v, std::int64_t lo, std::int64_t hi, int& out);
  static bool string_value(const Scalar& v, std::string& out);
  static int index_of(std::string_view key, std::initializer_list<std::string_view> names);  // or kUnknown
  static bool seen_all(std::uint32_t seen, std::initializer_list<int> fields);

  std::string map_key_;

 private:
  struct Frame {
    int ctx;
    bool array;
    std::uint32_t seen = 0;
  };
  std::vector<Frame> stack_;
  int field_ = kRoot;
  int skip_ = 0;  // depth inside a skipped value
  bool failed_ = false;

  void fail() { failed_ = true; }
};

class FastWorker final : public FastElement {
 public:
  Worker worker;

 private:
  // Contexts: which object or array an event is in.
  enum Context { cWorker, cLabels, cReserved, cStatus, cStatusMemory, cGpus, cGpu, cGpuMemory, cGpuNetwork };
  std::int64_t reserved_[4] = {};  // ram, memory, vram, gpu_memory
  std::uint32_t reserved_seen_ = 0;

  int on_open(int ctx, int field, bool array) override;
  bool on_value(int ctx, int field, const Scalar& v) override;
  bool on_close(int ctx, std::uint32_t seen) override;
  int field_of(int ctx, const std::string& key) const override;
};

class FastInstance final : public FastElement {
 public:
  ModelInstance instance;

 private:
  enum Context { cInstance, cGpuIndexes, cClaim, cVram, cServers, cSubordinates };
  std::vector<std::string> vram_keys_;

  int on_open(int ctx, int field, bool array) override;
  bool on_value(int ctx, int field, const Scalar& v) override;
  bool on_close(int ctx, std::uint32_t seen) override;
  int field_of(int ctx, const std::string& key) const override;
};

}  // namespace placement
