// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer harness for one reader (LFP_FUZZ_READER, e.g. "csv"): any input must give a fragment or an
// InputError; a crash, a sanitizer report or any other exception is a bug.
#include "importers/importer.h"

#include <cstdint>
#include <cstdio>
#include <string>
#include <unistd.h>

#ifndef LFP_FUZZ_READER
#error "define LFP_FUZZ_READER"
#endif

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static const lfp::Importer* reader = lfp::findImporter(LFP_FUZZ_READER);
    if (!reader)
        __builtin_trap();
    const std::string text(reinterpret_cast<const char*>(data), size);
    try {
        if (std::string(LFP_FUZZ_READER) == "ibnd-cache") {
            // libibnetdisc loads from a path: the input goes through a per-process temporary file.
            static const std::string path = "/tmp/lfp-fuzz-ibnd-" + std::to_string(::getpid()) + ".cache";
            if (FILE* f = std::fopen(path.c_str(), "wb")) {
                std::fwrite(text.data(), 1, text.size(), f);
                std::fclose(f);
            }
            (void)reader->read({ path }, nullptr);
        } else {
            // Short names keep the lldp reader's device-from-file-name rule in play.
            (void)reader->readTexts({ { "fuzz.input", text } }, nullptr);
        }
    } catch (const lfp::InputError&) {
    }
    return 0;
}
