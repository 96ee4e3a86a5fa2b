# Helpers for generated C++ sources that hold data files as string literals (the built-in examples,
# the backend catalogue): both the native and the WebAssembly builds compile the same bytes.

# pe_raw_string_literal(<path> <delimiter> <out_var>): the file's text as R"<delimiter>(...)<delimiter>".
# A raw string literal cannot hold its own closing delimiter; such a file is refused rather than
# emitted as broken C++. The file becomes a configure dependency: editing it regenerates.
function(pe_raw_string_literal path delimiter out_var)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${path})
  file(READ ${path} text)
  string(FIND "${text}" ")${delimiter}\"" clash)
  if(NOT clash EQUAL -1)
    message(FATAL_ERROR "${path} contains the raw-string delimiter )${delimiter}\"")
  endif()
  set(${out_var} "R\"${delimiter}(${text})${delimiter}\"" PARENT_SCOPE)
endfunction()

# pe_write_if_changed(<file> <content>): rewrites only on change, so an unchanged configure does not
# rebuild what compiles the file.
function(pe_write_if_changed out_file content)
  if(EXISTS ${out_file})
    file(READ ${out_file} old)
    if(old STREQUAL content)
      return()
    endif()
  endif()
  file(WRITE ${out_file} "${content}")
endfunction()
