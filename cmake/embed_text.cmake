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

# pe_deflated_literal(<out_literal> <out_size> <out_packed_size> [--strip-indent] <path>...): the
# files' texts, joined by NUL bytes, raw-DEFLATE-compressed into one C++ string literal
# (cmake/deflate_literal.py); read back with share::inflate_raw(string_view(literal, packed), size).
# Used for data whose bytes the page downloads (the examples, the model catalogue).
function(pe_deflated_literal out_literal out_size out_packed)
  find_package(Python3 REQUIRED COMPONENTS Interpreter)
  foreach(arg IN LISTS ARGN)
    if(NOT arg STREQUAL "--strip-indent")
      set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${arg})
    endif()
  endforeach()
  execute_process(COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/cmake/deflate_literal.py ${ARGN}
                  OUTPUT_VARIABLE out RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "cmake/deflate_literal.py failed (${rc}) on ${ARGN}")
  endif()
  string(FIND "${out}" "\n" eol)
  string(SUBSTRING "${out}" 0 ${eol} sizes)
  math(EXPR start "${eol} + 1")
  string(SUBSTRING "${out}" ${start} -1 literal)
  string(REPLACE " " ";" sizes "${sizes}")
  list(GET sizes 0 size)
  list(GET sizes 1 packed)
  set(${out_literal} "${literal}" PARENT_SCOPE)
  set(${out_size} ${size} PARENT_SCOPE)
  set(${out_packed} ${packed} PARENT_SCOPE)
endfunction()
