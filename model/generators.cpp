// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/generators.h"
#include "model/counttext.h"
#include "model/lanes.h"
#include "model/reach.h"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <map>
#include <stdexcept>

namespace lfp {

int lanesFor(BitsPerSecond speed, const std::string& asic)
{
    // SerDes rate per lane: Spectrum-1 25G NRZ; Spectrum-2/3 50G PAM4; Spectrum-4/5 100G PAM4;
    // Spectrum-6 200G PAM4. Hosts (empty asic): 25G lanes up to 100G ports, 100G lanes above.
    double serdesG = 50;
    if (asic == "spectrum-1")
        serdesG = 25;
    else if (asic == "spectrum-4" || asic == "spectrum-5")
        serdesG = 100;
    else if (asic == "spectrum-6")
        serdesG = 200;
    else if (asic.empty())
        serdesG = toGbps(speed) <= 100 ? 25 : 100;
    const int lanes = static_cast<int>(std::ceil(toGbps(speed) / serdesG));
    return std::clamp(lanes, 1, 8);
}

namespace {

    struct Rack {
        std::string name;
        double x = 0;
        double y = 0;
    };

    /// Builds a fabric while keeping rack positions for cable estimates.
    class Builder {
    public:
        explicit Builder(const GeneratorOptions& opt)
            : m_opt(opt)
        {
        }

        /// Places a rack at slot @p slot of the floor (rows of racksPerRow).
        std::string rack(const std::string& name, int slot)
        {
            const int row = slot / m_opt.racksPerRow;
            const int col = slot % m_opt.racksPerRow;
            m_racks[name] = { name, col * m_opt.rackPitch, row * m_opt.rowPitch };
            return name;
        }

        /// A switch with @p hostPorts ports at host speed (facing servers) followed by @p fabricPorts
        /// at fabric speed. Ports are named after their first lane as SONiC does; the step is the lanes
        /// of the widest port, so a 100G server port on a 400G cage still takes a cage's name.
        std::size_t addSwitch(const std::string& name, Role role, const std::string& rackName, int hostPorts, int fabricPorts)
        {
            Node n;
            n.name = name;
            n.role = role;
            n.rack = rackName;
            n.vendor = m_opt.switchVendor;
            n.model = m_opt.switchModel;
            n.asic = m_opt.asic;
            const int hostLanes = lanesFor(m_opt.hostSpeed, m_opt.asic);
            const int fabricLanes = lanesFor(m_opt.fabricSpeed, m_opt.asic);
            const int step = hostPorts > 0 ? std::max(hostLanes, fabricLanes) : fabricLanes;
            n.ports.reserve(static_cast<std::size_t>(hostPorts + fabricPorts));
            for (int i = 0; i < hostPorts + fabricPorts; ++i) {
                const bool toHost = i < hostPorts;
                const BitsPerSecond speed = toHost ? m_opt.hostSpeed : m_opt.fabricSpeed;
                n.ports.push_back(makePort(switchPortName(m_opt.portNaming, i, step, speed), speed, toHost ? hostLanes : fabricLanes));
            }
            m_fabric.nodes.push_back(std::move(n));
            m_next.push_back(0);
            return m_fabric.nodes.size() - 1;
        }

        std::size_t addHost(const std::string& name, const std::string& rackName, int nics, BitsPerSecond speed)
        {
            Node n;
            n.name = name;
            n.role = Role::Host;
            n.rack = rackName;
            n.vendor = "NVIDIA";
            n.model = "ConnectX-7";
            // The NIC takes the lane configuration of the switch port it faces (ConnectX-7 runs 100G as
            // 4 × 25G NRZ or 2 × 50G PAM4): both ends must have the same lane rate (model/lanes.h).
            const int lanes = lanesFor(speed, m_opt.asic);
            for (int i = 0; i < nics; ++i)
                n.ports.push_back(makePort(nics == 1 ? std::string("eth0") : fmt::format("mlx5_{}", i), speed, lanes));
            m_fabric.nodes.push_back(std::move(n));
            m_next.push_back(0);
            return m_fabric.nodes.size() - 1;
        }

        /// Links the next free port of @p a to the next free port of @p b (or port @p portB of b).
        void link(std::size_t a, std::size_t b, int portA = -1, int portB = -1)
        {
            Node& na = m_fabric.nodes[a];
            Node& nb = m_fabric.nodes[b];
            const auto pa = static_cast<std::size_t>(portA >= 0 ? portA : m_next[a]++);
            const auto pb = static_cast<std::size_t>(portB >= 0 ? portB : m_next[b]++);
            if (pa >= na.ports.size() || pb >= nb.ports.size())
                throw std::logic_error(fmt::format("generator ran out of ports linking {} and {}", na.name, nb.name));
            Link l;
            l.a = { na.name, na.ports[pa].name };
            l.b = { nb.name, nb.ports[pb].name };
            l.length = cable(na.rack, nb.rack);
            const double m = l.length.value();
            // Copper only as far as it reaches at the lane rate (IEEE 802.3 CR PMDs, model/reach.h).
            double lane = 0;
            for (const Port* p : { &na.ports[pa], &nb.ports[pb] })
                lane = std::max(lane, toGbps(p->speed) / std::max(1, p->lanes));
            const double dacMax = std::min(3.0, dacReachMetres(lane));
            l.medium = m <= dacMax ? Medium::Dac : (m <= 30.0 ? Medium::Aoc : Medium::Fibre);
            l.origin = LinkOrigin::Planned;
            m_fabric.links.push_back(std::move(l));
        }

        Metres cable(const std::string& ra, const std::string& rb) const
        {
            const Rack& a = m_racks.at(ra);
            const Rack& b = m_racks.at(rb);
            double run;
            if (ra == rb) {
                run = 1.5; // within a rack: top-of-rack switch to a server, average
            } else {
                run = std::abs(a.x - b.x) + std::abs(a.y - b.y) + 2 * m_opt.verticalRun;
            }
            return Metres(std::ceil(run * (1.0 + m_opt.slack)));
        }

        Fabric finish(std::string name, std::string description)
        {
            m_fabric.name = std::move(name);
            m_fabric.description = std::move(description);
            if (m_opt.defaultPolicy) {
                QosPolicy p = rocePolicy(m_opt.roce);
                m_fabric.bindings = { { Role::SuperSpine, p.name }, { Role::Spine, p.name }, { Role::Leaf, p.name }, { Role::Host, p.name } };
                m_fabric.policies.push_back(std::move(p));
            }
            return std::move(m_fabric);
        }

        Fabric& fabric() { return m_fabric; }

    private:
        Port makePort(std::string name, BitsPerSecond speed, int lanes) const
        {
            Port p;
            p.name = std::move(name);
            p.speed = speed;
            p.lanes = lanes;
            p.mtu = m_opt.mtu;
            // The FEC IEEE 802.3 defines for the lane rate (RS(544) on PAM4, RS(528) on 25G NRZ; model/lanes.h).
            const Fec fec = expectedFec(laneRateGbps(speed, lanes));
            p.fec = fec == Fec::None ? Fec::Rs528 : fec;
            return p;
        }

        GeneratorOptions m_opt;
        Fabric m_fabric;
        std::map<std::string, Rack> m_racks;
        std::vector<int> m_next;
    };

    void requireRange(const char* what, int v, int lo, int hi)
    {
        if (v < lo || v > hi)
            throw std::invalid_argument(fmt::format("{} must be from {} to {} (got {})", what, lo, hi, v));
    }

    void progress(Feedback* fb, double done, double total)
    {
        if (fb) {
            checkCancelled(fb);
            fb->setProgress(100.0 * done / std::max(total, 1.0));
        }
    }

} // namespace

Fabric generateLeafSpine(int spines, int leaves, int hostsPerLeaf, const GeneratorOptions& opt, Feedback* fb)
{
    requireRange("--spines", spines, 1, 512);
    requireRange("--leaves", leaves, 1, 4096);
    requireRange("--hosts-per-leaf", hostsPerLeaf, 0, 512);
    Builder b(opt);
    // Floor: spines in the first network rack(s), then one rack per leaf with its hosts.
    const int spineRacks = (spines + 15) / 16;
    std::vector<std::size_t> spineIdx;
    for (int s = 0; s < spines; ++s) {
        const std::string rack = b.rack(fmt::format("net{:02}", s / 16 + 1), s / 16);
        spineIdx.push_back(b.addSwitch(fmt::format("spine{}", s + 1), Role::Spine, rack, 0, leaves));
    }
    const int width = std::max(2, static_cast<int>(std::to_string(leaves * hostsPerLeaf).size()));
    for (int l = 0; l < leaves; ++l) {
        const std::string rack = b.rack(fmt::format("rack{:02}", l + 1), spineRacks + l);
        // A leaf has its host ports first (at host speed), then the uplinks.
        const std::size_t leaf = b.addSwitch(fmt::format("leaf{}", l + 1), Role::Leaf, rack, hostsPerLeaf, spines);
        for (int h = 0; h < hostsPerLeaf; ++h) {
            const std::size_t host = b.addHost(fmt::format("host{:0{}}", l * hostsPerLeaf + h + 1, width), rack, 1, opt.hostSpeed);
            b.link(leaf, host, h, 0);
        }
        for (int s = 0; s < spines; ++s)
            b.link(leaf, spineIdx[static_cast<std::size_t>(s)], hostsPerLeaf + s, l);
        progress(fb, l + 1, leaves);
    }
    return b.finish(fmt::format("leaf-spine-{}x{}x{}", spines, leaves, hostsPerLeaf),
        fmt::format("Generated two-tier leaf-spine: {} spines, {} leaves, {} hosts per leaf", spines, leaves, hostsPerLeaf));
}

Fabric generateFatTree(int k, const GeneratorOptions& opt, Feedback* fb)
{
    requireRange("--k", k, 2, 128);
    if (k % 2 != 0)
        throw std::invalid_argument(fmt::format("--k must be even (got {})", k));
    const int half = k / 2;
    // Floor: core racks first (one per k/2 cores), then per pod one aggregation rack followed by
    // one rack per edge switch with its hosts. Each pod starts a new row.
    const int coreCount = half * half;
    const int coreRacks = (coreCount + 15) / 16;
    const int podSlots = 1 + half;
    const int racksPerRow = std::max(opt.racksPerRow, podSlots);
    GeneratorOptions geo = opt;
    geo.racksPerRow = racksPerRow;
    Builder b(geo);
    b.fabric().nodes.reserve(static_cast<std::size_t>(k * k * k / 4 + 5 * k * k / 4));
    b.fabric().links.reserve(static_cast<std::size_t>(3 * k * k * k / 4));
    const double total = k + 1;

    std::vector<std::size_t> core;
    for (int c = 0; c < coreCount; ++c) {
        const std::string rack = b.rack(fmt::format("core{:02}", c / 16 + 1), c / 16);
        core.push_back(b.addSwitch(fmt::format("core{}", c + 1), Role::SuperSpine, rack, 0, k));
    }
    progress(fb, 1, total);
    const int firstPodRow = (coreRacks + racksPerRow - 1) / racksPerRow;
    const int hostWidth = static_cast<int>(std::to_string(k * k * k / 4).size());
    int hostNo = 0;
    for (int p = 0; p < k; ++p) {
        const int rowSlot = (firstPodRow + p) * racksPerRow;
        const std::string aggRack = b.rack(fmt::format("pod{}-agg", p + 1), rowSlot);
        std::vector<std::size_t> agg;
        for (int a = 0; a < half; ++a)
            agg.push_back(b.addSwitch(fmt::format("pod{}-agg{}", p + 1, a + 1), Role::Spine, aggRack, 0, k));
        for (int e = 0; e < half; ++e) {
            const std::string rack = b.rack(fmt::format("pod{}-rack{}", p + 1, e + 1), rowSlot + 1 + e);
            const std::size_t edge = b.addSwitch(fmt::format("pod{}-edge{}", p + 1, e + 1), Role::Leaf, rack, half, half);
            // Edge ports 0..k/2-1 face hosts, k/2..k-1 face the pod's aggregation switches.
            for (int h = 0; h < half; ++h) {
                const std::size_t host = b.addHost(fmt::format("host{:0{}}", ++hostNo, hostWidth), rack, 1, opt.hostSpeed);
                b.link(edge, host, h, 0);
            }
            // Aggregation port e faces edge e of the pod.
            for (int a = 0; a < half; ++a)
                b.link(edge, agg[static_cast<std::size_t>(a)], half + a, e);
        }
        // Aggregation a, port k/2 + c faces core a·k/2 + c; that core's port p faces pod p.
        for (int a = 0; a < half; ++a)
            for (int c = 0; c < half; ++c)
                b.link(agg[static_cast<std::size_t>(a)], core[static_cast<std::size_t>(a * half + c)], half + c, p);
        progress(fb, p + 2, total);
    }
    return b.finish(fmt::format("fat-tree-k{}", k),
        fmt::format("Generated 3-tier {}-ary fat-tree: {} hosts, {} edge, {} aggregation, {} core switches", k, k * k * k / 4, k * half, k * half, coreCount));
}

Fabric generateRail(int servers, int gpusPerServer, int rails, int leafPorts, int spines, const GeneratorOptions& opt, Feedback* fb)
{
    requireRange("--servers", servers, 1, 65536);
    requireRange("--gpus-per-server", gpusPerServer, 1, 16);
    requireRange("--rails", rails, 1, gpusPerServer);
    requireRange("--leaf-ports", leafPorts, 4, 512);
    if (leafPorts % 2 != 0)
        throw std::invalid_argument(fmt::format("--leaf-ports must be even (got {})", leafPorts));
    const int down = leafPorts / 2;
    const int up = leafPorts - down;
    const int nicsPerRail = (gpusPerServer + rails - 1) / rails;
    const int serversPerGroup = std::max(1, down / nicsPerRail);
    const int groups = (servers + serversPerGroup - 1) / serversPerGroup;
    const int leaves = groups * rails;
    if (spines <= 0)
        spines = up;
    requireRange("--spines", spines, 1, up);
    if (up % spines != 0)
        throw std::invalid_argument(fmt::format("--spines must divide the {} uplinks of a leaf (got {})", up, spines));
    const int linksPerSpine = up / spines;
    if (leaves * linksPerSpine > 4 * leafPorts)
        throw std::invalid_argument(fmt::format("{} leaves do not fit under {} spines of at most {} ports in two tiers; use a fat-tree or fewer servers",
            leaves, spines, 4 * leafPorts));
    Builder b(opt);
    std::vector<std::size_t> spineIdx;
    for (int s = 0; s < spines; ++s) {
        const std::string rack = b.rack(fmt::format("net{:02}", s / 16 + 1), s / 16);
        spineIdx.push_back(b.addSwitch(fmt::format("spine{}", s + 1), Role::Spine, rack, 0, leaves * linksPerSpine));
    }
    const int spineRacks = (spines + 15) / 16;
    // Each group: one network rack with the group's rail leaves, then server racks (4 servers each).
    int slot = spineRacks;
    int serverNo = 0;
    const int serverWidth = std::max(2, static_cast<int>(std::to_string(servers).size()));
    for (int g = 0; g < groups; ++g) {
        const std::string netRack = b.rack(fmt::format("su{}-net", g + 1), slot++);
        std::vector<std::size_t> leaf;
        for (int r = 0; r < rails; ++r)
            leaf.push_back(b.addSwitch(fmt::format("su{}-rail{}", g + 1, r + 1), Role::Leaf, netRack, down, up));
        std::vector<int> nextDown(static_cast<std::size_t>(rails), 0);
        for (int s = 0; s < serversPerGroup && serverNo < servers; ++s) {
            const std::string rack = b.rack(fmt::format("su{}-rack{}", g + 1, s / 4 + 1), slot + s / 4);
            const std::size_t server = b.addHost(fmt::format("gpu{:0{}}", ++serverNo, serverWidth), rack, gpusPerServer, opt.hostSpeed);
            for (int nic = 0; nic < gpusPerServer; ++nic) {
                const int r = nic % rails;
                b.link(leaf[static_cast<std::size_t>(r)], server, nextDown[static_cast<std::size_t>(r)]++, nic);
            }
        }
        slot += (serversPerGroup + 3) / 4;
        for (int r = 0; r < rails; ++r) {
            const int leafNo = g * rails + r;
            for (int s = 0; s < spines; ++s)
                for (int k = 0; k < linksPerSpine; ++k)
                    b.link(leaf[static_cast<std::size_t>(r)], spineIdx[static_cast<std::size_t>(s)], down + s * linksPerSpine + k, leafNo * linksPerSpine + k);
        }
        progress(fb, g + 1, groups);
    }
    return b.finish(fmt::format("rail-{}x{}", servers, gpusPerServer),
        fmt::format("Generated rail-optimised cluster: {} x {}, {}, {} of {}, {}, {}", countOf(servers, "server"),
            countOf(gpusPerServer, "GPU"), countOf(rails, "rail"), countOf(groups, "group"), countOf(serversPerGroup, "server"),
            countOf(leaves, "leaf", "leaves"), countOf(spines, "spine")));
}

Fabric exampleFabric()
{
    GeneratorOptions opt;
    opt.hostSpeed = BitsPerSecond(100'000'000'000);
    opt.fabricSpeed = BitsPerSecond(400'000'000'000);
    opt.asic = "spectrum-3";
    opt.switchModel = "SN4700";
    Fabric f = generateLeafSpine(2, 4, 4, opt);
    f.name = "example-ai-cluster";
    f.description = "Small RoCEv2 AI cluster: 2 spines, 4 leaves, 16 GPU hosts on NVIDIA Spectrum-3 (SN4700); "
                    "RoCE on DSCP 26, lossless priority 3; CNP on DSCP 48, priority 6";
    int i = 0;
    for (auto& n : f.nodes)
        if (n.role == Role::Host) {
            const std::string old = n.name;
            n.name = fmt::format("gpu{:02}", ++i);
            for (auto& l : f.links) {
                if (l.a.node == old)
                    l.a.node = n.name;
                if (l.b.node == old)
                    l.b.node = n.name;
            }
        }
    return f;
}

} // namespace lfp

namespace lfp {

const char* toString(PortNaming n)
{
    switch (n) {
    case PortNaming::Sonic:
        return "sonic";
    case PortNaming::Cumulus:
        return "cumulus";
    case PortNaming::Eos:
        return "eos";
    case PortNaming::Nxos:
        return "nxos";
    case PortNaming::Junos:
        return "junos";
    case PortNaming::Huawei:
        return "huawei";
    }
    return "sonic";
}

std::optional<PortNaming> portNamingFromString(std::string_view s)
{
    for (PortNaming n : { PortNaming::Sonic, PortNaming::Cumulus, PortNaming::Eos, PortNaming::Nxos, PortNaming::Junos, PortNaming::Huawei })
        if (s == toString(n))
            return n;
    return std::nullopt;
}

std::string switchPortName(PortNaming naming, int index, int sonicStep, BitsPerSecond speed)
{
    switch (naming) {
    case PortNaming::Sonic: // port_config.ini: the port is named after its first lane
        return fmt::format("Ethernet{}", index * sonicStep);
    case PortNaming::Cumulus: // Cumulus Linux: swp1, swp2, … (front-panel order, from 1)
        return fmt::format("swp{}", index + 1);
    case PortNaming::Eos: // EOS on a multi-lane port: Ethernet<port>/<lane>, the whole port as lane 1
        return fmt::format("Ethernet{}/1", index + 1);
    case PortNaming::Nxos: // NX-OS: Ethernet<slot>/<port>, slot 1 on a fixed switch
        return fmt::format("Ethernet1/{}", index + 1);
    case PortNaming::Junos: // Junos: et-<fpc>/<pic>/<port>, from 0
        return fmt::format("et-0/0/{}", index);
    case PortNaming::Huawei: // CloudEngine: <speed>GE<slot>/<card>/<port>, e.g. 400GE1/0/1
        return fmt::format("{}GE1/0/{}", static_cast<long long>(speed.value() / 1e9), index + 1);
    }
    return fmt::format("Ethernet{}", index * sonicStep);
}

} // namespace lfp
