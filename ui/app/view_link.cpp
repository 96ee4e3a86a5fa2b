#include "app/view_link.h"

namespace placement::ui {

LinkParts split_link(const std::string& fragment) {
  const std::size_t amp = fragment.find('&');
  if (amp == std::string::npos) return {fragment, ""};
  return {fragment.substr(0, amp), fragment.substr(amp + 1)};
}

std::string view_suffix(const UiState& ui) {
  std::string out;
  if (ui.step != Step::cluster) out += std::string("&step=") + step_name(ui.step);
  if (!ui.selection.empty()) {
    out += "&worker=" + percent_encode(ui.selection.worker);
    if (ui.selection.gpu) out += "&gpu=" + std::to_string(*ui.selection.gpu);
  }
  return out;
}

std::string percent_encode(const std::string& text) {
  static const char* hex = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : text) {
    const bool plain = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.' || c == '~';
    if (plain) out += char(c);
    else out += {'%', hex[c >> 4], hex[c & 15]};
  }
  return out;
}

std::string percent_decode(const std::string& text) {
  auto digit = [](char c) { return c >= '0' && c <= '9' ? c - '0' : c >= 'A' && c <= 'F' ? c - 'A' + 10 : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1; };
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '%' && i + 2 < text.size() && digit(text[i + 1]) >= 0 && digit(text[i + 2]) >= 0) {
      out += char(digit(text[i + 1]) * 16 + digit(text[i + 2]));
      i += 2;
    } else {
      out += text[i];
    }
  }
  return out;
}

}  // namespace placement::ui
