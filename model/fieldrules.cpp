// SPDX-License-Identifier: GPL-3.0-or-later
#include "fieldrules.h"

#include "errors.h"
#include "qos.h"
#include "units.h"

#include <cmath>
#include <fmt/format.h>

namespace lfp {

std::string rangeExpected(IntRange r) { return fmt::format("expected a whole number from {} to {}", r.lo, r.hi); }

std::string rangeMessage(std::int64_t found, IntRange r) { return fmt::format("found {}, {}", found, rangeExpected(r)); }

TextKind textKindOfKey(std::string_view key)
{
    return key == "description" || key == "notes" ? TextKind::FreeText : TextKind::Name;
}

std::optional<std::string> textMessage(std::string_view s, TextKind kind)
{
    auto problem = textProblem(s, kind);
    if (!problem)
        return std::nullopt;
    return fmt::format("the string \"{}\" {}", escapeTerminal(s.size() > 64 ? s.substr(0, 64) : s), *problem);
}

namespace {

    constexpr IntRange kPriority { 0, kPriorities - 1 };
    constexpr IntRange kDscp { 0, kDscpValues - 1 };
    constexpr IntRange kWeight { 0, 100 };

    /// Collects the first problem; every check after it is skipped.
    struct Gate {
        std::optional<WriteProblem> first;
        std::string object;

        bool failed() const { return first.has_value(); }
        void fail(const std::string& pointer, std::string message)
        {
            if (!first)
                first = WriteProblem { pointer, object, std::move(message) };
        }
        void text(const std::string& pointer, std::string_view key, std::string_view s)
        {
            if (first)
                return;
            if (auto m = textMessage(s, textKindOfKey(key)))
                fail(pointer + "/" + std::string(key), *m);
        }
        void name(const std::string& pointer, std::string_view key, std::string_view s, const char* what)
        {
            if (!first && s.empty())
                fail(pointer + "/" + std::string(key), fmt::format("found an empty name, expected a {} name", what));
            text(pointer, key, s);
        }
        void number(const std::string& pointer, std::int64_t v, IntRange r)
        {
            if (!first && !r.contains(v))
                fail(pointer, rangeMessage(v, r));
        }
        template <class Container>
        void numbers(const std::string& pointer, const Container& c, IntRange r)
        {
            std::size_t i = 0;
            for (const auto v : c)
                number(pointer + "/" + std::to_string(i++), v, r);
        }
    };

    void checkPolicy(Gate& g, const QosPolicy& p, const std::string& at)
    {
        g.object = "policy " + escapeTerminal(p.name);
        g.name(at, "name", p.name, "policy");
        g.text(at, "description", p.description);
        for (std::size_t i = 0; i < p.classes.size(); ++i) {
            g.number(fmt::format("{}/classes/{}/id", at, i), p.classes[i].id, kPriority);
            g.text(fmt::format("{}/classes/{}", at, i), "name", p.classes[i].name);
            if (p.classes[i].losslessAs)
                g.number(fmt::format("{}/classes/{}/lossless_as", at, i), *p.classes[i].losslessAs, kPriority);
        }
        g.numbers(at + "/dscp_to_tc", p.dscpToTc, kPriority);
        g.numbers(at + "/tc_to_pg", p.tcToPg, kPriority);
        g.numbers(at + "/tc_to_queue", p.tcToQueue, kPriority);
        g.numbers(at + "/lossless", p.losslessPriorities, kPriority);
        for (std::size_t i = 0; i < p.ets.size(); ++i) {
            g.number(fmt::format("{}/ets/{}/queue", at, i), p.ets[i].queue, kPriority);
            g.number(fmt::format("{}/ets/{}/weight", at, i), p.ets[i].weight, kWeight);
        }
        const IntRange bytes { 0, static_cast<std::int64_t>(kMaxBytes) };
        for (std::size_t i = 0; i < p.ecn.size(); ++i) {
            const auto& e = p.ecn[i];
            const auto ep = fmt::format("{}/ecn/{}", at, i);
            g.text(ep, "name", e.name);
            g.number(ep + "/kmin", e.kmin.value(), bytes);
            g.number(ep + "/kmax", e.kmax.value(), bytes);
            if (!g.failed() && !(e.pmax >= 0 && e.pmax <= 1))
                g.fail(ep + "/pmax", fmt::format("found {}, expected a probability from 0 to 1", e.pmax));
            g.numbers(ep + "/queues", e.queues, kPriority);
        }
        g.number(at + "/cnp/priority", p.cnpPriority, kPriority);
        g.number(at + "/cnp/dscp", p.cnpDscp, kDscp);
        g.number(at + "/nic/roce_priority", p.nic.rocePriority, kPriority);
        g.number(at + "/nic/roce_dscp", p.nic.roceDscp, kDscp);
        g.number(at + "/nic/cnp_priority", p.nic.cnpPriority, kPriority);
        g.number(at + "/nic/cnp_dscp", p.nic.cnpDscp, kDscp);
    }

    /// A quantity whose text form must parse back (units.h ranges); the last value checked is
    /// remembered, since neighbouring ports and links nearly always share one.
    template <class Q, class Format, class Parse>
    void checkQuantity(Gate& g, const std::string& pointer, Q q, std::optional<Q>& lastGood, Format format, Parse parse)
    {
        if (g.failed() || (lastGood && *lastGood == q))
            return;
        try {
            if (parse(format(q)) == q) {
                lastGood = q;
                return;
            }
            g.fail(pointer, fmt::format("\"{}\" does not read back as the same value", format(q)));
        } catch (const UnitError& e) {
            g.fail(pointer, e.what());
        }
    }

    bool portLooksWritable(const Port& p, const std::optional<BitsPerSecond>& lastSpeed)
    {
        return !p.name.empty() && lastSpeed && *lastSpeed == p.speed && kPortLanesRange.contains(p.lanes) && kPortMtuRange.contains(p.mtu)
            && !textProblem(p.name) && (p.breakoutParent.empty() || !textProblem(p.breakoutParent));
    }

    void checkNode(Gate& g, const Node& n, const std::string& at, std::optional<BitsPerSecond>& lastSpeed)
    {
        g.object = "node " + escapeTerminal(n.name);
        g.name(at, "name", n.name, "node");
        g.text(at, "rack", n.rack);
        g.text(at, "vendor", n.vendor);
        g.text(at, "model", n.model);
        g.text(at, "asic", n.asic);
        for (const auto& [k, v] : n.attributes) {
            if (auto problem = textProblem(k); problem && !g.failed())
                g.fail(at + "/attributes", fmt::format("the attribute name \"{}\" {}", escapeTerminal(k.substr(0, 64)), *problem));
            g.text(at + "/attributes", k, v);
        }
        for (std::size_t i = 0; i < n.ports.size() && !g.failed(); ++i) {
            const Port& p = n.ports[i];
            if (portLooksWritable(p, lastSpeed))
                continue; // the usual case, without building a pointer
            const auto pp = fmt::format("{}/ports/{}", at, i);
            g.object = "port " + escapeTerminal(n.name) + ":" + escapeTerminal(p.name);
            g.name(pp, "name", p.name, "port");
            checkQuantity(g, pp + "/speed", p.speed, lastSpeed, formatSpeed, parseSpeed);
            g.number(pp + "/lanes", p.lanes, kPortLanesRange);
            g.number(pp + "/mtu", p.mtu, kPortMtuRange);
            g.text(pp, "breakout_parent", p.breakoutParent);
        }
    }

} // namespace

std::optional<WriteProblem> fabricWriteProblem(const Fabric& f)
{
    Gate g;
    g.object = "the fabric";
    g.text("", "name", f.name);
    g.text("", "description", f.description);
    for (std::size_t i = 0; i < f.policies.size() && !g.failed(); ++i)
        checkPolicy(g, f.policies[i], fmt::format("/policies/{}", i));
    for (std::size_t i = 0; i < f.bindings.size() && !g.failed(); ++i) {
        g.object = "role binding " + std::string(toString(f.bindings[i].role));
        g.text(fmt::format("/bindings/{}", i), "policy", f.bindings[i].policy);
    }
    for (std::size_t i = 0; i < f.overrides.size() && !g.failed(); ++i) {
        const auto& o = f.overrides[i];
        const auto at = fmt::format("/overrides/{}", i);
        g.object = "port override";
        g.text(at, "node", o.port.node);
        g.text(at, "port", o.port.port);
        g.text(at, "policy", o.policy);
    }
    std::optional<BitsPerSecond> lastSpeed;
    for (std::size_t i = 0; i < f.nodes.size() && !g.failed(); ++i)
        checkNode(g, f.nodes[i], fmt::format("/nodes/{}", i), lastSpeed);
    std::optional<Metres> lastLength;
    for (std::size_t i = 0; i < f.links.size() && !g.failed(); ++i) {
        g.object = "link " + escapeTerminal(f.links[i].a.node) + ":" + escapeTerminal(f.links[i].a.port);
        checkQuantity(g, fmt::format("/links/{}/length", i), f.links[i].length, lastLength, formatLength, parseLength);
    }
    if (g.failed())
        return g.first;
    if (auto problems = f.structureProblems(1); !problems.empty())
        return WriteProblem { problems.front().pointer, "the fabric", problems.front().message };
    return std::nullopt;
}

void requireWritable(const Fabric& fabric, const std::string& file)
{
    if (auto p = fabricWriteProblem(fabric))
        throw InputError(SourceLocation { file, 0, 0, p->pointer }, fmt::format("{}: {}; nothing was saved", p->object, p->message));
}

} // namespace lfp
