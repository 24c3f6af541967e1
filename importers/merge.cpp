// SPDX-License-Identifier: GPL-3.0-or-later
#include "merge.h"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <stdexcept>

namespace lfp {
namespace {
    std::string ep(const Endpoint& e) { return e.node + ":" + e.port; }
    std::string linkText(const Link& l)
    {
        std::string a = ep(l.a), b = ep(l.b);
        if (b < a)
            std::swap(a, b);
        return a + " -- " + b;
    }
    constexpr double kLengthTolerance = 0.5; // metres: rounding in spreadsheets and NetBox decimals
} // namespace

const char* toString(MergeConflict::Kind k)
{
    switch (k) {
    case MergeConflict::Kind::LinkPeer:
        return "link-peer";
    case MergeConflict::Kind::LinkLength:
        return "link-length";
    case MergeConflict::Kind::LinkMedium:
        return "link-medium";
    case MergeConflict::Kind::PortSpeed:
        return "port-speed";
    case MergeConflict::Kind::PortMtu:
        return "port-mtu";
    case MergeConflict::Kind::PortFec:
        return "port-fec";
    case MergeConflict::Kind::NodeGuid:
        return "node-guid";
    case MergeConflict::Kind::Policy:
        return "policy";
    case MergeConflict::Kind::Override:
        return "override";
    }
    return "?";
}

std::set<std::string> MergeReport::conflictingPorts() const
{
    std::set<std::string> s;
    for (const auto& c : conflicts)
        s.insert(c.ports.begin(), c.ports.end());
    return s;
}

MergeReport planMerge(const Fabric& existing, const Fabric& incoming, const std::set<std::string>& known)
{
    MergeReport r;
    auto knows = [&](const char* f) { return known.count(f) != 0; };
    existing.invalidateIndex();
    incoming.invalidateIndex();
    for (const auto& n : incoming.nodes) {
        const Node* e = existing.findNode(n.name);
        if (!e) {
            r.unknowns.push_back({ MergeUnknown::Side::OnlyIncoming, "node", n.name });
            continue;
        }
        if (knows(known::kNodeGuid) && n.guid && e->guid && n.guid != e->guid)
            r.conflicts.push_back({ MergeConflict::Kind::NodeGuid, n.name + ".guid", {}, fmt::format("0x{:016x}", e->guid), fmt::format("0x{:016x}", n.guid) });
        for (const auto& p : n.ports) {
            const Port* ep_ = e->findPort(p.name);
            const std::string pid = n.name + ":" + p.name;
            if (!ep_) {
                r.unknowns.push_back({ MergeUnknown::Side::OnlyIncoming, "port", pid });
                continue;
            }
            const bool assumedIn = n.attributes.count(std::string(known::kSpeedAssumed) + p.name) != 0;
            const bool assumedEx = e->attributes.count(std::string(known::kSpeedAssumed) + p.name) != 0;
            if (knows(known::kPortSpeed) && !assumedIn && !assumedEx && p.speed != ep_->speed)
                r.conflicts.push_back({ MergeConflict::Kind::PortSpeed, pid + ".speed", { pid }, formatSpeed(ep_->speed), formatSpeed(p.speed) });
            if (knows(known::kPortMtu) && p.mtu > 0 && p.mtu != ep_->mtu)
                r.conflicts.push_back({ MergeConflict::Kind::PortMtu, pid + ".mtu", { pid }, std::to_string(ep_->mtu), std::to_string(p.mtu) });
            if (knows(known::kPortFec) && p.fec != Fec::Unknown && ep_->fec != Fec::Unknown && p.fec != ep_->fec)
                r.conflicts.push_back({ MergeConflict::Kind::PortFec, pid + ".fec", { pid }, toString(ep_->fec), toString(p.fec) });
        }
    }
    for (const auto& n : existing.nodes)
        if (!incoming.findNode(n.name))
            r.unknowns.push_back({ MergeUnknown::Side::OnlyExisting, "node", n.name });

    std::set<const Link*> touched;
    for (std::size_t i = 0; i < incoming.links.size(); ++i) {
        const Link& l = incoming.links[i];
        const Link* ea = existing.linkAt(l.a);
        const Link* eb = existing.linkAt(l.b);
        if (ea)
            touched.insert(ea);
        if (eb)
            touched.insert(eb);
        if (ea && ea == eb) {
            ++r.matchedLinks;
            const std::string id = linkText(l);
            if (knows(known::kLinkLength) && l.length.value() > 0 && ea->length.value() > 0 && std::abs(l.length.value() - ea->length.value()) > kLengthTolerance)
                r.conflicts.push_back({ MergeConflict::Kind::LinkLength, id + ".length", { ep(l.a), ep(l.b) }, formatLength(ea->length), formatLength(l.length), i });
            if (knows(known::kLinkMedium) && l.medium != Medium::Unknown && ea->medium != Medium::Unknown && l.medium != ea->medium)
                r.conflicts.push_back({ MergeConflict::Kind::LinkMedium, id + ".medium", { ep(l.a), ep(l.b) }, toString(ea->medium), toString(l.medium), i });
            continue;
        }
        if (!ea && !eb) {
            r.unknowns.push_back({ MergeUnknown::Side::OnlyIncoming, "link", linkText(l) });
            continue;
        }
        MergeConflict c;
        c.kind = MergeConflict::Kind::LinkPeer;
        c.id = linkText(l);
        c.incoming = linkText(l);
        c.incomingLink = i;
        std::vector<std::string> ex;
        if (ea) {
            c.ports.push_back(ep(l.a));
            ex.push_back(linkText(*ea));
        }
        if (eb) {
            c.ports.push_back(ep(l.b));
            if (eb != ea)
                ex.push_back(linkText(*eb));
        }
        for (const auto& x : ex)
            c.existing += (c.existing.empty() ? "" : "; ") + x;
        r.conflicts.push_back(std::move(c));
    }
    for (const auto& l : existing.links) {
        if (touched.count(&l))
            continue;
        if (incoming.findNode(l.a.node) || incoming.findNode(l.b.node))
            r.unknowns.push_back({ MergeUnknown::Side::OnlyExisting, "link", linkText(l) });
    }

    if (knows(known::kQos)) {
        for (const auto& p : incoming.policies) {
            const QosPolicy* e = existing.findPolicy(p.name);
            if (!e)
                r.unknowns.push_back({ MergeUnknown::Side::OnlyIncoming, "policy", p.name });
            else if (!(*e == p))
                r.conflicts.push_back({ MergeConflict::Kind::Policy, "policy:" + p.name, {}, "the project's policy " + p.name, "the imported policy " + p.name });
        }
        for (const auto& o : incoming.overrides)
            for (const auto& eo : existing.overrides)
                if (eo.port == o.port && eo.policy != o.policy)
                    r.conflicts.push_back({ MergeConflict::Kind::Override, "override:" + ep(o.port), { ep(o.port) }, eo.policy, o.policy });
    }
    return r;
}

Fabric applyMerge(const Fabric& existing, const Fabric& incoming, const MergeReport& report, const MergeChoices& choices)
{
    auto resolve = [&](const MergeConflict& c) {
        auto it = choices.perConflict.find(c.id);
        MergeResolution res = it != choices.perConflict.end() ? it->second : choices.defaultResolution;
        if (res == MergeResolution::Ask)
            throw std::invalid_argument(fmt::format("conflict on {}: the project says {}, the import says {}; choose which to keep", c.id, c.existing, c.incoming));
        return res == MergeResolution::TakeIncoming;
    };
    std::vector<bool> take(report.conflicts.size());
    for (std::size_t i = 0; i < report.conflicts.size(); ++i)
        take[i] = resolve(report.conflicts[i]);

    Fabric out = existing;
    if (out.name.empty())
        out.name = incoming.name;
    out.invalidateIndex();
    // Nodes and ports: add what is new, enrich what is unknown on our side, apply taken conflicts.
    for (const auto& n : incoming.nodes) {
        Node* e = out.findNode(n.name);
        if (!e) {
            out.nodes.push_back(n);
            out.invalidateIndex();
            continue;
        }
        for (const auto& [k, v] : n.attributes)
            if (k.rfind(known::kSpeedAssumed, 0) != 0)
                e->attributes.emplace(k, v);
        if (!e->guid)
            e->guid = n.guid;
        if (e->model.empty())
            e->model = n.model;
        for (const auto& p : n.ports) {
            const std::string mark = std::string(known::kSpeedAssumed) + p.name;
            const bool assumedIn = n.attributes.count(mark) != 0;
            Port* ep_ = e->findPort(p.name);
            if (!ep_) {
                e->ports.push_back(p);
                if (assumedIn)
                    e->attributes[mark] = n.attributes.at(mark);
            } else {
                if (e->attributes.count(mark) && !assumedIn) {
                    ep_->speed = p.speed; // the project had only a guess: the source knows
                    ep_->lanes = p.lanes;
                    e->attributes.erase(mark);
                }
                if (ep_->fec == Fec::Unknown)
                    ep_->fec = p.fec; // the project did not know it: the source may
            }
        }
    }
    for (std::size_t i = 0; i < report.conflicts.size(); ++i) {
        const auto& c = report.conflicts[i];
        if (!take[i])
            continue;
        auto portOf = [&](const std::string& pid) -> std::pair<Port*, const Port*> {
            auto colon = pid.find(':');
            Endpoint e { pid.substr(0, colon), pid.substr(colon + 1) };
            Node* n = out.findNode(e.node);
            const Node* in = incoming.findNode(e.node);
            return { n ? n->findPort(e.port) : nullptr, in ? in->findPort(e.port) : nullptr };
        };
        switch (c.kind) {
        case MergeConflict::Kind::PortSpeed:
        case MergeConflict::Kind::PortMtu:
        case MergeConflict::Kind::PortFec: {
            auto [dst, src] = portOf(c.ports.front());
            if (dst && src) {
                if (c.kind == MergeConflict::Kind::PortSpeed) {
                    dst->speed = src->speed;
                    dst->lanes = src->lanes;
                } else if (c.kind == MergeConflict::Kind::PortMtu) {
                    dst->mtu = src->mtu;
                } else {
                    dst->fec = src->fec;
                }
            }
            break;
        }
        case MergeConflict::Kind::NodeGuid: {
            const std::string name = c.id.substr(0, c.id.size() - 5);
            if (Node* n = out.findNode(name))
                if (const Node* in = incoming.findNode(name))
                    n->guid = in->guid;
            break;
        }
        default:
            break;
        }
    }
    // Links: remove the existing links that taken peer conflicts replace, then add.
    std::set<Endpoint> freed;
    for (std::size_t i = 0; i < report.conflicts.size(); ++i) {
        const auto& c = report.conflicts[i];
        if (c.kind == MergeConflict::Kind::LinkPeer && take[i] && c.incomingLink < incoming.links.size()) {
            freed.insert(incoming.links[c.incomingLink].a);
            freed.insert(incoming.links[c.incomingLink].b);
        }
    }
    out.links.erase(std::remove_if(out.links.begin(), out.links.end(), [&](const Link& l) { return freed.count(l.a) || freed.count(l.b); }), out.links.end());
    out.invalidateIndex();
    std::set<std::size_t> skip;
    for (std::size_t i = 0; i < report.conflicts.size(); ++i) {
        const auto& c = report.conflicts[i];
        if (c.kind == MergeConflict::Kind::LinkPeer && !take[i])
            skip.insert(c.incomingLink);
    }
    auto ensurePort = [&](const Endpoint& e) {
        Node* n = out.findNode(e.node);
        if (!n) {
            Node nn;
            nn.name = e.node;
            if (const Node* in = incoming.findNode(e.node))
                nn = *in;
            out.nodes.push_back(nn);
            out.invalidateIndex();
            n = out.findNode(e.node);
        }
        if (!n->findPort(e.port)) {
            Port p;
            p.name = e.port;
            if (const Node* in = incoming.findNode(e.node))
                if (const Port* ip = in->findPort(e.port))
                    p = *ip;
            n->ports.push_back(p);
        }
    };
    for (std::size_t i = 0; i < incoming.links.size(); ++i) {
        if (skip.count(i))
            continue;
        const Link& l = incoming.links[i];
        const Link* ea = out.linkAt(l.a);
        const Link* eb = out.linkAt(l.b);
        if (ea && ea == eb) {
            Link& m = out.links[static_cast<std::size_t>(ea - out.links.data())];
            if (m.length.value() == 0 && l.length.value() > 0)
                m.length = l.length;
            continue;
        }
        if (ea || eb)
            continue; // a port already used (cannot happen after removals; defensive)
        ensurePort(l.a);
        ensurePort(l.b);
        out.links.push_back(l);
        out.invalidateIndex();
    }
    for (std::size_t i = 0; i < report.conflicts.size(); ++i) {
        const auto& c = report.conflicts[i];
        if (!take[i] || c.incomingLink >= incoming.links.size())
            continue;
        const Link& l = incoming.links[c.incomingLink];
        const Link* m = out.linkAt(l.a);
        if (!m || !(m == out.linkAt(l.b)))
            continue;
        Link& ml = out.links[static_cast<std::size_t>(m - out.links.data())];
        if (c.kind == MergeConflict::Kind::LinkLength)
            ml.length = l.length;
        else if (c.kind == MergeConflict::Kind::LinkMedium)
            ml.medium = l.medium;
    }
    // A medium the project does not know is taken from the source that knows it.
    for (const auto& l : incoming.links) {
        if (l.medium == Medium::Unknown)
            continue;
        const Link* m = out.linkAt(l.a);
        if (m && m == out.linkAt(l.b) && m->medium == Medium::Unknown)
            out.links[static_cast<std::size_t>(m - out.links.data())].medium = l.medium;
    }
    // Policies and overrides.
    for (const auto& p : incoming.policies) {
        auto it = std::find_if(out.policies.begin(), out.policies.end(), [&](const QosPolicy& x) { return x.name == p.name; });
        if (it == out.policies.end()) {
            out.policies.push_back(p);
            continue;
        }
        for (std::size_t i = 0; i < report.conflicts.size(); ++i)
            if (take[i] && report.conflicts[i].id == "policy:" + p.name)
                *it = p;
    }
    for (const auto& o : incoming.overrides) {
        auto it = std::find_if(out.overrides.begin(), out.overrides.end(), [&](const PortOverride& x) { return x.port == o.port; });
        if (it == out.overrides.end()) {
            out.overrides.push_back(o);
            continue;
        }
        for (std::size_t i = 0; i < report.conflicts.size(); ++i)
            if (take[i] && report.conflicts[i].id == "override:" + ep(o.port))
                it->policy = o.policy;
    }
    out.invalidateIndex();
    return out;
}

} // namespace lfp
