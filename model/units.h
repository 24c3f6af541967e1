// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file units.h
/// Physical quantities as distinct types. Bytes, bits per second, metres and nanoseconds cannot be
/// mixed by accident: adding Bytes to Metres does not compile, and the only conversions between them
/// are the named functions at the end of this file (each states its physics).

#include <compare>
#include <cstdint>
#include <string>
#include <string_view>

namespace lfp {

/// A value of one physical dimension. Tag makes each dimension its own type; Rep is the storage.
template <class Tag, class Rep>
class Quantity {
public:
    using rep = Rep;
    constexpr Quantity() = default;
    constexpr explicit Quantity(Rep v)
        : m_value(v)
    {
    }
    [[nodiscard]] constexpr Rep value() const { return m_value; }

    constexpr Quantity& operator+=(Quantity o)
    {
        m_value += o.m_value;
        return *this;
    }
    constexpr Quantity& operator-=(Quantity o)
    {
        m_value -= o.m_value;
        return *this;
    }
    friend constexpr Quantity operator+(Quantity a, Quantity b) { return Quantity(a.m_value + b.m_value); }
    friend constexpr Quantity operator-(Quantity a, Quantity b) { return Quantity(a.m_value - b.m_value); }
    friend constexpr Quantity operator-(Quantity a) { return Quantity(-a.m_value); }
    /// Scaling by a plain number keeps the dimension.
    friend constexpr Quantity operator*(Quantity a, Rep k) { return Quantity(a.m_value * k); }
    friend constexpr Quantity operator*(Rep k, Quantity a) { return Quantity(a.m_value * k); }
    friend constexpr Quantity operator/(Quantity a, Rep k) { return Quantity(a.m_value / k); }
    /// The ratio of two values of one dimension is a plain number.
    friend constexpr double ratio(Quantity a, Quantity b)
    {
        return static_cast<double>(a.m_value) / static_cast<double>(b.m_value);
    }
    friend constexpr auto operator<=>(Quantity, Quantity) = default;
    friend constexpr bool operator==(Quantity, Quantity) = default;

private:
    Rep m_value {};
};

struct BytesTag;
struct BitsPerSecondTag;
struct MetresTag;
struct NanosecondsTag;

/// A buffer size or amount of data, in bytes (whole bytes).
using Bytes = Quantity<BytesTag, std::int64_t>;
/// A line rate, in bits per second (400G = 400'000'000'000).
using BitsPerSecond = Quantity<BitsPerSecondTag, std::int64_t>;
/// A length, in metres.
using Metres = Quantity<MetresTag, double>;
/// A duration, in nanoseconds.
using Nanoseconds = Quantity<NanosecondsTag, double>;

namespace literals {
constexpr Bytes operator""_B(unsigned long long v) { return Bytes(static_cast<std::int64_t>(v)); }
constexpr Bytes operator""_KiB(unsigned long long v) { return Bytes(static_cast<std::int64_t>(v) * 1024); }
constexpr Bytes operator""_MiB(unsigned long long v) { return Bytes(static_cast<std::int64_t>(v) * 1024 * 1024); }
constexpr BitsPerSecond operator""_Gbps(unsigned long long v)
{
    return BitsPerSecond(static_cast<std::int64_t>(v) * 1'000'000'000);
}
constexpr BitsPerSecond operator""_Mbps(unsigned long long v)
{
    return BitsPerSecond(static_cast<std::int64_t>(v) * 1'000'000);
}
constexpr Metres operator""_m(long double v) { return Metres(static_cast<double>(v)); }
constexpr Metres operator""_m(unsigned long long v) { return Metres(static_cast<double>(v)); }
constexpr Nanoseconds operator""_ns(unsigned long long v) { return Nanoseconds(static_cast<double>(v)); }
constexpr Nanoseconds operator""_us(unsigned long long v) { return Nanoseconds(static_cast<double>(v) * 1000.0); }
constexpr Nanoseconds operator""_ms(unsigned long long v) { return Nanoseconds(static_cast<double>(v) * 1e6); }
} // namespace literals

// ---- Conversions between dimensions: each one is a physical statement, named. ----

/// Data that a link of rate @p rate carries in @p t (bytes, fractional).
constexpr double bytesInFlight(BitsPerSecond rate, Nanoseconds t)
{
    return static_cast<double>(rate.value()) * t.value() / 8.0 / 1e9;
}
/// Time to serialise @p size at @p rate.
constexpr Nanoseconds serialisationTime(Bytes size, BitsPerSecond rate)
{
    return Nanoseconds(static_cast<double>(size.value()) * 8.0 * 1e9 / static_cast<double>(rate.value()));
}
/// One-way propagation delay over @p length at @p metresPerSecond (default 1.98e8 m/s, the
/// velocity SONiC's buffer_headroom_mellanox.lua assumes, ~5.05 ns/m).
constexpr Nanoseconds propagationDelay(Metres length, double metresPerSecond = 1.98e8)
{
    return Nanoseconds(length.value() / metresPerSecond * 1e9);
}
/// Speed in Mb/s as SONiC's CONFIG_DB PORT.speed writes it.
constexpr std::int64_t toMbps(BitsPerSecond s) { return s.value() / 1'000'000; }
constexpr double toGbps(BitsPerSecond s) { return static_cast<double>(s.value()) / 1e9; }

// ---- Text forms. Parsers throw lfp::UnitError naming the accepted forms. ----

/// Parses a line rate: "100G", "100Gbps", "25 G", "400G", "100M", "100Mbps", "1.6T", "1.6Tbps".
BitsPerSecond parseSpeed(std::string_view text);
/// Parses a length: "40m", "40 m", "2.5m", "0.3km", "300cm".
Metres parseLength(std::string_view text);
/// Parses a duration: "400ns", "1.5us", "1.5µs", "200ms", "1s".
Nanoseconds parseDuration(std::string_view text);
/// Parses a size: "9100", "9100B", "19KiB", "13.3MiB", "64KB" (KB = 1000 B), "1GiB".
Bytes parseBytes(std::string_view text);

/// Canonical forms; parse(format(x)) == x for every value these produce.
std::string formatSpeed(BitsPerSecond s); ///< "100G", "2.5G", "100M", "1.6T"
std::string formatLength(Metres m); ///< "40m", "2.5m"
std::string formatDuration(Nanoseconds t); ///< "400ns", "1500us", "200ms" (largest exact unit)
/// A human form for reports: "63,488 B", "3.70 MiB".
std::string formatBytesHuman(Bytes b);

/// Physical ranges the parsers accept (issue 13): values outside them are input errors naming the
/// range, checked before the conversion to the stored representation. See docs/formats/limits.md.
inline constexpr double kMinSpeedBps = 1e6; ///< 1 Mb/s
inline constexpr double kMaxSpeedBps = 1e14; ///< 100 Tb/s, above any planned Ethernet or InfiniBand port
inline constexpr double kMaxLengthMetres = 1e6; ///< 1000 km
inline constexpr double kMaxDurationNs = 3.6e12; ///< one hour
inline constexpr double kMaxBytes = 1099511627776.0; ///< 1 TiB
extern const char* const kSpeedRange;
extern const char* const kLengthRange;
extern const char* const kDurationRange;
extern const char* const kBytesRange;

/// What each parser accepts, for error messages and --help.
extern const char* const kSpeedForms;
extern const char* const kLengthForms;
extern const char* const kDurationForms;
extern const char* const kByteForms;

} // namespace lfp
