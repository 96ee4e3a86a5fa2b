#include "fit/gguf/partial_search.h"

namespace placement::gguf_fit {

int layer_search(const std::vector<Bytes>& arr, Bytes target) {
  if (arr.empty() || arr.front() > target) return -1;
  if (arr.back() < target) return static_cast<int>(arr.size()) - 1;
  int low = 0, high = static_cast<int>(arr.size()) - 1;
  while (low <= high) {
    const int mid = (low + high) / 2;
    if (arr[mid] == target) return mid;
    if (arr[mid] < target) low = mid + 1;
    else high = mid - 1;
  }
  // Not sorted data can end here too; GPUStack returns `high` regardless.
  return high;
}

}  // namespace placement::gguf_fit
