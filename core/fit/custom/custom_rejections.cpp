#include "fit/custom/custom_rejections.h"

#include <memory>
#include <utility>

#include "fit/rejection_subject.h"

namespace placement::custom {

void CustomRejections::add(const Worker& w, std::optional<std::vector<int>> gpu_indexes, const char* code,
                           std::vector<Shortfall> shortfalls, DataFields data) {
  list.push_back(CustomRejection{w.id, w.name, std::move(gpu_indexes), code, std::move(shortfalls), std::move(data)});
}

void CustomRejections::write(JsonOut& out) const {
  write_object_array(out, list, [&](const CustomRejection& r) {
    write_rejection_subject(out, r.worker_id, r.worker_name, r.gpu_indexes ? &*r.gpu_indexes : nullptr);
    out.member("code", r.code);
    out.key("shortfalls");
    out.begin_array();
    for (const Shortfall& s : r.shortfalls) s.write(out);
    out.end_array();
    if (r.data.empty()) return;
    out.key("data");
    r.data.write(out);
  });
}

CustomRejections& begin_rejections(StrategyRecord& rec) {
  auto list = std::make_shared<CustomRejections>();
  CustomRejections& ref = *list;
  rec.set_rejections(std::shared_ptr<const DeferredList>(std::move(list)));
  return ref;
}

Shortfall custom_shortfall(const char* dim, std::optional<int> gpu_index, Bytes need, Bytes have, bool freeable) {
  return Shortfall{dim, gpu_index, need, have, need - have, freeable};
}

}  // namespace placement::custom
