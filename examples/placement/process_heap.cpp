#include "process_heap.h"

#include <cstdint>
#include <cstdlib>

#if defined(__GLIBC__)
#include <malloc.h>
#endif
#if defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>
#endif

namespace placement::cli {

// glibc hands freed memory at the top of the heap back to the kernel and serves large blocks
// from fresh mappings; a run then pays a page fault for every 4 KiB of its trace although the
// parsed input document it freed just before was as large. A short-lived process keeps its heap
// (the CLI ends with exit_now, which never frees anyway).
void keep_heap() {
#if defined(__GLIBC__)
  mallopt(M_MMAP_THRESHOLD, 32 << 20);
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
#endif
}

void reserve_heap(std::size_t bytes) {
#if defined(__GLIBC__) && defined(__linux__) && defined(MADV_HUGEPAGE)
  constexpr std::uintptr_t kHugePage = std::uintptr_t{2} << 20;
  if (bytes < 2 * kHugePage) return;
  // Move the break to the next 2 MiB boundary first: glibc's allocator takes the gap as memory
  // of someone else's and starts its next growth there, so the block below (and every later
  // allocation carved from it) begins on a huge page instead of up to 2 MiB of small ones. The
  // gap is never touched and costs address space only.
  const auto brk_now = reinterpret_cast<std::uintptr_t>(sbrk(0));
  const std::uintptr_t gap = ((brk_now + kHugePage - 1) & ~(kHugePage - 1)) - brk_now;
  if (gap > 0 && sbrk(static_cast<std::intptr_t>(gap)) == reinterpret_cast<void*>(-1)) return;
  // With keep_heap's settings the block comes from the top of the heap and goes back to it
  // untouched but for its header; the next allocations are carved from it in order.
  void* block = std::malloc(bytes);
  if (block == nullptr) return;
  const auto begin = reinterpret_cast<std::uintptr_t>(block);
  const std::uintptr_t first = begin & ~(kHugePage - 1);
  const std::uintptr_t last = (begin + bytes) & ~(kHugePage - 1);
  if (last > first) madvise(reinterpret_cast<void*>(first), last - first, MADV_HUGEPAGE);
  std::free(block);
#else
  (void)bytes;
#endif
}

}  // namespace placement::cli
