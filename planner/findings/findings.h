// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file findings.h
/// Findings are data: what a check found, with a stable code (documented in docs/findings.md), the
/// objects involved (both ends of a mismatch), a message, the evidence numbers behind it and a
/// suggested fix. The CLI prints them (text or --json), the GUI shows them in a model; both get the same
/// list from the same checks.

#include "model/objectref.h"

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace lfp {

enum class Severity { Info, Warning, Error };

/// One number behind a finding, with its unit and where it came from ("xoff", 44032, "B", "headroom model").
struct Evidence {
    std::string name;
    double value = 0;
    std::string unit;
    std::string note;
};

/// Named parameters of a finding's message template (findingregistry.h), in the order given.
using FindingParams = std::vector<std::pair<std::string, std::string>>;

struct Finding {
    Severity severity = Severity::Warning;
    std::string code; ///< stable, e.g. "LFP-LINK-MTU-MISMATCH"
    /// The objects involved, typed (model/objectref.h); their text ("leaf1", "leaf1:Ethernet0",
    /// "policy:roce-lossless", "leaf1:Ethernet0 -- spine1:Ethernet1", "fabric") is made only at an output
    /// edge (JSON, text, a document), and a GUI resolves them to items without parsing text.
    std::vector<ObjectRef> objects;
    std::string message;
    std::vector<Evidence> evidence;
    std::string fix; ///< suggested fix, one sentence
    /// The parameters the message and fix were rendered from, when the code has templates (a GUI renders
    /// them into a translated template). Not part of a finding's identity or of its JSON form.
    FindingParams params;
    /// Export findings (LFP-EXPORT-*): the facts of the device's plan this finding says the target does
    /// not write as planned, by name (planner/plan/planfacts.h, e.g. "port:Ethernet0/speed"); empty for
    /// findings that drop nothing (a rounding, a name). JSON key "facts", written when not empty.
    std::vector<std::string> facts;
};

const char* toString(Severity s);
bool severityFromString(const std::string& s, Severity& out);

/// Counts per severity, and the exit status rule of `lfp check` (1 when any error).
struct FindingSummary {
    int errors = 0;
    int warnings = 0;
    int infos = 0;
};
FindingSummary summarize(const std::vector<Finding>& findings);

} // namespace lfp
