// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file diff.h
/// What changed between two fabrics (two revisions of a project): objects added, removed and changed,
/// field by field. Objects are identified by name: nodes by name, ports by node:port, links by their
/// endpoint pair (order-independent), policies by name, bindings by role, overrides by port, ASIC
/// profiles by id. Inside a policy, list entries are matched by their own identity too: ETS entries by
/// queue ("ets[queue=4]"), traffic classes by id ("classes[id=3]"), ECN profiles by name
/// ("ecn[name=roce-ecn]"); an entry added or removed is one change holding the whole entry, not a
/// shift of every later index. Fixed per-priority arrays (tc_to_pg, tc_to_queue) compare by index;
/// other scalar lists (lossless, nic/pfc, queues) as whole values.

#include "fabric.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace lfp {

struct FieldChange {
    std::string field; ///< path inside the object ("speed", "dscp_to_tc/26", "ets[queue=4]/weight")
    std::string before; ///< JSON text, empty when absent
    std::string after;
    nlohmann::json beforeValue; ///< the typed value (null when absent): what --json prints
    nlohmann::json afterValue;
};

struct ObjectChange {
    enum class Kind { Added, Removed, Changed };
    Kind kind = Kind::Changed;
    std::string objectType; ///< "node", "port", "link", "policy", "binding", "override", "asic", "fabric"
    std::string id; ///< "leaf1", "leaf1:Ethernet0", "leaf1:Ethernet0 -- spine1:Ethernet0"
    std::vector<FieldChange> fields; ///< for Changed
};

std::vector<ObjectChange> diffFabrics(const Fabric& before, const Fabric& after);
const char* toString(ObjectChange::Kind k);

} // namespace lfp
