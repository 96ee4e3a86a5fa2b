#include "scorers/score_rows.h"

namespace placement {

namespace {

template <class Items>
Json numbered(const Items& items) {
  Json out = Json::array();
  for (std::size_t i = 0; i < items.size(); ++i) {
    Json row{{"candidate", i}};
    items[i].write(row);
    out.push_back(std::move(row));
  }
  return out;
}

}  // namespace

Json SpreadRows::to_json() const { return numbered(items); }

Json LocalityRows::to_json() const { return numbered(items); }

Json BinpackRows::to_json() const { return numbered(items); }

Json ScaleUpTotals::to_json() const {
  Json out = Json::array();
  for (std::size_t i = 0; i < rows.size(); ++i)
    out.push_back(Json{{"candidate", i},
                       {"worker_name", rows[i].worker_name},
                       {"placement", rows[i].placement},
                       {"model_file_locality", rows[i].model_file_locality},
                       {"total", rows[i].total}});
  return out;
}

}  // namespace placement
