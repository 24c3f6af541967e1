// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file enumnames.h
/// One table of names for every enumeration of the model: the name written in files and on the
/// command line, the extra spellings accepted when reading, and a label for people
/// ("RS-FEC (528,514)"), so that no screen or report shows an enum number. Every toString() and
/// *FromString() of the model goes through these tables; other layers specialise EnumNames for their own
/// enumerations the same way.

#include "asic.h"
#include "fabric.h"
#include "qos.h"

#include <optional>
#include <string>
#include <string_view>

namespace lfp {

template <class E>
struct EnumEntry {
    E value;
    const char* name; ///< written form
    const char* label; ///< for people
};
template <class E>
struct EnumAlias {
    const char* name; ///< another accepted spelling
    E value;
};

/// Specialise with `static constexpr EnumEntry<E> entries[]` and `static constexpr EnumAlias<E> aliases[]`
/// (an alias array may hold one placeholder entry with a null name).
template <class E>
struct EnumNames;

template <class E>
const char* enumName(E e)
{
    for (const auto& x : EnumNames<E>::entries)
        if (x.value == e)
            return x.name;
    return "?";
}

template <class E>
const char* enumLabel(E e)
{
    for (const auto& x : EnumNames<E>::entries)
        if (x.value == e)
            return x.label;
    return "?";
}

template <class E>
std::optional<E> enumFromName(std::string_view s)
{
    for (const auto& x : EnumNames<E>::entries)
        if (s == x.name)
            return x.value;
    for (const auto& a : EnumNames<E>::aliases)
        if (a.name && s == a.name)
            return a.value;
    return std::nullopt;
}

/// "a|b|c": the written names, for error messages that name the accepted forms.
template <class E>
std::string enumNameList(const char* separator = "|")
{
    std::string out;
    for (const auto& x : EnumNames<E>::entries) {
        if (!out.empty())
            out += separator;
        out += x.name;
    }
    return out;
}

template <>
struct EnumNames<Role> {
    static constexpr EnumEntry<Role> entries[] = {
        { Role::SuperSpine, "super-spine", "super-spine" },
        { Role::Spine, "spine", "spine" },
        { Role::Leaf, "leaf", "leaf" },
        { Role::Host, "host", "host" },
    };
    static constexpr EnumAlias<Role> aliases[] = { { "tor", Role::Leaf }, { "superspine", Role::SuperSpine } };
};

template <>
struct EnumNames<Medium> {
    static constexpr EnumEntry<Medium> entries[] = {
        { Medium::Dac, "dac", "DAC (passive copper)" },
        { Medium::Aoc, "aoc", "AOC (active optical cable)" },
        { Medium::Fibre, "fibre", "fibre (transceivers)" },
        { Medium::Unknown, "unknown", "unknown (the source does not say)" },
    };
    static constexpr EnumAlias<Medium> aliases[] = { { "fiber", Medium::Fibre } };
};

template <>
struct EnumNames<FibreType> {
    static constexpr EnumEntry<FibreType> entries[] = {
        { FibreType::Unknown, "unknown", "unknown (the source does not say)" },
        { FibreType::Smf, "smf", "single-mode (OS1/OS2)" },
        { FibreType::Om3, "om3", "multimode OM3" },
        { FibreType::Om4, "om4", "multimode OM4" },
        { FibreType::Om5, "om5", "multimode OM5" },
    };
    static constexpr EnumAlias<FibreType> aliases[] = { { "os1", FibreType::Smf }, { "os2", FibreType::Smf }, { "single-mode", FibreType::Smf } };
};

template <>
struct EnumNames<LinkOrigin> {
    static constexpr EnumEntry<LinkOrigin> entries[] = {
        { LinkOrigin::Planned, "planned", "planned" },
        { LinkOrigin::Discovered, "discovered", "discovered" },
    };
    static constexpr EnumAlias<LinkOrigin> aliases[] = { { nullptr, LinkOrigin::Planned } };
};

template <>
struct EnumNames<Fec> {
    static constexpr EnumEntry<Fec> entries[] = {
        { Fec::None, "none", "no FEC" },
        { Fec::FireCode, "fc", "FC-FEC (BASE-R, Clause 74)" },
        { Fec::Rs528, "rs", "RS-FEC (528,514)" },
        { Fec::Rs544, "rs544", "RS-FEC (544,514)" },
        { Fec::Unknown, "unknown", "unknown (the source does not say)" },
    };
    static constexpr EnumAlias<Fec> aliases[] = { { nullptr, Fec::None } };
};

template <>
struct EnumNames<TrustMode> {
    static constexpr EnumEntry<TrustMode> entries[] = {
        { TrustMode::Dscp, "dscp", "trust DSCP (L3)" },
        { TrustMode::Pcp, "pcp", "trust PCP (802.1p, L2)" },
    };
    static constexpr EnumAlias<TrustMode> aliases[] = { { "dot1p", TrustMode::Pcp }, { "l2", TrustMode::Pcp } };
};

template <>
struct EnumNames<SchedulerMode> {
    static constexpr EnumEntry<SchedulerMode> entries[] = {
        { SchedulerMode::Dwrr, "dwrr", "DWRR (ETS share)" },
        { SchedulerMode::Strict, "strict", "strict priority" },
    };
    static constexpr EnumAlias<SchedulerMode> aliases[] = { { "ets", SchedulerMode::Dwrr }, { "wrr", SchedulerMode::Dwrr } };
};

template <>
struct EnumNames<ContractProfile> {
    static constexpr EnumEntry<ContractProfile> entries[] = {
        { ContractProfile::Dcqcn, "dcqcn", "DCQCN (PFC + ECN + CNP)" },
        { ContractProfile::PfcOnly, "pfc-only", "PFC only (lossless, no congestion notification)" },
        { ContractProfile::EcnOnly, "ecn-only", "ECN only (lossy RoCE with DCQCN)" },
    };
    static constexpr EnumAlias<ContractProfile> aliases[] = { { "pfc", ContractProfile::PfcOnly }, { "ecn", ContractProfile::EcnOnly } };
};

template <>
struct EnumNames<WatchdogAction> {
    static constexpr EnumEntry<WatchdogAction> entries[] = {
        { WatchdogAction::Drop, "drop", "drop" },
        { WatchdogAction::Forward, "forward", "forward" },
        { WatchdogAction::Alert, "alert", "alert only" },
    };
    static constexpr EnumAlias<WatchdogAction> aliases[] = { { nullptr, WatchdogAction::Drop } };
};

template <>
struct EnumNames<IbPortClass> {
    static constexpr EnumEntry<IbPortClass> entries[] = {
        { IbPortClass::All, "all", "all ports" },
        { IbPortClass::Ca, "ca", "channel adapter ports" },
        { IbPortClass::SwitchExternal, "switch-external", "switch external ports" },
        { IbPortClass::SwitchPort0, "switch-port0", "switch port 0" },
        { IbPortClass::Router, "router", "router ports" },
    };
    static constexpr EnumAlias<IbPortClass> aliases[] = { { "swe", IbPortClass::SwitchExternal }, { "sw0", IbPortClass::SwitchPort0 },
        { "rtr", IbPortClass::Router } };
};

template <>
struct EnumNames<PoolDirection> {
    static constexpr EnumEntry<PoolDirection> entries[] = {
        { PoolDirection::Ingress, "ingress", "ingress" },
        { PoolDirection::Egress, "egress", "egress" },
    };
    static constexpr EnumAlias<PoolDirection> aliases[] = { { nullptr, PoolDirection::Ingress } };
};

template <>
struct EnumNames<PoolMode> {
    static constexpr EnumEntry<PoolMode> entries[] = {
        { PoolMode::Dynamic, "dynamic", "dynamic threshold" },
        { PoolMode::Static, "static", "static threshold" },
    };
    static constexpr EnumAlias<PoolMode> aliases[] = { { nullptr, PoolMode::Dynamic } };
};

} // namespace lfp
