// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file asicinference.h
/// The ASIC of an imported switch, from what the source says about the hardware: SONiC
/// DEVICE_METADATA platform and hwsku ("x86_64-mlnx_msn4700-r0", "Mellanox-SN4700-O8C48"), NetBox
/// device types (netbox.device_type "Manufacturer Model", netbox.device_type_slug), InfiniBand
/// NodeInfo device IDs (ib.vendor_id / ib.device_id from ibnetdiscover's vendid= / devid=, named after
/// the PCI ID Repository's pci.ids), the node's model. A catalogue profile whose platform list names the model matches;
/// nothing is guessed beyond that (no match, or two profiles, leaves the ASIC empty).

#include "model/asiccatalog.h"

#include <string>
#include <vector>

namespace lfp {

struct AsicInference {
    std::string node;
    std::string asic; ///< profile id set; empty when none or ambiguous
    std::string evidence; ///< "sonic.platform x86_64-mlnx_msn4700-r0 names SN4700"
};

/// Sets Node::asic of switches that have none when their hardware names a catalogue platform.
/// Returns one entry per switch looked at that had hardware text (set, ambiguous or unknown).
std::vector<AsicInference> inferAsics(Fabric& fabric, const AsicCatalog& catalog);

/// The profile whose platform (model) name appears in @p text as a whole model number ("msn4700",
/// "SN4700-O8C48" name SN4700, not SN4700C); nullptr when none or several.
const AsicProfile* asicForHardware(const AsicCatalog& catalog, std::string_view text, std::string* platform = nullptr);

} // namespace lfp
