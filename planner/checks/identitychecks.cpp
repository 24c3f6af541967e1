// SPDX-License-Identifier: GPL-3.0-or-later
// Identity of the fabric's objects where a reader cannot refuse them one by one (issue 36): a breakout
// member whose parent is itself or no port of its node, and two nodes with one InfiniBand node GUID.
// Both are accepted by the readers (a plan may be mid-edit, an import may merge two dumps) and reported
// here, where `lfp check` and the GUI's findings panel show them (docs/findings.md, "Identity").
#include "planner/checks/checks.h"
#include "planner/findings/findingregistry.h"

#include <fmt/format.h>
#include <map>

namespace lfp {
namespace {

    /// LFP-PORT-BREAKOUT-PARENT: one finding per member whose breakout_parent does not name another
    /// port of the same node (a breakout splits one cage's lanes: the parent is on the member's own node).
    void checkBreakoutParents(const Fabric& fabric, std::vector<Finding>& out)
    {
        for (const Node& n : fabric.nodes) {
            for (const Port& p : n.ports) {
                if (p.breakoutParent.empty())
                    continue;
                const bool self = p.breakoutParent == p.name;
                bool found = false;
                for (const Port& q : n.ports)
                    found = found || (q.name == p.breakoutParent && &q != &p);
                if (!self && found)
                    continue;
                const ObjectRef ref = ObjectRef::forPort({ n.name, p.name });
                const std::string port = ref.toString();
                out.push_back(makeFinding("LFP-PORT-BREAKOUT-PARENT", { ref },
                    FindingParams { { "what", self ? "self" : "missing" }, { "port", port }, { "parent", p.breakoutParent }, { "node", n.name } }));
            }
        }
    }

    /// LFP-IB-GUID-DUPLICATE: one finding per GUID that more than one node carries (0 = unknown).
    void checkGuids(const Fabric& fabric, std::vector<Finding>& out)
    {
        std::map<std::uint64_t, std::vector<std::string>> byGuid;
        for (const Node& n : fabric.nodes)
            if (n.guid != 0)
                byGuid[n.guid].push_back(n.name);
        for (auto& [guid, nodes] : byGuid) {
            if (nodes.size() < 2)
                continue;
            std::string names;
            for (const auto& n : nodes)
                names += (names.empty() ? "" : ", ") + n;
            FindingParams params { { "guid", fmt::format("0x{:016x}", guid) }, { "count", std::to_string(nodes.size()) }, { "nodes", names } };
            out.push_back(makeFinding("LFP-IB-GUID-DUPLICATE", nodeRefs(nodes), std::move(params),
                { { "nodes", static_cast<double>(nodes.size()), "", fmt::format("node GUID 0x{:016x}", guid) } }));
        }
    }

} // namespace

std::vector<Finding> checkIdentity(const FabricIndex& index, Feedback* feedback)
{
    std::vector<Finding> out;
    checkBreakoutParents(index.fabric(), out);
    checkCancelled(feedback);
    checkGuids(index.fabric(), out);
    return out;
}

} // namespace lfp
