# Writes OUT (lfp-planner.1, roff) from `lfp-planner --help` (QCommandLineParser's text), so the manual page
# and the help cannot disagree (issue 38). Run with -DEXE=… -DVERSION=… -DOUT=….
set(ENV{QT_QPA_PLATFORM} offscreen)
execute_process(COMMAND "${EXE}" --help OUTPUT_VARIABLE help RESULT_VARIABLE rc ERROR_QUIET)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${EXE} --help failed (${rc})")
endif()
string(REGEX REPLACE "Usage: [^ ]*lfp-planner" "Usage: lfp-planner" help "${help}")
string(REPLACE "\\" "\\e" help "${help}")
string(REPLACE "-" "\\-" help "${help}")
string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" help "${help}")
file(WRITE "${OUT}" ".\\\" Generated from `lfp-planner --help` by cmake/manpage-gui.cmake: do not edit.
.TH LFP-PLANNER 1 \"\" \"lfp-planner ${VERSION}\" \"Lossless Fabric Planner\"
.SH NAME
lfp\\-planner \\- plan and check lossless RDMA fabrics in a window
.SH SYNOPSIS
.B lfp\\-planner
.RI [ OPTIONS ]
.RI [ PROJECT ]
.SH DESCRIPTION
The desktop application of Lossless Fabric Planner: a tiered diagram of the fabric, its devices and
properties, the findings of every check, PFC headroom with its terms, buffer budgets, threshold
templates, deadlock analysis, revisions and the change review. PROJECT is a fabric (.json) or a
project (.lfp). The interface is in English or Simplified Chinese (\\fB\\-\\-lang\\fR).
.SH OPTIONS
.nf
${help}.fi
.SH SEE ALSO
.BR lfp (1)
")
