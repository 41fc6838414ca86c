# The reports: the library of report writers (reports/*.c) and their build-time assets,
# included by the top CMakeLists.txt. The HTML template and
# the mutation-testing-elements bundle are embedded in the binary (mutorture_embed), so
# `mutorture report --html` writes one self-contained page without looking for files at run
# time. The bundle comes from npm (`npm ci` of reports/package-lock.json into the build dir);
# without npm (or with -DMUTORTURE_REPORTS=OFF) the binary is built without the HTML report
# and says so when asked for one. The same node_modules serve the report tests (schema,
# validator, browser driver): MUTORTURE_REPORT_NODE_MODULES is empty when they are absent.
option(MUTORTURE_REPORTS "build the HTML report (needs npm at build time)" ON)
find_program(NPM_EXECUTABLE npm)

set(report_node_dir "${CMAKE_CURRENT_BINARY_DIR}/reports")
set(MUTORTURE_REPORT_NODE_MODULES "")
if(MUTORTURE_REPORTS AND NPM_EXECUTABLE)
  set(elements_js "${report_node_dir}/node_modules/mutation-testing-elements/dist/mutation-test-elements.js")
  file(MAKE_DIRECTORY "${report_node_dir}")
  add_custom_command(OUTPUT "${elements_js}"
    COMMAND ${CMAKE_COMMAND} -E copy_if_different
            "${CMAKE_CURRENT_SOURCE_DIR}/reports/package.json"
            "${CMAKE_CURRENT_SOURCE_DIR}/reports/package-lock.json" "${report_node_dir}"
    COMMAND "${NPM_EXECUTABLE}" ci --no-audit --no-fund --loglevel=error
    COMMAND ${CMAKE_COMMAND} -E touch "${elements_js}"
    WORKING_DIRECTORY "${report_node_dir}"
    DEPENDS "${CMAKE_CURRENT_SOURCE_DIR}/reports/package.json"
            "${CMAKE_CURRENT_SOURCE_DIR}/reports/package-lock.json"
    COMMENT "Installing the report assets from npm (reports/package-lock.json)" VERBATIM)
  set(MUTORTURE_REPORT_NODE_MODULES "${report_node_dir}/node_modules")
else()
  # An empty bundle: report_html_available() is false in this build.
  set(elements_js "${report_node_dir}/no-elements.js")
  file(WRITE "${elements_js}" "")
  message(STATUS "mutorture: npm not found or MUTORTURE_REPORTS=OFF: building without the HTML report")
endif()

mutorture_embed("${elements_js}" mutation_test_elements_js)
mutorture_embed("${CMAKE_CURRENT_SOURCE_DIR}/reports/report.html" report_html_template)
mutorture_library(mutorture_reports "${CMAKE_CURRENT_SOURCE_DIR}/reports"
  "${mutation_test_elements_js_SOURCE}" "${report_html_template_SOURCE}")
target_link_libraries(mutorture_reports PUBLIC mutorture_store)
