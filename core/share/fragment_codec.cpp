#include "share/fragment_codec.h"

#include "share/base64url.h"
#include "share/deflate.h"
#include "share/inflate.h"

namespace placement::share {

std::string encode_fragment(std::string_view json_text) {
  return std::string(kFragmentVersion) + base64url_encode(deflate_raw(json_text));
}

std::string decode_fragment(std::string_view fragment, std::size_t max_inflated) {
  if (!fragment.empty() && fragment.front() == '#') fragment.remove_prefix(1);
  if (fragment.empty()) throw FragmentError("the link holds no scenario (nothing after '#')");
  if (fragment.size() > kMaxFragmentChars) {
    throw FragmentError("the link is " + std::to_string(fragment.size()) + " characters long, more than the " +
                        std::to_string(kMaxFragmentChars >> 20) + " MiB a shared scenario may take");
  }
  if (fragment.substr(0, kFragmentVersion.size()) != kFragmentVersion) {
    const std::size_t dot = fragment.find('.');
    if (dot != std::string_view::npos && dot <= 4 && fragment[0] == 'v') {
      throw FragmentError("the link uses format '" + std::string(fragment.substr(0, dot)) +
                          "', which this explorer does not read (it reads v1)");
    }
    throw FragmentError("the link is not a Placement Explorer scenario (it should start with '#v1.')");
  }
  return inflate_raw(base64url_decode(fragment.substr(kFragmentVersion.size())), max_inflated);
}

}  // namespace placement::share
