// SPDX-License-Identifier: GPL-3.0-or-later
#include "units.h"
#include "model/counttext.h"

#include "errors.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <fmt/format.h>
#include <optional>
#include <utility>
#include <vector>

namespace lfp {

const char* const kSpeedForms = "a number followed by G, Gbps, M, Mbps, T or Tbps (\"100G\", \"25Gbps\", \"100M\", \"1.6T\")";
const char* const kLengthForms = "a number followed by m, km or cm (\"40m\", \"2.5 m\", \"0.3km\")";
const char* const kDurationForms = "a number followed by ns, us, µs, ms or s (\"400ns\", \"1.5us\", \"200ms\")";
const char* const kByteForms = "a whole number of bytes, optionally followed by B, KiB, MiB, GiB, KB, MB or GB (\"9100\", \"19KiB\", \"13.3MiB\")";

const char* const kSpeedRange = "a speed from 1M (1 Mb/s) to 100T (100 Tb/s)";
const char* const kLengthRange = "a length from 0m to 1000km";
const char* const kDurationRange = "a duration from 0ns to 3600s";
const char* const kBytesRange = "a size from 0 B to 1 TiB";

namespace {

    struct NumberAndUnit {
        double number = 0;
        std::string unit;
    };

    std::optional<NumberAndUnit> split(std::string_view text)
    {
        std::size_t b = 0;
        while (b < text.size() && std::isspace(static_cast<unsigned char>(text[b])))
            ++b;
        std::size_t e = text.size();
        while (e > b && std::isspace(static_cast<unsigned char>(text[e - 1])))
            --e;
        text = text.substr(b, e - b);
        if (text.empty())
            return std::nullopt;
        NumberAndUnit out;
        const char* first = text.data();
        const char* last = text.data() + text.size();
        auto [ptr, ec] = std::from_chars(first, last, out.number);
        if (ec != std::errc() || ptr == first || !std::isfinite(out.number))
            return std::nullopt;
        std::string_view rest(ptr, static_cast<std::size_t>(last - ptr));
        while (!rest.empty() && rest.front() == ' ')
            rest.remove_prefix(1);
        out.unit = std::string(rest);
        return out;
    }

    [[noreturn]] void fail(std::string_view what, std::string_view text, const char* forms)
    {
        throw UnitError(fmt::format("invalid {} \"{}\": expected {}", what, text, forms));
    }

    /// Refuses a value outside the physical range of its quantity before it is converted to the
    /// stored integer (a 1e308G speed would otherwise wrap to a negative number).
    void checkRange(std::string_view what, std::string_view text, double value, double lo, double hi, const char* range)
    {
        if (!(value >= lo && value <= hi))
            throw UnitError(fmt::format("invalid {} \"{}\": out of range, expected {}", what, text, range));
    }

    double scaleFor(const std::string& unit, const std::vector<std::pair<const char*, double>>& table)
    {
        for (const auto& [name, scale] : table)
            if (unit == name)
                return scale;
        return -1;
    }

} // namespace

BitsPerSecond parseSpeed(std::string_view text)
{
    auto nu = split(text);
    if (!nu)
        fail("speed", text, kSpeedForms);
    static const std::vector<std::pair<const char*, double>> table {
        { "G", 1e9 }, { "Gbps", 1e9 }, { "Gb/s", 1e9 }, { "M", 1e6 }, { "Mbps", 1e6 }, { "Mb/s", 1e6 },
        { "T", 1e12 }, { "Tbps", 1e12 }, { "Tb/s", 1e12 },
    };
    const double scale = scaleFor(nu->unit, table);
    if (scale < 0)
        fail("speed", text, kSpeedForms);
    // "0G" and "-1m" are well formed but out of range: the message names the range, not the forms.
    checkRange("speed", text, nu->number * scale, kMinSpeedBps, kMaxSpeedBps, kSpeedRange);
    return BitsPerSecond(static_cast<std::int64_t>(std::llround(nu->number * scale)));
}

Metres parseLength(std::string_view text)
{
    auto nu = split(text);
    if (!nu)
        fail("length", text, kLengthForms);
    static const std::vector<std::pair<const char*, double>> table { { "m", 1.0 }, { "km", 1000.0 }, { "cm", 0.01 } };
    const double scale = scaleFor(nu->unit, table);
    if (scale < 0)
        fail("length", text, kLengthForms);
    checkRange("length", text, nu->number * scale, 0.0, kMaxLengthMetres, kLengthRange);
    return Metres(nu->number * scale);
}

Nanoseconds parseDuration(std::string_view text)
{
    auto nu = split(text);
    if (!nu)
        fail("duration", text, kDurationForms);
    static const std::vector<std::pair<const char*, double>> table {
        { "ns", 1.0 }, { "us", 1e3 }, { "\xC2\xB5s", 1e3 }, { "ms", 1e6 }, { "s", 1e9 },
    };
    const double scale = scaleFor(nu->unit, table);
    if (scale < 0)
        fail("duration", text, kDurationForms);
    checkRange("duration", text, nu->number * scale, 0.0, kMaxDurationNs, kDurationRange);
    return Nanoseconds(nu->number * scale);
}

Bytes parseBytes(std::string_view text)
{
    auto nu = split(text);
    if (!nu)
        fail("size", text, kByteForms);
    static const std::vector<std::pair<const char*, double>> table {
        { "", 1.0 }, { "B", 1.0 }, { "KiB", 1024.0 }, { "MiB", 1024.0 * 1024 }, { "GiB", 1024.0 * 1024 * 1024 },
        { "KB", 1e3 }, { "kB", 1e3 }, { "MB", 1e6 }, { "GB", 1e9 },
    };
    const double scale = scaleFor(nu->unit, table);
    if (scale < 0)
        fail("size", text, kByteForms);
    const double v = nu->number * scale;
    if (nu->unit.empty() && v != std::floor(v))
        fail("size", text, kByteForms);
    checkRange("size", text, v, 0.0, kMaxBytes, kBytesRange);
    return Bytes(static_cast<std::int64_t>(std::llround(v)));
}

namespace {
    std::string trimNumber(double v)
    {
        // Shortest text that reads back to the same double.
        char buf[64];
        auto [ptr, ec] = std::to_chars(buf, buf + sizeof buf, v);
        (void)ec;
        return std::string(buf, ptr);
    }
} // namespace

std::string formatSpeed(BitsPerSecond s)
{
    const auto v = s.value();
    if (v % 1'000'000'000'000 == 0 && v >= 1'000'000'000'000)
        return fmt::format("{}T", v / 1'000'000'000'000);
    if (v % 1'000'000 == 0 && v >= 1'000'000'000 && (v % 1'000'000'000 == 0 || v % 100'000'000 == 0))
        return trimNumber(static_cast<double>(v) / 1e9) + "G";
    if (v % 1'000'000 == 0)
        return fmt::format("{}M", v / 1'000'000);
    return trimNumber(static_cast<double>(v) / 1e6) + "M";
}

std::string formatLength(Metres m) { return trimNumber(m.value()) + "m"; }

std::string formatDuration(Nanoseconds t)
{
    const double v = t.value();
    if (v != 0 && std::fmod(v, 1e9) == 0)
        return trimNumber(v / 1e9) + "s";
    if (v != 0 && std::fmod(v, 1e6) == 0)
        return trimNumber(v / 1e6) + "ms";
    if (v != 0 && std::fmod(v, 1e3) == 0)
        return trimNumber(v / 1e3) + "us";
    return trimNumber(v) + "ns";
}

std::string formatBytesHuman(Bytes b)
{
    const auto v = b.value();
    if (std::llabs(v) >= 1024LL * 1024 * 1024)
        return fmt::format("{:.2f} GiB", static_cast<double>(v) / (1024.0 * 1024 * 1024));
    if (std::llabs(v) >= 1024LL * 1024)
        return fmt::format("{:.2f} MiB", static_cast<double>(v) / (1024.0 * 1024));
    return groupThousands(v) + " B";
}

} // namespace lfp
