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
    }
    return "?";
}

} // namespace lfp
