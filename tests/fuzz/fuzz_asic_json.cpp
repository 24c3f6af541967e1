// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer harness for ASIC profile files (--asic-dir, $LFP_ASIC_DIR): the input goes through a
// per-process file and AsicCatalog::loadFile, as a profile in a directory would.
#include "model/errors.h"
#include "model/asiccatalog.h"

#include <cstdint>
#include <cstdio>
#include <string>
#include <unistd.h>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static const std::string path = "/tmp/lfp-fuzz-asic-" + std::to_string(::getpid()) + ".json";
    if (FILE* f = std::fopen(path.c_str(), "wb")) {
        std::fwrite(data, 1, size, f);
        std::fclose(f);
    }
    try {
        lfp::AsicCatalog c;
        c.loadFile(path, "fuzz");
    } catch (const lfp::InputError&) {
    }
    return 0;
}
