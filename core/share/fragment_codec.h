// Scenarios in a URL fragment: "v1." + base64url(raw DEFLATE(scenario JSON text)).
// The version prefix lets later encodings coexist; decoding is hardened for links from strangers:
// the text is length-capped and the inflated size is capped before anything is materialised.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "share/fragment_error.h"

namespace placement::share {

inline constexpr std::string_view kFragmentVersion = "v1.";
// Longest fragment text accepted (after '#'); browsers keep about 2 MB of URL, so anything
// longer did not come from our own Copy link.
inline constexpr std::size_t kMaxFragmentChars = std::size_t{4} << 20;
// Largest scenario a link may expand to.
inline constexpr std::size_t kMaxInflatedBytes = std::size_t{16} << 20;

std::string encode_fragment(std::string_view json_text);

// Accepts the fragment with or without its leading '#'. Returns the scenario JSON text; throws
// FragmentError with a message meant for the user.
std::string decode_fragment(std::string_view fragment, std::size_t max_inflated = kMaxInflatedBytes);

}  // namespace placement::share
