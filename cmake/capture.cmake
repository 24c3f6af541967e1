# Runs EXE with ARGS (a ;-list) and writes its standard output to OUT; fails when it fails.
execute_process(COMMAND "${EXE}" ${ARGS} OUTPUT_FILE "${OUT}" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${EXE} ${ARGS} failed (${rc})")
endif()
