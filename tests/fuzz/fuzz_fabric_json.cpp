// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer harness for the fabric JSON reader (fast path, strict reader, limits pre-check and the
// error locator): any input must give a fabric or an InputError; anything else is a bug. Run with a
// -max_len that reaches deep inputs (run-fuzzers.sh uses 1 MiB: 256 levels need only 512 bytes, a
// 100,000-deep array 200 kB).
#include "model/errors.h"
#include "model/fabricjson.h"

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    bool fastOk = false;
    lfp::Fabric fast;
    try {
        fast = lfp::fabricFromJsonText(text, "fuzz.json");
        fastOk = true;
    } catch (const lfp::InputError&) {
    }
    // The strict reader alone must agree with the combined one.
    try {
        const lfp::Fabric strict = lfp::strictFabricFromJsonText(text, "fuzz.json");
        if (!fastOk || !(strict == fast))
            __builtin_trap();
        // Writing then reading gives back an equal fabric.
        if (!(lfp::fabricFromJsonText(lfp::fabricToJsonText(strict), "again.json") == strict))
            __builtin_trap();
        // The DOM-free writer of project revisions gives the DOM's bytes.
        if (lfp::fabricToCompactJsonText(strict) != lfp::fabricToJson(strict).dump())
            __builtin_trap();
    } catch (const lfp::InputError&) {
        if (fastOk)
            __builtin_trap();
    }
    (void)lfp::locateJsonPointer(text, "/nodes/0/ports/0/speed");
    return 0;
}
