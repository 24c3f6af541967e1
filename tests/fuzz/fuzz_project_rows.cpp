// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer harness for the *contents* of .lfp projects (issue 13): the input is the rows of a valid
// project (tests/fuzz/projectrows.h), written into a fresh file, which is then opened, listed and
// loaded read-only as `lfp info` / `lfp revisions` / `lfp export` would, every revision loaded, and
// opened writable and saved onto as `lfp import --merge` would (a save onto a corrupt latest revision
// must be refused, never crash). InputError is fine; anything else is a finding.
#include "model/errors.h"
#include "model/projectstore.h"
#include "projectrows.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <unistd.h>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    // On a RAM disk where there is one (3× the executions of a disk file), else /tmp.
    static const std::string path = std::string(::access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp") + "/lfp-fuzz-rows-"
        + std::to_string(::getpid()) + ".lfp";
    lfp::fuzz::writeProjectRows(path, std::string_view(reinterpret_cast<const char*>(data), size));
    try {
        auto store = lfp::ProjectStore::open(path, false);
        const auto revs = store.revisions();
        for (const auto& r : revs) {
            try {
                (void)store.load(r.id);
                (void)store.revisionChecksum(r.id);
            } catch (const lfp::InputError&) {
            }
        }
    } catch (const lfp::InputError&) {
    }
    try {
        auto store = lfp::ProjectStore::open(path, true);
        const auto latest = store.latestRevision();
        const lfp::Fabric fabric = store.load();
        const int id = store.save(fabric, "fuzz", "fuzz save", latest);
        try {
            (void)store.load(id); // what was saved must read back: anything else loses data
        } catch (const lfp::InputError& e) {
            std::fprintf(stderr, "a saved revision does not read back: %s\n", e.what());
            std::abort();
        }
    } catch (const lfp::InputError&) {
    }
    return 0;
}
