// filter_drops_of (app/filter_drops_stream.h) reads the filter drops from a typed trace's events
// and must give what filter_drops() gives for the trace's JSON, whatever way a record writes
// itself: verdict members in any order, data as events or as one value, nested data. Each row
// also says the drops it expects, so a wrong field read fails by itself.
#include <catch2/catch.hpp>

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "app/filter_drops.h"
#include "app/filter_drops_stream.h"
#include "trace/trace.h"
#include "../unit/trace/replay_events.h"

namespace {

using placement::Json;
using placement::JsonOut;
using Drops = std::map<std::string, std::string>;

// A filter record that writes whatever events it is given.
class WrittenRecord final : public placement::TraceRecord {
 public:
  explicit WrittenRecord(std::function<void(JsonOut&)> write) : write_(std::move(write)) {}
  void write(JsonOut& out) const override { write_(out); }

 private:
  std::function<void(JsonOut&)> write_;
};

// A filter record {"filter": name, "workers": verdicts}, the verdicts' members in their order
// (Json keeps it); verdict data written as events, or each member as one value.
std::shared_ptr<const placement::TraceRecord> filter_record(const Json& filter, bool data_events) {
  return std::make_shared<WrittenRecord>([filter, data_events](JsonOut& out) {
    out.begin_object();
    out.member("filter", filter["filter"]);
    out.key("workers");
    out.begin_array();
    for (const Json& verdict : filter["workers"]) {
      out.begin_object();
      for (auto it = verdict.begin(); it != verdict.end(); ++it) {
        out.key(it.key());
        if (data_events) placement::testing::replay(it.value(), out);
        else out.value(it.value());
      }
      out.end_object();
    }
    out.end_array();
    out.end_object();
  });
}

std::string text(const Drops& drops) {
  std::string out;
  for (const auto& [worker, why] : drops) out += "[" + worker + "] " + why + "; ";
  return out;
}

struct Row {
  const char* what;
  const char* filters;  // JSON: the filter records
  Drops expected;
};

}  // namespace

TEST_CASE("filter drops read from a trace's events equal those of its JSON, written any way") {
  const std::vector<Row> rows = {
      {"the usual order: a drop with data, a pass with data",
       R"([{"filter": "status", "workers": [
            {"worker_name": "a", "pass": false, "code": "not_ready", "data": {"state": "down"}},
            {"worker_name": "b", "pass": true, "code": "ok", "data": {"gpus": [{"index": 0}], "need": 2}}]}])",
       {{"a", "status: not_ready (state down)"}}},
      {"pass after code and data",
       R"([{"filter": "labels", "workers": [
            {"data": {"missing": "gpu"}, "code": "label_mismatch", "worker_name": "a", "pass": false},
            {"data": {"gpus": [{"index": 0}]}, "code": "ok", "pass": true, "worker_name": "b"}]}])",
       {{"a", "labels: label_mismatch (missing gpu)"}}},
      {"name last, empty data, null code",
       R"([{"filter": "cluster", "workers": [{"pass": false, "code": null, "data": {}, "worker_name": "c"}]}])",
       {{"c", "cluster: -"}}},
      {"a missing name is the empty name",
       R"([{"filter": "gpus", "workers": [
            {"worker_name": "a", "pass": true, "code": "x", "data": {"n": 1}},
            {"pass": false, "code": "no_gpu", "data": {"need": 2}}]}])",
       {{"", "gpus: no_gpu (need 2)"}}},
      {"the first filter that drops a worker names it; nested data of a pass is passed over whole",
       R"([{"filter": "first", "workers": [
            {"worker_name": "a", "pass": true, "data": {"deep": {"deeper": [{"gpus": [1, 2]}, [3, {"x": "y"}]]}}},
            {"worker_name": "b", "pass": false, "code": "one"}]},
          {"filter": "second", "workers": [
            {"worker_name": "a", "pass": false, "code": "two", "data": {"n": 1}},
            {"worker_name": "b", "pass": false, "code": "three"}]}])",
       {{"a", "second: two (n 1)"}, {"b", "first: one"}}},
      {"no drops at all",
       R"([{"filter": "status", "workers": [{"worker_name": "a", "pass": true, "code": "ok", "data": {"n": [1]}}]}])",
       {}},
  };
  for (const Row& row : rows) {
    for (const bool data_events : {true, false}) {
      INFO(row.what << (data_events ? " (data as events)" : " (data as one value)"));
      placement::Trace trace;
      for (const Json& filter : Json::parse(row.filters)) trace.add_filter(filter_record(filter, data_events));
      const Drops streamed = placement::ui::filter_drops_of(trace);
      INFO("streamed: " << text(streamed) << " from the JSON: " << text(placement::ui::filter_drops(trace.root())));
      CHECK(streamed == placement::ui::filter_drops(trace.root()));
      CHECK(streamed == row.expected);
    }
  }
}
