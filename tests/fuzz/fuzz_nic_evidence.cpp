// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer harness for the host evidence readers (importers/nicevidence.h): every input goes through the
// mlnx_qos, mlx5 ECN sysfs, bnxt_re configfs and NicConfigurationTemplate readers; InputError is fine, nothing else is.
#include "importers/nicevidence.h"
#include "model/errors.h"

#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string text(reinterpret_cast<const char*>(data), size);
    try {
        lfp::NicEvidence e;
        lfp::parseMlnxQos(text, "fuzz", e);
    } catch (const lfp::InputError&) {
    }
    try {
        lfp::NicEvidence e;
        lfp::parseEcnSysfs(text, "fuzz", e);
    } catch (const lfp::InputError&) {
    }
    try {
        lfp::NicEvidence e;
        lfp::parseBnxtReCc(text, "fuzz", e);
    } catch (const lfp::InputError&) {
    }
    try {
        (void)lfp::parseNicConfigurationTemplates(text, "fuzz");
    } catch (const lfp::InputError&) {
    }
    return 0;
}
