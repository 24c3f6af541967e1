// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file evidence.h
/// Evidence scripts (`lfp evidence`, docs/counters.md): per device a bash script that saves the raw
/// output of the tools that show whether the fabric stays lossless — PFC pause rx/tx per priority,
/// queue and PG drops and watermarks, ECN marks, CNPs, the PFC watchdog — into
/// OUTDIR/PHASE/DEVICE/<tool>.txt, PHASE being "before" or "after" a change. `lfp counters compare`
/// (planner/review/counters.h) reads those folders. No Qt.

#include "exportcontext.h"

#include <string>
#include <vector>

namespace lfp {

/// The platform a device's evidence is collected on.
enum class EvidencePlatform { Sonic, Eos, Nxos, Junos, Huawei, Nvue, LinuxHost, InfiniBandHost, InfiniBandSwitch };
const char* toString(EvidencePlatform p);

/// The platform of @p node: the attribute "os" (sonic, eos, nxos, junos, huawei, nvue/cumulus, linux)
/// when set; else InfiniBand when the node has a GUID; hosts are Linux; switches by vendor/model
/// (Arista → EOS, Cisco Nexus → NX-OS, Juniper → Junos, Huawei → Huawei, Cumulus → NVUE), else SONiC.
EvidencePlatform evidencePlatformFor(const Node& node);

struct EvidenceScript {
    std::string device;
    EvidencePlatform platform = EvidencePlatform::Sonic;
    std::string file; ///< "<device>.sh"
    std::string text;
    std::vector<std::string> outputs; ///< the files it writes under OUTDIR/PHASE/DEVICE/
};

/// One script per selected device of @p ctx (ExportOptions::devices; empty = all). Names are checked
/// against the exporters' name rules (the SONiC rule for switches, the Linux one for hosts) first:
/// InputError naming the device or port when a name would break the script.
std::vector<EvidenceScript> buildEvidenceScripts(const ExportContext& ctx);

} // namespace lfp
