# icnsim_add_program(NAME SOURCES <source>... [MEMORY <bytes>] [FLAGS <flag>...]): builds NAME.elf in the
# current binary folder from C sources for icnsim's cores, through icnsim-cc (the runtime, rv32imac,
# picolibc, the node's link addresses; docs/cores.md, "A program of one's own"). MEMORY is the
# processor.memory_bytes the program is linked for (524288); FLAGS go to the compiler (-O2 unless
# they give an -O). The target NAME builds it with `all`. Needs ICNSIM_CC, the path of icnsim-cc
# (the installed package and the source tree set it).
function(icnsim_add_program name)
  cmake_parse_arguments(PARSE_ARGV 1 program "" "MEMORY" "SOURCES;FLAGS")
  if(NOT program_SOURCES)
    message(FATAL_ERROR "icnsim_add_program(${name}): no SOURCES (allowed: one or more C files)")
  endif()
  if(NOT program_MEMORY)
    set(program_MEMORY 524288)
  endif()
  if(NOT program_FLAGS MATCHES "(^|;)-O")
    list(PREPEND program_FLAGS -O2)
  endif()
  set(sources "")
  foreach(source IN LISTS program_SOURCES)
    get_filename_component(source "${source}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    list(APPEND sources "${source}")
  endforeach()
  set(elf "${CMAKE_CURRENT_BINARY_DIR}/${name}.elf")
  add_custom_command(OUTPUT "${elf}"
                     COMMAND ${CMAKE_COMMAND} -E env ICNSIM_MEMORY_BYTES=${program_MEMORY}
                             "${ICNSIM_CC}" ${program_FLAGS} -o "${elf}" ${sources}
                     DEPENDS ${sources} "${ICNSIM_CC}" ${ICNSIM_RUNTIME_FILES}
                     COMMENT "Building the core program ${name}.elf" VERBATIM)
  add_custom_target(${name} ALL DEPENDS "${elf}")
endfunction()
