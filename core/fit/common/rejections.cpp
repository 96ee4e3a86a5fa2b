#include "fit/common/rejections.h"

namespace placement {

Json Rejections::to_json() const {
  Json out = Json::array();
  for (const Rejection& r : list) {
    Json indexes = Json::array();
    for (int index : r.gpu_indexes) indexes.push_back(index);
    Json subject{{"worker_id", r.worker_id}, {"worker_name", r.worker_name}, {"gpu_indexes", std::move(indexes)}, {"rpc", Json::array()}};
    Json shortfalls = Json::array();
    for (const Shortfall& s : r.shortfalls) shortfalls.push_back(s.to_json());
    out.push_back(Json{{"subject", std::move(subject)},
                       {"code", r.code},
                       {"shortfalls", std::move(shortfalls)},
                       {"data", r.shared_data ? *r.shared_data : data_or_empty(r.data)}});
  }
  return out;
}

Json NotExaminedList::to_json() const {
  Json out = Json::array();
  for (const NotExamined& n : list)
    out.push_back(Json{{"worker_id", n.worker_id},
                       {"worker_name", n.worker_name},
                       {"rule", n.rule},
                       {"data", data_or_empty(n.data)}});
  return out;
}

}  // namespace placement
