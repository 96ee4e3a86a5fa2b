#include "fit/common/rejections.h"

namespace placement {

Json Rejections::to_json() const {
  Json out = Json::array();
  for (const Rejection& r : list) {
    Json subject{{"worker_id", r.worker_id}, {"worker_name", r.worker_name}, {"gpu_indexes", r.gpu_indexes}, {"rpc", Json::array()}};
    Json shortfalls = Json::array();
    for (const Shortfall& s : r.shortfalls) shortfalls.push_back(s.to_json());
    out.push_back(Json{{"subject", std::move(subject)},
                       {"code", r.code},
                       {"shortfalls", std::move(shortfalls)},
                       {"data", r.shared_data ? *r.shared_data : r.data.is_null() ? Json::object() : r.data}});
  }
  return out;
}

Json NotExaminedList::to_json() const {
  Json out = Json::array();
  for (const NotExamined& n : list)
    out.push_back(Json{{"worker_id", n.worker_id},
                       {"worker_name", n.worker_name},
                       {"rule", n.rule},
                       {"data", n.data.is_null() ? Json::object() : n.data}});
  return out;
}

}  // namespace placement
