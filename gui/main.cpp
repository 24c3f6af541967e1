// SPDX-License-Identifier: GPL-3.0-or-later
// lfp-planner: the GUI. Everything lives in lfp_gui; see application.h.
#include "gui/application.h"

int main(int argc, char** argv) { return lfp::gui::runPlanner(argc, argv); }
