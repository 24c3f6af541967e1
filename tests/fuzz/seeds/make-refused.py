#!/usr/bin/env python3
"""Writes tests/fuzz/seeds/{fabric-json,asic-json}/refused-*.bad: copies of the every-field seeds with one
fault each, for error branches that the coverage replay (tests/fuzz/coverage.sh) showed no corpus input
reaching. Each must be refused with an InputError (tst_fuzz_regressions::refusedSeedsAreRefused); the
fuzzers start from them so that their mutations explore the code past each check.
It also writes tests/fuzz/seeds/fabric-json/variant-*.json: copies with one *accepted* value changed, for
branches of the reader and writer that only another valid value takes (a SONiC release, absolute pool
sizes, units written in M, s and us). Each must read and round-trip
(tst_fuzz_regressions::variantSeedsReachTheirBranches).
Usage: tests/fuzz/seeds/make-refused.py   (rewrites the .bad and variant files; commit them)"""
import copy, json, pathlib

here = pathlib.Path(__file__).resolve().parent
fabric = json.loads((here / "fabric-json" / "every-field.json").read_text())
asic = json.loads((here / "asic-json" / "every-field.json").read_text())


def fabric_faults():
    def ibq_dup_name(d): d["ib_qos"][1]["name"] = d["ib_qos"][0]["name"]
    def ibq_dup_class(d): d["ib_qos"][1]["class"] = d["ib_qos"][0]["class"]
    def ibq_empty_name(d): d["ib_qos"][0]["name"] = ""
    def ibq_sl_twice(d): d["ib_qos"][0]["service_levels"] = [1, 1]
    def ibq_vlarb_65(d): d["ib_qos"][0]["vlarb_low"] = [{"vl": 0, "weight": 1}] * 65
    def policy_dup_name(d): d["policies"][1]["name"] = d["policies"][0]["name"]
    def node_empty_name(d): d["nodes"][0]["name"] = ""
    def link_to_itself(d): d["links"][0]["b"] = copy.deepcopy(d["links"][0]["a"])
    def link_negative_length(d): d["links"][0]["length"] = "-1m"
    def override_port_twice(d): d["overrides"].append(copy.deepcopy(d["overrides"][0]))
    def asic_number_as_string(d): d["asics"][0]["sonic_mac_phy_delay_kib"] = "x"
    def asic_empty_id(d): d["asics"][1]["id"] = ""
    def asic_zero_cell(d): d["asics"][1]["cell_size"] = 0
    def asic_empty_table_source(d): d["asics"][1]["pg_lookup"][0]["source"] = ""
    def pool_size_unit(d): d["asics"][1]["pools"] = [{"name": "ingress_lossless_pool", "direction": "ingress", "mode": "dynamic", "size": "5XB"}]
    def speed_as_number(d): d["nodes"][0]["ports"][0]["speed"] = 100
    def name_escape(d): d["nodes"][2]["name"] = "ss1\u001b[2J"
    def description_escape(d): d["description"] = "plan\u001b]0;title\u0007"
    def release_unknown(d): d["nodes"][0]["attributes"]["buffer.sonic_release"] = "master"
    return {k: v for k, v in locals().items()}


def fabric_variants():
    def release_legacy(d): d["nodes"][0]["attributes"]["buffer.sonic_release"] = "legacy"
    def release_pr3235(d): d["nodes"][0]["attributes"]["buffer.sonic_release"] = "3943093d4"
    def absolute_pools(d):
        a = d["asics"][1]
        a["max_headroom_per_port"] = "192KiB"
        a["queue_reserved"] = 1024
        a["pools"] = [{"name": "ingress_lossless_pool", "direction": "ingress", "mode": "dynamic", "size": "24MiB"},
                      {"name": "egress_lossy_pool", "direction": "egress", "mode": "static", "size": 4194304}]
    def unit_forms(d):
        d["links"][0]["length"] = "1.5km"
        d["links"][1]["length"] = "250cm"
        d["nodes"][1]["ports"][1]["speed"] = "2.5M"
        d["nodes"][2]["ports"][0]["speed"] = "1500M"
        d["policies"][0]["pfc_watchdog"].update({"detection": "1s", "restoration": "400us"})
        d["nodes"][0]["attributes"]["buffer.gearbox_delay"] = "2us"
    return {k: v for k, v in locals().items()}


def asic_faults():
    def empty_id(d): d["id"] = ""
    def zero_cell(d): d["cell_size"] = 0
    def zero_speed(d): d["speeds"] = ["100G", "0G"]
    def speed_twice(d): d["speeds"] = ["100G", "100G", "not-a-speed"]
    def percentage_string(d): d["pools"][0]["percentage"] = "80"
    def table_empty_source(d): d["pg_lookup"][0]["source"] = ""
    def table_twice(d): d["pg_lookup"].append(copy.deepcopy(d["pg_lookup"][0]))
    def row_twice(d): d["pg_lookup"][0]["rows"].append(copy.deepcopy(d["pg_lookup"][0]["rows"][0]))
    def row_zero_speed(d): d["pg_lookup"][0]["rows"][0]["speed"] = "0G"
    return {k: v for k, v in locals().items()}


def write(folder, prefix, ext, base, changes):
    """Replaces folder/prefix-*.ext with one copy of base per change, named after it."""
    for old in (here / folder).glob(f"{prefix}-*{ext}"):
        old.unlink()
    for change, apply in changes.items():
        d = copy.deepcopy(base)
        apply(d)
        (here / folder / f"{prefix}-{change.replace('_', '-')}{ext}").write_text(json.dumps(d, indent=1) + "\n")


write("fabric-json", "refused", ".bad", fabric, fabric_faults())
write("asic-json", "refused", ".bad", asic, asic_faults())
write("fabric-json", "variant", ".json", fabric, fabric_variants())

# Not valid UTF-8 (a Latin-1 byte in a node name): written as bytes, since json.dumps cannot.
bad = json.dumps(fabric, indent=1).replace('"name": "ss1"', '"name": "ss1\xe9"', 1).encode("latin-1", "surrogateescape")
(here / "fabric-json" / "refused-name-not-utf8.bad").write_bytes(bad + b"\n")
