#include "scenario/fast_element.h"

#include <limits>

#include "scenario/limits.h"

namespace placement {

void FastElement::scalar(const Scalar& v) {
  if (failed_ || skip_ > 0 || field_ == kUnknown) return;
  if (field_ == kRoot || v.kind == Scalar::null || !on_value(stack_.back().ctx, field_, v)) fail();
  if (!stack_.empty() && !stack_.back().array) field_ = kUnknown;
}

void FastElement::key(const std::string& k) {
  if (failed_ || skip_ > 0) return;
  Frame& frame = stack_.back();
  field_ = field_of(frame.ctx, k);
  if (field_ == kMapEntry) map_key_ = k;
  if (field_ < 0) return;
  const std::uint32_t bit = std::uint32_t{1} << field_;
  if (frame.seen & bit) return fail();  // a repeated key: the regular loader keeps the last one
  frame.seen |= bit;
}

void FastElement::open(bool array) {
  if (failed_) return;
  if (skip_ > 0 || field_ == kUnknown) {
    ++skip_;
    return;
  }
  const int ctx = on_open(stack_.empty() ? kRoot : stack_.back().ctx, field_, array);
  if (ctx < 0) return fail();
  stack_.push_back(Frame{ctx, array});
  field_ = array ? kElement : kUnknown;
}

void FastElement::close() {
  if (failed_) return;
  if (skip_ > 0) {
    if (--skip_ == 0 && !stack_.back().array) field_ = kUnknown;
    return;
  }
  const Frame frame = stack_.back();
  stack_.pop_back();
  if (!on_close(frame.ctx, frame.seen)) return fail();
  if (!stack_.empty()) field_ = stack_.back().array ? kElement : kUnknown;
}

bool FastElement::int_value(const Scalar& v, std::int64_t& out) {
  if (v.kind == Scalar::integer) out = v.i;
  else if (v.kind == Scalar::unsigned_integer && v.u <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
    out = static_cast<std::int64_t>(v.u);
  else return false;
  return true;
}

bool FastElement::size_value(const Scalar& v, std::int64_t& out) {
  return int_value(v, out) && out >= 0 && out <= limits::kMaxBytes;
}

bool FastElement::int_within(const Scalar& v, std::int64_t lo, std::int64_t hi, int& out) {
  std::int64_t i = 0;
  if (!int_value(v, i) || i < lo || i > hi) return false;
  out = static_cast<int>(i);
  return true;
}

bool FastElement::string_value(const Scalar& v, std::string& out) {
  if (v.kind != Scalar::string) return false;
  out = *v.s;
  return true;
}

int FastElement::index_of(std::string_view key, std::initializer_list<std::string_view> names) {
  int i = 0;
  for (const std::string_view n : names) {
    if (key == n) return i;
    ++i;
  }
  return kUnknown;
}

bool FastElement::seen_all(std::uint32_t seen, std::initializer_list<int> fields) {
  for (int f : fields)
    if (!(seen & (std::uint32_t{1} << f))) return false;
  return true;
}

}  // namespace placement
