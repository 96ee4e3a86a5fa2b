#include "evaluation/evaluation_record.h"

namespace placement::evaluation {

void EvaluationRecord::skipped(std::string why) {
  status_ = Status::skipped;
  why_ = std::move(why);
}

void EvaluationRecord::applied() { status_ = Status::applied; }

void EvaluationRecord::write(JsonOut& out) const {
  out.begin_object();
  if (status_ == Status::skipped) {
    out.member("status", "skipped");
    out.member("why", why_);
  } else if (status_ == Status::applied) {
    out.member("status", "applied");
    out.key("changes");
    write_object_array(out, changes_, [&](const Change& c) {
      out.member("id", c.id);
      out.member("field", c.field);
      out.member("value", c.value);
      out.member("why", c.why);
    });
  }
  out.end_object();
}

}  // namespace placement::evaluation
