// base64url (RFC 4648 §5) without padding: the alphabet that survives in a URL fragment as is.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace placement::share {

std::string base64url_encode(std::string_view bytes);

// Throws FragmentError naming the position of the first character outside the alphabet.
// Trailing '=' padding is accepted (some tools add it); a length of 4k+1 is impossible and refused.
std::string base64url_decode(std::string_view text);

}  // namespace placement::share
