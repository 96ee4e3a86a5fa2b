#include "scorers/score_rows.h"

namespace placement {

namespace {

template <class Items>
void write_numbered(JsonOut& out, const Items& items) {
  std::size_t candidate = 0;
  write_object_array(out, items, [&](const auto& item) {
    out.member("candidate", candidate++);
    item.write(out);
  });
}

}  // namespace

void SpreadRows::write(JsonOut& out) const { write_numbered(out, items); }

void LocalityRows::write(JsonOut& out) const { write_numbered(out, items); }

void BinpackRows::write(JsonOut& out) const { write_numbered(out, items); }

void ScaleUpTotals::write(JsonOut& out) const {
  std::size_t candidate = 0;
  write_object_array(out, rows, [&](const ScaleUpTotal& row) {
    out.member("candidate", candidate++);
    out.member("worker_name", row.worker_name);
    out.member("placement", row.placement);
    out.member("model_file_locality", row.model_file_locality);
    out.member("total", row.total);
  });
}

}  // namespace placement
