// SPDX-License-Identifier: GPL-3.0-or-later
#include "planner/findings/findings.h"

namespace lfp {

const char* toString(Severity s)
{
    switch (s) {
    case Severity::Info:
        return "info";
    case Severity::Warning:
        return "warning";
    case Severity::Error:
        return "error";
    }
    return "?";
}

bool severityFromString(const std::string& s, Severity& out)
{
    if (s == "info")
        out = Severity::Info;
    else if (s == "warning")
        out = Severity::Warning;
    else if (s == "error")
        out = Severity::Error;
    else
        return false;
    return true;
}

FindingSummary summarize(const std::vector<Finding>& findings)
{
    FindingSummary s;
    for (const auto& f : findings)
        (f.severity == Severity::Error ? s.errors : f.severity == Severity::Warning ? s.warnings : s.infos)++;
    return s;
}

} // namespace lfp
