// A list that keeps its first N elements inside itself. A strategy at a thousand workers writes a
// rejection per GPU, each with one GPU index and one or two shortfalls: as std::vectors those were
// two heap blocks per rejection, allocated while deciding and freed with the trace.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <initializer_list>
#include <utility>
#include <vector>

namespace placement {

template <typename T, std::size_t N>
class SmallList {
 public:
  SmallList() = default;
  SmallList(std::initializer_list<T> items) {
    for (const T& item : items) push_back(item);
  }
  SmallList(const std::vector<T>& items) {  // NOLINT: implicit, callers build vectors too
    for (const T& item : items) push_back(item);
  }

  SmallList& operator=(std::vector<T> items) {
    clear();
    if (items.size() > N) {
      spilled_ = std::move(items);
      size_ = spilled_.size();
    } else {
      for (T& item : items) push_back(std::move(item));
    }
    return *this;
  }

  void push_back(T item) {
    if (size_ < N) {
      inline_[size_++] = std::move(item);
      return;
    }
    if (size_ == N) spilled_.assign(std::make_move_iterator(inline_.begin()), std::make_move_iterator(inline_.end()));
    spilled_.push_back(std::move(item));
    ++size_;
  }

  void clear() {
    spilled_.clear();
    size_ = 0;
  }

  // Keeps the first `n` elements (n <= size()).
  void truncate(std::size_t n) {
    if (n >= size_) return;
    if (size_ > N && n <= N) {
      std::move(spilled_.begin(), spilled_.begin() + static_cast<std::ptrdiff_t>(n), inline_.begin());
      spilled_.clear();
    } else if (size_ > N) {
      spilled_.resize(n);
    }
    size_ = n;
  }

  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const T* begin() const { return size_ > N ? spilled_.data() : inline_.data(); }
  const T* end() const { return begin() + size_; }
  T* begin() { return size_ > N ? spilled_.data() : inline_.data(); }
  T* end() { return begin() + size_; }
  const T& operator[](std::size_t i) const { return begin()[i]; }
  T& operator[](std::size_t i) { return begin()[i]; }
  const T& back() const { return end()[-1]; }
  T& back() { return end()[-1]; }

  std::vector<T> to_vector() const { return std::vector<T>(begin(), end()); }

 private:
  std::array<T, N> inline_{};
  std::vector<T> spilled_;  // every element once there are more than N
  std::size_t size_ = 0;
};

}  // namespace placement
