// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/countersnapshot.h"

namespace lfp {

const char* toString(CounterKind k)
{
    switch (k) {
    case CounterKind::PfcRx:
        return "pfc_rx";
    case CounterKind::PfcTx:
        return "pfc_tx";
    case CounterKind::Drop:
        return "drop";
    case CounterKind::EcnMarked:
        return "ecn_marked";
    case CounterKind::CnpSent:
        return "cnp_sent";
    case CounterKind::CnpHandled:
        return "cnp_handled";
    case CounterKind::WatchdogStorm:
        return "watchdog_storms";
    case CounterKind::WatchdogStormed:
        return "watchdog_stormed";
    case CounterKind::IbXmitDiscards:
        return "ib_xmit_discards";
    case CounterKind::WatchdogDrop:
        return "watchdog_drops";
    case CounterKind::QueuePackets:
        return "queue_packets";
    case CounterKind::CreditWatchdogDrop:
        return "credit_watchdog_drops";
    case CounterKind::FecCorrected:
        return "fec_corrected";
    case CounterKind::FecUncorrectable:
        return "fec_uncorrectable";
    case CounterKind::FecSymbolErrors:
        return "fec_symbol_errors";
    case CounterKind::PostFecErrors:
        return "post_fec_errors";
    case CounterKind::FecCorrectedBits:
        return "fec_corrected_bits";
    case CounterKind::PhyReceivedBits:
        return "phy_received_bits";
    case CounterKind::LaneErrors:
        return "lane_errors";
    case CounterKind::PreFecBer:
        return "pre_fec_ber";
    case CounterKind::IbSymbolErrors:
        return "ib_symbol_errors";
    case CounterKind::IbLinkErrorRecovery:
        return "ib_link_error_recovery";
    case CounterKind::IbLinkDowned:
        return "ib_link_downed";
    case CounterKind::IbRcvErrors:
        return "ib_rcv_errors";
    case CounterKind::LinkDown:
        return "link_down";
    case CounterKind::CarrierChanges:
        return "carrier_changes";
    }
    return "?";
}

bool isGauge(CounterKind k) { return k == CounterKind::PreFecBer; }

bool isPhysical(CounterKind k)
{
    switch (k) {
    case CounterKind::FecCorrected:
    case CounterKind::FecUncorrectable:
    case CounterKind::FecSymbolErrors:
    case CounterKind::PostFecErrors:
    case CounterKind::FecCorrectedBits:
    case CounterKind::PhyReceivedBits:
    case CounterKind::LaneErrors:
    case CounterKind::PreFecBer:
    case CounterKind::IbSymbolErrors:
    case CounterKind::IbLinkErrorRecovery:
    case CounterKind::IbLinkDowned:
    case CounterKind::IbRcvErrors:
    case CounterKind::LinkDown:
    case CounterKind::CarrierChanges:
        return true;
    default:
        return false;
    }
}

} // namespace lfp
