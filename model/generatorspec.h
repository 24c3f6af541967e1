// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file generatorspec.h
/// The generator options as text, the way `lfp generate` and the GUI's New Fabric wizard take them
/// ("100G", "3,4", "150KB,1500KB,10%"), and their one translation into GeneratorOptions: both front
/// ends build the same fabric from the same text.

#include "model/asiccatalog.h"
#include "model/generators.h"

#include <string>
#include <vector>

namespace lfp {

struct GeneratorSpec {
    std::string hostSpeed = "100G"; ///< host NIC port speed (parseSpeed forms)
    std::string fabricSpeed = "400G"; ///< switch-to-switch speed
    std::string asic = "spectrum-3"; ///< ASIC profile id; must be in the catalogue
    std::string model = "SN4700"; ///< switch model; see modelGiven
    /// False: @p model is the topology's default and gives way to a platform of the chosen ASIC
    /// when it is not one (catalogue "platforms").
    bool modelGiven = false;
    int mtu = 9100;
    bool noPolicy = false; ///< do not bind the default RoCE policy
    std::string lossless; ///< lossless priorities "3" or "3,4"; empty: 3
    std::string roceDscp; ///< RoCE DSCP per lossless priority, same order; empty: 26 for 3, else 8p+2
    int cnpDscp = 48; ///< DSCP of CNPs
    std::string ecn; ///< "Kmin,Kmax,Pmax" (150KB,1500KB,10%); empty: the defaults
    std::string portNames = "sonic"; ///< the switches' port names: sonic, cumulus, eos, nxos, junos, huawei (generators.h PortNaming)
};

/// The topologies' defaults (cli/cmd_generate.cpp, docs/generators.md): speeds, ASIC and model.
GeneratorSpec leafSpineDefaults();
GeneratorSpec fatTreeDefaults();
GeneratorSpec railDefaults();

/// "3,4" into {3, 4}; throws std::invalid_argument naming @p option.
std::vector<int> parseIntList(const std::string& text, const char* option);
/// "150KB,1500KB,10%" or "150000,1500000,0.1" into the ECN fields of @p r.
void parseEcnText(const std::string& text, RocePolicyOptions& r);
/// The ASIC profile @p id from @p cat; throws std::invalid_argument naming the closest id
/// ("spectrum4" → spectrum-4) or listing them all.
const AsicProfile& checkedAsic(const AsicCatalog& cat, const std::string& id);

/// The generator options of @p spec. Throws std::invalid_argument on an unknown ASIC, unparsable
/// text or a policy rocePolicy() refuses (before anything is generated).
GeneratorOptions toGeneratorOptions(const GeneratorSpec& spec, const AsicCatalog& catalog);

} // namespace lfp
