// SPDX-License-Identifier: GPL-3.0-or-later
#include "merge.h"

#include "model/fabricindex.h"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <map>
#include <optional>
#include <stdexcept>
#include <unordered_map>

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
    const FabricIndex exIdx(existing);
    const FabricIndex inIdx(incoming);
    for (const auto& n : incoming.nodes) {
        const Node* e = exIdx.findNode(n.name);
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
        if (!inIdx.findNode(n.name))
            r.unknowns.push_back({ MergeUnknown::Side::OnlyExisting, "node", n.name });

    std::set<const Link*> touched;
    for (std::size_t i = 0; i < incoming.links.size(); ++i) {
        const Link& l = incoming.links[i];
        const Link* ea = exIdx.findLinkAt(l.a);
        const Link* eb = exIdx.findLinkAt(l.b);
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
        if (inIdx.findNode(l.a.node) || inIdx.findNode(l.b.node))
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
    const FabricIndex inIdx(incoming);
    // Look-ups of the fabric being built, kept up to date as nodes and links are added.
    std::unordered_map<std::string, std::size_t> nodeAt;
    for (std::size_t i = 0; i < out.nodes.size(); ++i)
        nodeAt.emplace(out.nodes[i].name, i);
    auto findOut = [&](const std::string& name) -> Node* {
        auto it = nodeAt.find(name);
        return it == nodeAt.end() ? nullptr : &out.nodes[it->second];
    };
    auto addNode = [&](const Node& n) {
        nodeAt.emplace(n.name, out.nodes.size());
        out.nodes.push_back(n);
        return &out.nodes.back();
    };
    std::map<Endpoint, std::size_t> linkAt;
    auto indexLinks = [&] {
        linkAt.clear();
        for (std::size_t i = 0; i < out.links.size(); ++i) {
            linkAt.emplace(out.links[i].a, i);
            linkAt.emplace(out.links[i].b, i);
        }
    };
    auto linkOf = [&](const Endpoint& e) -> std::optional<std::size_t> {
        auto it = linkAt.find(e);
        if (it == linkAt.end())
            return std::nullopt;
        return it->second;
    };
    // Nodes and ports: add what is new, enrich what is unknown on our side, apply taken conflicts.
    for (const auto& n : incoming.nodes) {
        Node* e = findOut(n.name);
        if (!e) {
            addNode(n);
            continue;
        }
        for (const auto& [k, v] : n.attributes)
            if (k.rfind(known::kSpeedAssumed, 0) != 0)
                e->attributes.emplace(k, v);
        for (const auto& key : bufferSettingKeys()) // settings the project lacks, the source may give
            if (!bufferSettingText(e->buffer, key))
                if (auto text = bufferSettingText(n.buffer, key))
                    setBufferSetting(e->buffer, key, *text);
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
            Node* n = findOut(e.node);
            const Node* in = inIdx.findNode(e.node);
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
            if (Node* n = findOut(name))
                if (const Node* in = inIdx.findNode(name))
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
    indexLinks();
    std::set<std::size_t> skip;
    for (std::size_t i = 0; i < report.conflicts.size(); ++i) {
        const auto& c = report.conflicts[i];
        if (c.kind == MergeConflict::Kind::LinkPeer && !take[i])
            skip.insert(c.incomingLink);
    }
    auto ensurePort = [&](const Endpoint& e) {
        Node* n = findOut(e.node);
        if (!n) {
            Node nn;
            nn.name = e.node;
            if (const Node* in = inIdx.findNode(e.node))
                nn = *in;
            n = addNode(nn);
        }
        if (!n->findPort(e.port)) {
            Port p;
            p.name = e.port;
            if (const Node* in = inIdx.findNode(e.node))
                if (const Port* ip = in->findPort(e.port))
                    p = *ip;
            n->ports.push_back(p);
        }
    };
    for (std::size_t i = 0; i < incoming.links.size(); ++i) {
        if (skip.count(i))
            continue;
        const Link& l = incoming.links[i];
        const auto ea = linkOf(l.a);
        const auto eb = linkOf(l.b);
        if (ea && ea == eb) {
            Link& m = out.links[*ea];
            if (m.length.value() == 0 && l.length.value() > 0)
                m.length = l.length;
            continue;
        }
        if (ea || eb)
            continue; // a port already used (cannot happen after removals; defensive)
        ensurePort(l.a);
        ensurePort(l.b);
        linkAt.emplace(l.a, out.links.size());
        linkAt.emplace(l.b, out.links.size());
        out.links.push_back(l);
    }
    for (std::size_t i = 0; i < report.conflicts.size(); ++i) {
        const auto& c = report.conflicts[i];
        if (!take[i] || c.incomingLink >= incoming.links.size())
            continue;
        const Link& l = incoming.links[c.incomingLink];
        const auto m = linkOf(l.a);
        if (!m || m != linkOf(l.b))
            continue;
        Link& ml = out.links[*m];
        if (c.kind == MergeConflict::Kind::LinkLength)
            ml.length = l.length;
        else if (c.kind == MergeConflict::Kind::LinkMedium)
            ml.medium = l.medium;
    }
    // A medium the project does not know is taken from the source that knows it.
    for (const auto& l : incoming.links) {
        if (l.medium == Medium::Unknown)
            continue;
        const auto m = linkOf(l.a);
        if (m && m == linkOf(l.b) && out.links[*m].medium == Medium::Unknown)
            out.links[*m].medium = l.medium;
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
    return out;
}

} // namespace lfp
