// The one error a shared link can raise; its message is shown to the user as is.
#pragma once

#include <stdexcept>
#include <string>

namespace placement::share {

class FragmentError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace placement::share
