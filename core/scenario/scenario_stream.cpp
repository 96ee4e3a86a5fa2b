// load_scenario_text without the whole document as a tree. The text is read once by the fast
// reader of json_scan.h, which feeds the same SAX events nlohmann's parser would; text it does
// not take is parsed by nlohmann's SAX parser (so syntax errors, number handling and duplicate
// keys are exactly Json::parse's).
// Each element of `workers` and `model_instances` is read straight into the typed scenario by a
// fast reader (fast_element.h); an element it gives up on is parsed again from its own text and
// loaded the regular way. Everything else, small, becomes the document load_scenario reads, with
// an empty array in place of each streamed one.
#include <iterator>
#include <optional>
#include <utility>

#include "scenario/fast_element.h"
#include "scenario/json_scan.h"
#include "scenario/scenario_loader.h"
#include "scenario/scenario_sections.h"

namespace placement {

namespace {

using DomBuilder = nlohmann::detail::json_sax_dom_parser<Json>;
using Scalar = FastElement::Scalar;

// A character iterator that tells `read` how far the parser has read: after the parser reports
// an object's `{` or `}`, `read` is just past that character (the lexer reads ahead only after
// numbers, and a number never precedes an element's braces).
class TrackedIterator {
 public:
  using iterator_category = std::forward_iterator_tag;
  using value_type = char;
  using difference_type = std::ptrdiff_t;
  using pointer = const char*;
  using reference = const char&;

  TrackedIterator(const char* at, const char** read) : at_(at), read_(read) {}
  reference operator*() const { return *at_; }
  TrackedIterator& operator++() {
    *read_ = ++at_;
    return *this;
  }
  TrackedIterator operator++(int) {
    TrackedIterator before = *this;
    ++*this;
    return before;
  }
  bool operator==(const TrackedIterator& other) const { return at_ == other.at_; }
  bool operator!=(const TrackedIterator& other) const { return at_ != other.at_; }

 private:
  const char* at_;
  const char** read_;
};

class ScenarioSax {
 public:
  ScenarioSax(Json& document, const char* text) : root_(document), read_(text) {}

  StreamedSections sections;
  const char** read_position() { return &read_; }

  bool null() { return value([](DomBuilder& b) { return b.null(); }, Scalar{}); }
  bool boolean(bool v) { return value([v](DomBuilder& b) { return b.boolean(v); }, Scalar{Scalar::boolean, v}); }
  bool number_integer(Json::number_integer_t v) {
    return value([v](DomBuilder& b) { return b.number_integer(v); }, Scalar{Scalar::integer, false, v});
  }
  bool number_unsigned(Json::number_unsigned_t v) {
    return value([v](DomBuilder& b) { return b.number_unsigned(v); }, Scalar{Scalar::unsigned_integer, false, 0, v});
  }
  bool number_float(Json::number_float_t v, const Json::string_t& s) {
    return value([v, &s](DomBuilder& b) { return b.number_float(v, s); }, Scalar{Scalar::floating, false, 0, 0, v});
  }
  bool string(Json::string_t& v) {
    return value([&v](DomBuilder& b) { return b.string(v); }, Scalar{Scalar::string, false, 0, 0, 0, &v});
  }
  bool binary(Json::binary_t& v) { return value([&v](DomBuilder& b) { return b.binary(v); }, Scalar{}); }

  bool start_object(std::size_t n) { return open(false, [n](DomBuilder& b) { return b.start_object(n); }); }
  bool start_array(std::size_t n) {
    if (depth_ == 1 && !in_stream()) begin_stream();
    return open(true, [n](DomBuilder& b) { return b.start_array(n); });
  }
  bool end_object() { return close([](DomBuilder& b) { return b.end_object(); }); }
  bool end_array() { return close([](DomBuilder& b) { return b.end_array(); }); }

  bool key(Json::string_t& k) {
    if (in_stream()) {
      if (fast_) fast_->key(k);
      return true;
    }
    if (depth_ == 1) {
      // A repeated key replaces the earlier value (Json::parse keeps the last one).
      root_key_ = k;
      if (k == WorkerSection::kKey) sections.workers.restart();
      if (k == InstanceSection::kKey) sections.instances.restart();
    }
    return root_.key(k);
  }

  template <class Exception>
  bool parse_error(std::size_t, const std::string&, const Exception& e) {
    throw e;
  }

 private:
  DomBuilder root_;
  const char* read_;
  int depth_ = 0;  // containers open
  std::string root_key_;
  // Inside a streamed array (depth_ >= 2): which one, and what reads the current element.
  bool streaming_workers_ = false, streaming_instances_ = false;
  const char* element_begin_ = nullptr;  // null: the element is skipped
  std::optional<FastWorker> fast_worker_;
  std::optional<FastInstance> fast_instance_;
  FastElement* fast_ = nullptr;

  bool in_stream() const { return streaming_workers_ || streaming_instances_; }

  void begin_stream() {
    streaming_workers_ = root_key_ == WorkerSection::kKey;
    streaming_instances_ = root_key_ == InstanceSection::kKey;
    if (streaming_workers_) sections.workers.active = true;
    if (streaming_instances_) sections.instances.active = true;
  }

  bool wants_elements() const {
    return streaming_workers_ ? sections.workers.wants_elements() : sections.instances.wants_elements();
  }

  template <class Element>
  void add(Element&& element) {
    if (streaming_workers_) sections.workers.add(std::forward<Element>(element));
    else sections.instances.add(std::forward<Element>(element));
  }

  // A container element of a streamed array starts: its `[` or `{` was the last character read.
  void begin_element(bool array) {
    fast_ = nullptr;
    element_begin_ = wants_elements() ? read_ - 1 : nullptr;
    if (!element_begin_ || array) return;
    fast_ = streaming_workers_ ? static_cast<FastElement*>(&fast_worker_.emplace()) : &fast_instance_.emplace();
    fast_->open(false);
  }

  void end_element() {
    if (!element_begin_) {
      streaming_workers_ ? sections.workers.skip() : sections.instances.skip();
    } else if (fast_ && fast_->ok()) {
      if (streaming_workers_) sections.workers.add(std::move(fast_worker_->worker));
      else sections.instances.add(std::move(fast_instance_->instance));
    } else {
      add(Json::parse(element_begin_, read_));
    }
    fast_ = nullptr;
  }

  template <class Event>
  bool value(Event event, const Scalar& scalar) {
    if (!in_stream() || depth_ < 2) return event(root_);
    if (depth_ > 2) {
      if (fast_) fast_->scalar(scalar);
      return true;
    }
    // A scalar element: the loader refuses it, with the message the regular way gives.
    if (!wants_elements()) {
      streaming_workers_ ? sections.workers.skip() : sections.instances.skip();
      return true;
    }
    Json element;
    DomBuilder builder(element);
    event(builder);
    add(std::move(element));
    return true;
  }

  template <class Event>
  bool open(bool array, Event event) {
    bool ok = true;
    if (in_stream() && depth_ == 2) begin_element(array);
    else if (in_stream() && depth_ > 2) {
      if (fast_) fast_->open(array);
    } else {
      ok = event(root_);
    }
    ++depth_;
    return ok;
  }

  template <class Event>
  bool close(Event event) {
    --depth_;
    if (in_stream() && depth_ >= 2) {
      if (fast_) fast_->close();
      if (depth_ == 2) end_element();
      return true;
    }
    if (in_stream() && depth_ == 1) streaming_workers_ = streaming_instances_ = false;
    return event(root_);
  }
};

}  // namespace

Scenario load_scenario_text(std::string_view text) {
  const char* begin = text.data();
  const char* end = begin + text.size();
  {
    // The fast reader takes well-formed text; anything else is read again by nlohmann below,
    // whose errors (and handling of odd input) are the loader's contract.
    Json document;
    ScenarioSax sax(document, begin);
    if (scan_json(begin, end, sax, sax.read_position())) return load_scenario_with(document, &sax.sections);
  }
  Json document;
  ScenarioSax sax(document, begin);
  parse_or_input_error([&] {
    return Json::sax_parse(TrackedIterator(begin, sax.read_position()), TrackedIterator(end, sax.read_position()), &sax);
  });
  return load_scenario_with(document, &sax.sections);
}

}  // namespace placement
