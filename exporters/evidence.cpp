// SPDX-License-Identifier: GPL-3.0-or-later
#include "evidence.h"

#include "exporter.h"

#include <algorithm>
#include <cctype>
#include <fmt/format.h>

namespace lfp {

namespace {

    std::string lower(std::string s)
    {
        std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
        return s;
    }

    bool contains(const std::string& hay, const char* needle) { return lower(hay).find(needle) != std::string::npos; }

    /// Single-quoted for bash (names are already restricted by the name rules; this is belt and braces).
    std::string sq(const std::string& s)
    {
        std::string out = "'";
        for (char c : s)
            out += c == '\'' ? std::string("'\\''") : std::string(1, c);
        return out + "'";
    }

    /// A file name from a port name: '/' and ':' become '_' (Ethernet1/1 → Ethernet1_1).
    std::string fileSafe(const std::string& s)
    {
        std::string out;
        for (char c : s)
            out += (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.') ? c : '_';
        return out;
    }

    struct Cmd {
        std::string file; ///< output file under the device folder
        std::string command; ///< run by the remote shell of the device
        std::string why;
        bool expands = false; ///< the command substitutes on the device ($(…)): shellcheck SC2016 is intended
    };

    std::vector<const Port*> activePorts(const DevicePlan& d)
    {
        std::vector<const Port*> out;
        for (const auto& p : d.ports)
            if (p.link)
                out.push_back(p.port);
        return out;
    }

    /// `grep -H . /sys/class/net/<if>/carrier_changes …` over @p ports: PATH:COUNT per port (flaps × 2).
    std::string carrierChangesCommand(const std::vector<const Port*>& ports)
    {
        std::string cmd = "grep -H .";
        for (const auto* p : ports)
            cmd += " /sys/class/net/" + p->name + "/carrier_changes";
        return cmd;
    }

    /// Broadcom DNX (Jericho 2, Jericho 2C+, Qumran 3D): VOQ platforms, whose SONiC has `show queue counters --voq`.
    bool isVoqAsic(const DevicePlan& d)
    {
        if (!d.asic)
            return false;
        const std::string id = lower(d.asic->id);
        return id.rfind("jericho", 0) == 0 || id.rfind("qumran", 0) == 0;
    }

    /// SONiC: sonic-utilities pfcstat, queuestat, watermarkstat, pfcwd, portstat, pfc (docs/counters.md); the
    /// physical layer first: fec-stats, fec-histogram, show interfaces flap, the netdevs' carrier_changes.
    std::vector<Cmd> sonicCommands(const DevicePlan& d, const std::vector<const Port*>& ports)
    {
        std::vector<Cmd> c = { { "pfc_counters.txt", "show pfc counters", "PFC pause frames rx/tx per port and priority (pfcstat)" },
            { "queue_counters.txt", "show queue counters", "per-queue packets and drops (queuestat)" },
            { "pg_watermark_shared.txt", "show priority-group watermark shared", "PG shared-buffer watermarks (watermarkstat)" },
            { "pg_watermark_headroom.txt", "show priority-group watermark headroom", "PG headroom watermarks: how much headroom was used" },
            { "queue_watermark_unicast.txt", "show queue watermark unicast", "egress queue watermarks" },
            { "pfcwd_stats.txt", "show pfcwd stats", "PFC watchdog storms detected/restored and packets dropped per queue" },
            { "pfc_priority.txt", "show pfc priority", "the lossless priorities the switch itself runs per port" },
            { "interfaces_counters.txt", "show interfaces counters", "port RX/TX errors and drops (portstat)" },
            { "fec_stats.txt", "show interfaces counters fec-stats", "FEC corrected/uncorrectable codewords, symbol errors, pre-FEC BER (portstat -f)" },
            { "interfaces_flap.txt", "show interfaces flap", "link flaps per port" } };
        if (isVoqAsic(d))
            c.push_back({ "queue_counters_voq.txt", "show queue counters --voq", "VOQ packets, drops and credit-watchdog deletions (Broadcom DNX)" });
        for (const auto* p : ports)
            c.push_back({ "fec_histogram_" + fileSafe(p->name) + ".txt", "show interfaces counters fec-histogram " + p->name,
                "codewords per number of symbol errors: how close the FEC is to its limit (kept for the reviewer)" });
        if (!ports.empty())
            c.push_back({ "carrier_changes.txt", carrierChangesCommand(ports), "carrier changes of the front-panel netdevs (two per flap)" });
        return c;
    }

    std::vector<Cmd> commandsFor(EvidencePlatform pf, const DevicePlan& d)
    {
        std::vector<Cmd> c;
        const auto ports = activePorts(d);
        switch (pf) {
        case EvidencePlatform::Sonic:
            c = sonicCommands(d, ports);
            break;
        case EvidencePlatform::Eos:
            c = { { "pfc_counters.txt", "show priority-flow-control counters detail", "PFC pause frames per priority" },
                { "pfc_watchdog.txt", "show priority-flow-control counters watchdog", "PFC watchdog" },
                { "queue_counters.txt", "show interfaces counters queue", "per-queue drops" },
                { "discards.txt", "show interfaces counters discards", "port discards" },
                { "ecn_counters.txt", "show qos interfaces ecn counters queue", "ECN marks per queue" } };
            break;
        case EvidencePlatform::Nxos:
            c = { { "pfc_counters.txt", "show interface priority-flow-control detail", "PFC pause frames per priority" },
                { "queuing.txt", "show queuing interface", "per-queue drops and ECN marks (WRED/ECN)" },
                { "pfc_watchdog.txt", "show queuing pfc-queue detail", "PFC watchdog" },
                { "interface_counters.txt", "show interface counters errors", "port errors and discards" } };
            break;
        case EvidencePlatform::Junos:
            c = { { "interfaces_extensive.txt", "show interfaces extensive", "MAC control (PFC) frames, queue drops, ECN marks" },
                { "pfc_statistics.txt", "show class-of-service interface", "class-of-service per interface" } };
            break;
        case EvidencePlatform::Huawei:
            c = { { "pfc_counters.txt", "display dcb pfc interface", "PFC frames per priority" },
                { "qos_queue.txt", "display qos queue statistics interface", "per-queue drops and ECN marks" },
                { "pfc_deadlock.txt", "display dcb pfc deadlock-detect interface", "PFC deadlock detection (watchdog)" } };
            break;
        case EvidencePlatform::Nvue:
            c = { { "roce.txt", "nv show qos roce", "RoCE profile in force" } };
            for (const auto* p : ports) {
                c.push_back({ "roce_counters_" + fileSafe(p->name) + ".txt", "nv show interface " + p->name + " qos roce counters", "RoCE pause, ECN and buffer counters" });
                c.push_back({ "ethtool_S_" + fileSafe(p->name) + ".txt", "ethtool -S " + p->name, "per-priority pause and discards" });
                c.push_back({ "ethtool_fec_" + fileSafe(p->name) + ".txt", "ethtool -I --show-fec " + p->name, "active FEC, corrected and uncorrectable codewords" });
            }
            if (!ports.empty())
                c.push_back({ "carrier_changes.txt", carrierChangesCommand(ports), "carrier changes per port (two per flap)" });
            break;
        case EvidencePlatform::LinuxHost:
            for (const auto* p : ports) {
                c.push_back({ "ethtool_S_" + fileSafe(p->name) + ".txt", "ethtool -S " + p->name, "per-priority pause rx/tx, discards, ECN marks (mlx5 counters)" });
                c.push_back({ "mlnx_qos_" + fileSafe(p->name) + ".txt", "mlnx_qos -i " + p->name, "trust, PFC bitmap, ETS in force on the NIC" });
                // MLNX_OFED / DOCA-OFED mlx5 ECN sysfs (NVIDIA manual "Explicit Congestion Notification"): DCQCN RP/NP
                // per priority, CNP DSCP and 802.1p priority; grep prints PATH:VALUE (read by importers/nicevidence.h)
                c.push_back({ "ecn_sysfs_" + fileSafe(p->name) + ".txt",
                    "grep -r . /sys/class/net/" + p->name + "/ecn/roce_np /sys/class/net/" + p->name + "/ecn/roce_rp",
                    "DCQCN reaction/notification point per priority, CNP DSCP and priority (mlx5 sysfs)" });
                // Broadcom bnxt_re RoCE congestion control (the driver's configfs, bnxt_re/configfs.c): the RDMA device
                // of the port, its cc group read with grep -r (PATH:VALUE; read by importers/nicevidence.h). The
                // group exists once made (mkdir, as Broadcom's bnxt_setupcc.sh does); made here, it is removed again.
                // Not a bnxt_re port: an empty file, exit 0.
                c.push_back({ "bnxt_re_cc_" + fileSafe(p->name) + ".txt",
                    "dev=\"$(ls /sys/class/net/" + p->name + "/device/infiniband 2>/dev/null | head -n 1)\"; "
                    "case \"$dev\" in bnxt_re*) ;; *) echo \"" + p->name + ": no bnxt_re RDMA device\" >&2; exit 0 ;; esac; "
                    "cc=\"/sys/kernel/config/bnxt_re/$dev\"; made=; "
                    "if [ ! -d \"$cc\" ]; then mkdir \"$cc\" || exit 1; made=1; fi; "
                    "grep -r . \"$cc/ports/1/cc/\"; rc=$?; if [ -n \"$made\" ]; then rmdir \"$cc\"; fi; exit $rc",
                    "Broadcom RoCE: RoCE and CNP DSCP / priority, DCQCN on or off (bnxt_re configfs)", true });
            }
            for (const auto* p : ports) {
                c.push_back({ "ethtool_fec_" + fileSafe(p->name) + ".txt", "ethtool -I --show-fec " + p->name, "active FEC, corrected and uncorrectable codewords (ethtool netlink)" });
                // NVIDIA MFT mlxlink takes the PCI address of the port's function (mlxlink -d 81:00.0)
                c.push_back({ "mlxlink_" + fileSafe(p->name) + ".txt", "mlxlink -d \"$(basename \"$(readlink -f /sys/class/net/" + p->name + "/device)\")\" -c",
                    "effective and raw physical BER, errors per lane (NVIDIA MFT mlxlink)", true });
            }
            if (!ports.empty())
                c.push_back({ "carrier_changes.txt", carrierChangesCommand(ports), "carrier changes per port (two per flap)" });
            c.push_back({ "rdma_statistic.txt", "rdma statistic show", "RoCE hardware counters: np_ecn_marked_roce_packets, np_cnp_sent, rp_cnp_handled" });
            break;
        case EvidencePlatform::InfiniBandHost:
            c = { { "perfquery.txt", "perfquery -x", "port counters of the local HCA port (extended)" },
                { "perfquery_errors.txt", "perfquery", "PortXmitDiscards, PortXmitWait, errors" },
                { "ibdiagnet.txt", "ibdiagnet -o /tmp/lfp-ibdiagnet --pc", "fabric-wide diagnostics with port counters (files in /tmp/lfp-ibdiagnet)" } };
            break;
        case EvidencePlatform::InfiniBandSwitch:
            c = { { "perfquery_all_ports.txt", fmt::format("perfquery -G 0x{:016x} -a", d.node->guid), "counters of every switch port, addressed by node GUID" } };
            break;
        }
        return c;
    }

    bool runsLocally(EvidencePlatform pf) { return pf == EvidencePlatform::LinuxHost || pf == EvidencePlatform::InfiniBandHost; }

} // namespace

const char* toString(EvidencePlatform p)
{
    switch (p) {
    case EvidencePlatform::Sonic:
        return "sonic";
    case EvidencePlatform::Eos:
        return "eos";
    case EvidencePlatform::Nxos:
        return "nxos";
    case EvidencePlatform::Junos:
        return "junos";
    case EvidencePlatform::Huawei:
        return "huawei";
    case EvidencePlatform::Nvue:
        return "nvue";
    case EvidencePlatform::LinuxHost:
        return "linux";
    case EvidencePlatform::InfiniBandHost:
        return "infiniband-host";
    case EvidencePlatform::InfiniBandSwitch:
        return "infiniband-switch";
    }
    return "?";
}

EvidencePlatform evidencePlatformFor(const Node& node)
{
    if (auto it = node.attributes.find("os"); it != node.attributes.end()) {
        const std::string os = lower(it->second);
        if (os == "sonic")
            return EvidencePlatform::Sonic;
        if (os == "eos")
            return EvidencePlatform::Eos;
        if (os == "nxos" || os == "nx-os")
            return EvidencePlatform::Nxos;
        if (os == "junos")
            return EvidencePlatform::Junos;
        if (os == "huawei" || os == "vrp")
            return EvidencePlatform::Huawei;
        if (os == "nvue" || os == "cumulus")
            return EvidencePlatform::Nvue;
        if (os == "linux")
            return node.guid ? EvidencePlatform::InfiniBandHost : EvidencePlatform::LinuxHost;
    }
    if (node.guid != 0)
        return node.isSwitch() ? EvidencePlatform::InfiniBandSwitch : EvidencePlatform::InfiniBandHost;
    if (!node.isSwitch())
        return EvidencePlatform::LinuxHost;
    const std::string vm = node.vendor + " " + node.model;
    if (contains(vm, "arista"))
        return EvidencePlatform::Eos;
    if (contains(vm, "nexus") || contains(vm, "n9k") || contains(vm, "cisco"))
        return EvidencePlatform::Nxos;
    if (contains(vm, "juniper") || contains(vm, "qfx"))
        return EvidencePlatform::Junos;
    if (contains(vm, "huawei") || contains(vm, "cloudengine"))
        return EvidencePlatform::Huawei;
    if (contains(vm, "cumulus"))
        return EvidencePlatform::Nvue;
    return EvidencePlatform::Sonic;
}

std::vector<EvidenceScript> buildEvidenceScripts(const ExportContext& ctx)
{
    // The exporters' name rules: a device or port name that would break a config would break a script too.
    if (const Exporter* sonic = findExporter("sonic"))
        sonic->checkNames(ctx);
    if (const Exporter* host = findExporter("linux"))
        host->checkNames(ctx);
    std::vector<EvidenceScript> out;
    for (const auto& d : ctx.devices()) {
        const Node& n = *d.node;
        EvidenceScript s;
        s.device = n.name;
        s.platform = evidencePlatformFor(n);
        s.file = n.name + ".sh";
        const auto cmds = commandsFor(s.platform, d);
        std::string t;
        t += "#!/usr/bin/env bash\n";
        t += fmt::format("# Evidence of {} ({}), written by `lfp evidence` (docs/counters.md).\n", n.name, toString(s.platform));
        t += "# Usage: " + s.file + " before|after [OUTDIR]   (OUTDIR defaults to ./evidence)\n";
        t += "# Saves each tool's raw output to OUTDIR/PHASE/" + n.name + "/; compare two phases with\n";
        t += "#   lfp counters compare PROJECT --before OUTDIR/before --after OUTDIR/after\n";
        if (runsLocally(s.platform))
            t += "# Run it on the host itself (root or CAP_NET_ADMIN for mlnx_qos).\n";
        else
            t += "# Run it from a management host with ssh access: LFP_SSH_TARGET=user@address overrides the device name;\n"
                 "# LFP_SSH_TARGET=local runs the commands in this shell (on the device's own bash).\n";
        t += "set -u\n";
        t += "phase=\"${1:-}\"\n";
        t += "case \"$phase\" in\n  before|after) ;;\n  *) echo \"usage: $0 before|after [OUTDIR]\" >&2; exit 2 ;;\nesac\n";
        t += "out=\"${2:-evidence}/$phase/\"" + sq(n.name) + "\n";
        t += "mkdir -p \"$out\" || exit 2\n";
        if (runsLocally(s.platform))
            t += "target=local\n";
        else
            t += "target=\"${LFP_SSH_TARGET:-" + n.name + "}\"\n";
        t += "failed=0\n";
        t += "# run FILE COMMAND: the command's stdout into FILE, its stderr and exit status into commands.log\n";
        t += "run() {\n";
        t += "  local file=\"$1\" cmd=\"$2\" rc\n";
        t += "  if [ \"$target\" = local ]; then\n";
        t += "    bash -c \"$cmd\" >\"$out/$file\" 2>>\"$out/commands.log\"\n";
        t += "  else\n";
        t += "    ssh -o BatchMode=yes \"$target\" \"$cmd\" >\"$out/$file\" 2>>\"$out/commands.log\"\n";
        t += "  fi\n";
        t += "  rc=$?\n";
        t += "  printf '%s\\t%s\\t%s\\n' \"$file\" \"$rc\" \"$cmd\" >>\"$out/commands.log\"\n";
        t += "  if [ \"$rc\" -ne 0 ]; then failed=$((failed + 1)); echo \"warning: '$cmd' exited $rc\" >&2; fi\n";
        t += "}\n";
        t += "date -u +%Y-%m-%dT%H:%M:%SZ >\"$out/captured_at.txt\"\n";
        for (const auto& c : cmds) {
            t += "# " + c.why + "\n";
            if (c.expands)
                t += "# the $(…) below is expanded by the shell that runs the command, not by this script\n# shellcheck disable=SC2016\n";
            t += "run " + sq(c.file) + " " + sq(c.command) + "\n";
            s.outputs.push_back(c.file);
        }
        t += "echo \"" + n.name + ": evidence ($phase) in $out, failed commands: $failed\"\n";
        t += "[ \"$failed\" -eq 0 ]\n";
        s.text = std::move(t);
        out.push_back(std::move(s));
    }
    return out;
}

} // namespace lfp
