// A broken promise in a fuzz target is a finding: trap so libFuzzer saves the input.
#pragma once

inline void fuzz_check(bool ok) {
  if (!ok) __builtin_trap();
}
