// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer harness for .lfp project files: the input is written to a per-process file and opened,
// listed and loaded read-only, as `lfp info` and `lfp revisions` would. Seeds: real projects
// (run-fuzzers.sh makes them with `lfp generate … -o x.lfp`).
#include "model/errors.h"
#include "model/projectstore.h"

#include <cstdint>
#include <cstdio>
#include <string>
#include <unistd.h>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static const std::string path = "/tmp/lfp-fuzz-project-" + std::to_string(::getpid()) + ".lfp";
    std::remove((path + "-journal").c_str());
    if (FILE* f = std::fopen(path.c_str(), "wb")) {
        std::fwrite(data, 1, size, f);
        std::fclose(f);
    }
    try {
        auto store = lfp::ProjectStore::open(path, false);
        (void)store.revisions();
        (void)store.load();
    } catch (const lfp::InputError&) {
    }
    return 0;
}
