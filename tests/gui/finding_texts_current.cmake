# gui/findingtexts.cpp must be what the registry generates (`lfp finding-texts`, scripts/gen-finding-texts):
# otherwise lupdate misses new or changed finding texts and the Chinese GUI shows them in English.
execute_process(COMMAND "${LFP}" finding-texts OUTPUT_VARIABLE generated RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "lfp finding-texts failed (${rc})")
endif()
file(READ "${COMMITTED}" committed)
if(NOT generated STREQUAL committed)
  message(FATAL_ERROR "gui/findingtexts.cpp is out of date: run scripts/gen-finding-texts, then update_translations and translate the new entries")
endif()
