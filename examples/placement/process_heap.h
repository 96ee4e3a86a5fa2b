// How the CLI's short-lived process uses its heap. A whole `placement schedule` run on a
// thousand-worker scenario fills ~14 MB of fresh heap, and on the virtual machines it often runs
// on, the kernel's work of mapping that memory page by page was a third of the run.
#pragma once

#include <cstddef>

namespace placement::cli {

// Keeps freed memory in the heap and serves large blocks from it too (called once at start).
void keep_heap();

// Grows the heap by about `bytes` that the run will surely fill, and asks the kernel to back the
// 2 MiB-aligned part of them with transparent huge pages: one fault per 2 MiB instead of 512.
// Only a part the run fills is asked for, so peak memory does not grow; does nothing where
// huge pages are not offered.
void reserve_heap(std::size_t bytes);

}  // namespace placement::cli
