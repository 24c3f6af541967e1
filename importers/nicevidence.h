// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file nicevidence.h
/// Readers of a host NIC's RoCE state as the tools print it (issue 33; docs/contract.md "Evidence from
/// real hosts"; tests/data/evidence/README.md names the source of each format), into
/// model/nicevidence.h. One reader per format:
///  - `mlnx_qos -i IF` (Mellanox mlnx-tools python/mlnx_qos, pretty_print): "Priority trust state:",
///    "dscp2prio mapping:" rows "prio:P dscp:D,D,…," and "PFC configuration:" … "enabled 0 0 0 1 …";
///  - the mlx5 ECN sysfs of MLNX_OFED / DOCA-OFED (/sys/class/net/IF/ecn/roce_np|roce_rp/enable/P,
///    roce_np/cnp_dscp, roce_np/cnp_802p_prio), as `grep -r . DIR` prints it: "PATH:VALUE" per file;
///  - the NVIDIA NIC Configuration Operator's NicConfigurationTemplate (configuration.net.nvidia.com/
///    v1alpha1; one object, several YAML documents, or a `kubectl get -o yaml` List): roceOptimized
///    with its documented defaults (trust dscp, PFC on priority 3, CNP_DSCP 4, CNP_802P_PRIO 6,
///    ROCE_CC_PRIO_MASK 255), qos.trust / qos.pfc / qos.tos and rawNvConfig overrides;
///  - the Broadcom bnxt_re RoCE congestion-control configfs (/sys/kernel/config/bnxt_re/DEV/ports/1/cc/,
///    Broadcom's bnxt_re driver configfs.c), as `grep -r . DIR` prints it: one "PATH:VALUE" per attribute,
///    values as the driver prints them ("%#x": 0x1a, 0), and the `apply` file's report of what the
///    firmware runs ("roce dscp (roce_dscp)<tabs>: 26", decimal).
/// Bad input is an InputError with file:line:column; nothing here crashes on any input. No Qt.

#include "model/nicevidence.h"

#include <string>
#include <vector>

namespace lfp {

/// `mlnx_qos -i IF` output of one interface into @p out (@p where = "host/file" for messages). An
/// empty file states nothing (the command failed: commands.log says why).
void parseMlnxQos(const std::string& text, const std::string& where, NicEvidence& out);
/// `grep -r . /sys/class/net/IF/ecn/roce_np /sys/class/net/IF/ecn/roce_rp` output into @p out. A
/// priority whose enable file is not listed counts as disabled once any enable file of that point is.
void parseEcnSysfs(const std::string& text, const std::string& where, NicEvidence& out);
/// `grep -r . /sys/kernel/config/bnxt_re/DEV/ports/1/cc/` output into @p out: roce_dscp (→ roceTos,
/// with ecn_marking's ECN bits), roce_prio (→ rocePriority), cnp_dscp, cnp_prio, ecn_enable (DCQCN on
/// the function: RP and NP on every priority, or none). The `apply` file's lines (queried from the
/// firmware: what runs) win over the attribute files (the driver's values, pending until applied).
/// An empty capture states nothing. Other attributes (cc_mode, tunables) are checked where their
/// format is known and not read into settings.
void parseBnxtReCc(const std::string& text, const std::string& where, NicEvidence& out);
/// Every NicConfigurationTemplate of @p text with roceOptimized enabled: one evidence per template,
/// its host the nodeSelector's kubernetes.io/hostname, else "" (every host). Throws InputError when
/// the text holds no NicConfigurationTemplate or a field is malformed.
std::vector<NicEvidence> parseNicConfigurationTemplates(const std::string& text, const std::string& where);

/// The file names the readers recognise in a host folder: mlnx_qos_IF.txt, ecn_sysfs_IF.txt,
/// bnxt_re_cc_IF.txt (IF as
/// `lfp evidence` writes it: '/' and ':' as '_'), *.yaml / *.yml (NicConfigurationTemplate).
/// Reads DIR/<host>/…, and templates at DIR itself. When DIR holds the phase folders of `lfp evidence`
/// (before/, after/) and no host folder, the latest phase (after, else before) is read, and said so in
/// the notes. Throws InputError when DIR is not a directory or a recognised file is malformed.
NicEvidenceSet readNicEvidenceDirectory(const std::string& dir);

} // namespace lfp
