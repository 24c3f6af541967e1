#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Re-creates the policy golden cases (tests/planner/<case>/fabric.json) from the bundled example.

Each case is the example with one deliberate mistake, so that its expected-findings.json reads as
"what this mistake produces". Usage (from the source tree):

    build/cli/lfp generate example -o /tmp/example.json
    python3 tests/planner/make_policy_cases.py /tmp/example.json
    LFP_UPDATE_GOLDEN=1 build/tests/planner/tst_golden   # then review `git diff` of expected-findings.json

Only the cases below are written; the buffer cases of tests/planner are not touched.
"""
import copy
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def port(fabric, node, name):
    for n in fabric["nodes"]:
        if n["name"] == node:
            for p in n["ports"]:
                if p["name"] == name:
                    return p
    raise KeyError(f"{node}:{name}")


def policy(fabric, name="roce-lossless"):
    for p in fabric["policies"]:
        if p["name"] == name:
            return p
    raise KeyError(name)


def derive(fabric, base, name, description):
    """A copy of policy @base named @name, added to the fabric."""
    p = copy.deepcopy(policy(fabric, base))
    p["name"] = name
    p["description"] = description
    fabric["policies"].append(p)
    return p


def bind(fabric, role, name):
    for b in fabric["bindings"]:
        if b["role"] == role:
            b["policy"] = name
            return
    fabric["bindings"].append({"role": role, "policy": name})


def override(fabric, node, port_name, name):
    fabric.setdefault("overrides", []).append({"node": node, "port": port_name, "policy": name})


# ---- the cases: name -> (description, edit function) ----

def example_clean(f):
    """Unchanged."""
    pass


def mtu_mismatch(f):
    """leaf1:Ethernet32 -- spine1:Ethernet0: the spine end left at 1500 B."""
    port(f, "spine1", "Ethernet0")["mtu"] = 1500


def link_speed_fec_mismatch(f):
    """gpu01's NIC port set to 25G (leaf1:Ethernet0 stays 100G); leaf2:Ethernet32 -- spine1:Ethernet8 without FEC on the spine end."""
    port(f, "gpu01", "eth0")["speed"] = "25G"
    port(f, "spine1", "Ethernet8")["fec"] = "none"


def link_lanes_fec_mismatch(f):
    """The example as shipped before issue 31: leaf ports at 100G on 2 lanes (50G PAM4) with RS(528) facing NICs at 100G on 4 lanes (25G NRZ) with RS(528): the links cannot come up."""
    for n in f["nodes"]:
        for p in n.get("ports", []):
            if p.get("speed") == "100G":
                p["fec"] = "rs"
                if n.get("role") == "host":
                    p["lanes"] = 4


def dscp_map_mismatch(f):
    """gpu05's NIC marks RoCE with DSCP 24 (consistent on the NIC: DSCP 24 -> priority 3), but the switches map DSCP 24 to the lossy default class."""
    p = derive(f, "roce-lossless", "roce-dscp24", "A host whose RoCE marking was set to DSCP 24 (ToS 96)")
    p["nic"]["roce_dscp"] = 24
    p["dscp_to_tc"]["24"] = 3
    override(f, "gpu05", "eth0", "roce-dscp24")


def switch_dscp_map_mismatch(f):
    """The spines run a policy whose DSCP map lost the RoCE entry: DSCP 26 falls into the default class."""
    p = derive(f, "roce-lossless", "roce-spine", "Spine policy with the RoCE DSCP entry missing")
    del p["dscp_to_tc"]["26"]
    bind(f, "spine", "roce-spine")


def ets_starved(f):
    """The lossless RoCE queue 3 gets DWRR weight 0 (all bandwidth to the default queue)."""
    for e in policy(f)["ets"]:
        if e["queue"] == 0:
            e["weight"] = 100
        if e["queue"] == 3:
            e["weight"] = 0


def ets_weights_sum(f):
    """Weights 60 + 50 = 110 %."""
    for e in policy(f)["ets"]:
        if e["queue"] == 0:
            e["weight"] = 60


def ets_strict_misuse(f):
    """The RoCE queue made strict priority (a common "make RDMA fast" mistake)."""
    for e in policy(f)["ets"]:
        if e["queue"] == 0:
            e["weight"] = 100
        if e["queue"] == 3:
            e["mode"] = "strict"
            e["weight"] = 0


def cnp_not_strict(f):
    """CNPs scheduled by DWRR with the data queues."""
    for e in policy(f)["ets"]:
        if e["queue"] == 0:
            e["weight"] = 40
        if e["queue"] == 3:
            e["weight"] = 40
        if e["queue"] == 6:
            e["mode"] = "dwrr"
            e["weight"] = 20


def cnp_class_mismatch(f):
    """The host NICs send CNPs with DSCP 46, which the switches put on the default class."""
    p = derive(f, "roce-lossless", "roce-host", "Host NIC settings with CNP DSCP 46")
    p["nic"]["cnp_dscp"] = 46
    bind(f, "host", "roce-host")


def lossless_shared_pg(f):
    """Priority 0 (lossy default) put into the lossless PG 3 and queue 3."""
    p = policy(f)
    p["tc_to_pg"][0] = 3
    p["tc_to_queue"][0] = 3


def watchdog_missing(f):
    """The PFC watchdog disabled on the lossless queues."""
    policy(f)["pfc_watchdog"]["enabled"] = False


def watchdog_timers(f):
    """PFC watchdog detection 5 ms, restoration 1 ms."""
    wd = policy(f)["pfc_watchdog"]
    wd["detection"] = "5ms"
    wd["restoration"] = "1ms"


def nic_pfc_mismatch(f):
    """The host NICs enable PFC on priority 4 instead of 3."""
    p = derive(f, "roce-lossless", "roce-host", "Host NIC settings with PFC on the wrong priority")
    p["nic"]["pfc"] = [4]
    bind(f, "host", "roce-host")


def nic_trust_mismatch(f):
    """The host NICs left in PCP (L2) trust."""
    p = derive(f, "roce-lossless", "roce-host", "Host NIC settings left in PCP trust")
    p["nic"]["trust"] = "pcp"
    bind(f, "host", "roce-host")


def nic_ecn_disabled(f):
    """DCQCN reaction point off on the NICs."""
    p = derive(f, "roce-lossless", "roce-host", "Host NIC settings with DCQCN RP disabled")
    p["nic"]["ecn_rp"] = False
    bind(f, "host", "roce-host")


def link_pfc_mismatch(f):
    """The spines also make priority 4 lossless, and classify DSCP 34 into it."""
    p = derive(f, "roce-lossless", "roce-spine", "Spine policy with a second lossless class")
    p["lossless"] = [3, 4]
    p["dscp_to_tc"]["34"] = 4
    p["tc_to_pg"][4] = 4
    p["ecn"][0]["queues"] = [3, 4]
    p["ets"] = [{"queue": 0, "mode": "dwrr", "weight": 40}, {"queue": 3, "mode": "dwrr", "weight": 40},
                {"queue": 4, "mode": "dwrr", "weight": 20}, {"queue": 6, "mode": "strict", "weight": 0}]
    bind(f, "spine", "roce-spine")


def policy_missing(f):
    """The leaves have no policy (binding removed)."""
    f["bindings"] = [b for b in f["bindings"] if b["role"] != "leaf"]


def override_stale(f):
    """An override left behind after leaf3's port Ethernet4 was merged back (no such port now)."""
    override(f, "leaf3", "Ethernet4", "roce-lossless")


CASES = {
    "example-clean": example_clean,
    "mtu-mismatch": mtu_mismatch,
    "link-speed-fec-mismatch": link_speed_fec_mismatch,
    "link-lanes-fec-mismatch": link_lanes_fec_mismatch,
    "dscp-map-mismatch": dscp_map_mismatch,
    "switch-dscp-map-mismatch": switch_dscp_map_mismatch,
    "ets-starved": ets_starved,
    "ets-weights-sum": ets_weights_sum,
    "ets-strict-misuse": ets_strict_misuse,
    "cnp-not-strict": cnp_not_strict,
    "cnp-class-mismatch": cnp_class_mismatch,
    "lossless-shared-pg": lossless_shared_pg,
    "watchdog-missing": watchdog_missing,
    "watchdog-timers": watchdog_timers,
    "nic-pfc-mismatch": nic_pfc_mismatch,
    "nic-trust-mismatch": nic_trust_mismatch,
    "nic-ecn-disabled": nic_ecn_disabled,
    "link-pfc-mismatch": link_pfc_mismatch,
    "policy-missing": policy_missing,
    "override-stale": override_stale,
}


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    with open(sys.argv[1]) as fh:
        example = json.load(fh)
    for name, edit in CASES.items():
        fabric = copy.deepcopy(example)
        edit(fabric)
        fabric["name"] = f"golden-{name}"
        doc = (edit.__doc__ or "").strip()
        fabric["description"] = f"Golden case {name}: the bundled example" + (f"; {doc}" if doc else "")
        os.makedirs(os.path.join(HERE, name), exist_ok=True)
        with open(os.path.join(HERE, name, "fabric.json"), "w") as fh:
            json.dump(fabric, fh, indent=2, sort_keys=True)
            fh.write("\n")
        print(f"wrote {name}/fabric.json")


if __name__ == "__main__":
    main()
