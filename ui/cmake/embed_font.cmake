# The explorer's UI font (issue 23, item 4): DejaVu Sans from Debian's fonts-dejavu-core, cut at
# build time by fontTools' pyftsubset (Debian's fonttools) to the glyphs the UI writes — Latin-1
# and the few symbols of ui/ and core/explain texts (§ → × — … Σ · − ≤ ≥ ⇄ ✓ ✗) — and compiled into
# the module as a byte array (ui_font.h). The subset is a build output, never committed.
# Without the font or the tool the explorer keeps ImGui's built-in ProggyClean (a warning says so).

# Code point ranges, pairs of first and last: pyftsubset's --unicodes and ImGui's glyph ranges.
set(PE_UI_FONT_RANGES
  0x0020 0x007E  0x00A0 0x00FF  0x03A3 0x03A3  0x2013 0x2014  0x2018 0x201D  0x2022 0x2022  0x2026 0x2026
  0x2190 0x2193  0x21C4 0x21C4  0x2212 0x2212  0x2264 0x2265  0x2713 0x2713  0x2717 0x2717  0xFFFD 0xFFFD)
set(PE_UI_FONT_SOURCE /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf CACHE FILEPATH "The TrueType font the explorer's UI is set in")

function(pe_embed_ui_font target)
  find_program(PE_PYFTSUBSET pyftsubset)
  if(NOT EXISTS ${PE_UI_FONT_SOURCE} OR NOT PE_PYFTSUBSET)
    message(WARNING "explorer: ${PE_UI_FONT_SOURCE} or pyftsubset missing (scripts/install-deps.sh web); the UI uses ImGui's built-in font")
    return()
  endif()
  set(unicodes "")
  set(imgui_ranges "")
  list(LENGTH PE_UI_FONT_RANGES n)
  math(EXPR last "${n} - 1")
  foreach(i RANGE 0 ${last} 2)
    math(EXPR j "${i} + 1")
    list(GET PE_UI_FONT_RANGES ${i} first)
    list(GET PE_UI_FONT_RANGES ${j} end)
    string(REPLACE "0x" "U+" a ${first})
    string(REPLACE "0x" "" b ${end})
    list(APPEND unicodes "${a}-${b}")
    string(APPEND imgui_ranges "${first}, ${end}, ")
  endforeach()
  list(JOIN unicodes "," unicodes)

  set(dir ${CMAKE_CURRENT_BINARY_DIR}/generated)
  set(ttf ${dir}/ui_font_subset.ttf)
  set(cpp ${dir}/ui_font_data.cpp)
  add_custom_command(OUTPUT ${ttf}
    COMMAND ${PE_PYFTSUBSET} ${PE_UI_FONT_SOURCE} --unicodes=${unicodes} --no-hinting --layout-features= --name-IDs=
            --output-file=${ttf}
    DEPENDS ${PE_UI_FONT_SOURCE} ${CMAKE_SOURCE_DIR}/ui/cmake/embed_font.cmake
    COMMENT "Subsetting the UI font" VERBATIM)
  add_custom_command(OUTPUT ${cpp}
    COMMAND ${CMAKE_COMMAND} -DIN=${ttf} -DOUT=${cpp} "-DRANGES=${imgui_ranges}" -P ${CMAKE_SOURCE_DIR}/ui/cmake/font_to_cpp.cmake
    DEPENDS ${ttf} ${CMAKE_SOURCE_DIR}/ui/cmake/font_to_cpp.cmake
    COMMENT "Embedding the UI font" VERBATIM)
  target_sources(${target} PRIVATE ${cpp})
  target_compile_definitions(${target} PRIVATE PE_UI_FONT=1)
endfunction()
