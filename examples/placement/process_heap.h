// How the CLI's short-lived process uses its heap. A whole `placement schedule` run on a
// thousand-worker scenario fills ~10 MB of fresh heap, and on the virtual machines it often runs
// on, the kernel's work of mapping that memory page by page was a third of the run.
#pragma once

#include <cstddef>

namespace placement::cli {

// Keeps freed memory in the heap and serves large blocks from it too (called once at start).
void keep_heap();

// Starts the heap's next growth on a 2 MiB boundary and asks the kernel to back the next `bytes`
// of it with transparent huge pages: one fault per 2 MiB instead of 512, and far fewer TLB
// misses (the decision's first touches of fresh memory were most of its time). Untouched huge
// pages cost nothing; the last one touched is resident whole. Does nothing where huge pages are
// not offered.
void reserve_heap(std::size_t bytes);

}  // namespace placement::cli
