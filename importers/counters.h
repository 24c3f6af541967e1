// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file counters.h
/// Readers of the raw tool outputs that `lfp evidence` scripts save (DIR/<device>/<file>.txt), in the
/// tools' own formats: SONiC `show pfc counters` (pfcstat), `show queue counters` (queuestat),
/// `show pfcwd stats`; Linux `ethtool -S` (mlx5 counter names) and `rdma statistic show`; InfiniBand
/// `perfquery` (docs/counters.md, tests/counters/data/README.md names each format's source). They fill a
/// model/countersnapshot.h `CounterSnapshot`; planner/review/counters.h compares two. No Qt.

#include "model/countersnapshot.h"

#include <string>

namespace lfp {

/// Parsers of the tools' outputs (exposed for tests). Each adds to @p out; @p where is "device/file"
/// for messages. Throws InputError naming the file, line and field on a malformed row.
void parseSonicPfcCounters(const std::string& text, const std::string& device, const std::string& where, CounterSnapshot& out);
void parseSonicQueueCounters(const std::string& text, const std::string& device, const std::string& where, CounterSnapshot& out);
void parseSonicPfcwdStats(const std::string& text, const std::string& device, const std::string& where, CounterSnapshot& out);
void parseEthtoolStats(const std::string& text, const std::string& device, const std::string& port, const std::string& where, CounterSnapshot& out);
void parseRdmaStatistic(const std::string& text, const std::string& device, const std::string& where, CounterSnapshot& out);
void parsePerfquery(const std::string& text, const std::string& device, const std::string& where, CounterSnapshot& out);
// Cross-checks and the physical layer (docs/counters.md): SONiC `show pfc priority`, `show interfaces counters
// fec-stats`, `show interfaces flap`; `ethtool -I --show-fec`, `mlxlink -c`, /sys/class/net/*/carrier_changes.
void parseSonicPfcPriority(const std::string& text, const std::string& device, const std::string& where, CounterSnapshot& out);
void parseSonicFecStats(const std::string& text, const std::string& device, const std::string& where, CounterSnapshot& out);
void parseSonicInterfacesFlap(const std::string& text, const std::string& device, const std::string& where, CounterSnapshot& out);
void parseEthtoolFec(const std::string& text, const std::string& device, const std::string& port, const std::string& where, CounterSnapshot& out);
void parseMlxlink(const std::string& text, const std::string& device, const std::string& port, const std::string& where, CounterSnapshot& out);
void parseCarrierChanges(const std::string& text, const std::string& device, const std::string& where, CounterSnapshot& out);

/// Reads every capture of @p dir: DIR/<device>/<file>. Files are recognised by name
/// (pfc_counters.txt, queue_counters.txt, queue_counters_voq.txt, pfcwd_stats.txt, pfc_priority.txt,
/// fec_stats.txt, interfaces_flap.txt, carrier_changes.txt, ethtool_S_<if>.txt, ethtool_fec_<if>.txt,
/// mlxlink_<if>.txt, rdma_statistic.txt, perfquery*.txt; captured_at.txt gives the capture time);
/// others (watermarks, vendor outputs) are kept for the reviewer and not parsed.
/// Throws InputError when @p dir is not a directory or a recognised file is malformed.
CounterSnapshot readCaptureDirectory(const std::string& dir);

} // namespace lfp
