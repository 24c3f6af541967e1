#!/usr/bin/env python3
"""Writes tests/fuzz/seeds/{fabric-json,asic-json}/refused-*.bad: copies of the every-field seeds with one
fault each, for error branches that the coverage replay (tests/fuzz/coverage.sh) showed no corpus input
reaching. Each must be refused with an InputError (tst_fuzz_regressions::refusedSeedsAreRefused); the
fuzzers start from them so that their mutations explore the code past each check.
Usage: tests/fuzz/seeds/make-refused.py   (rewrites the .bad files; commit them)"""
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


for name, (base, faults) in {"fabric-json": (fabric, fabric_faults()), "asic-json": (asic, asic_faults())}.items():
    for old in (here / name).glob("refused-*.bad"):
        old.unlink()
    for fault, apply in faults.items():
        d = copy.deepcopy(base)
        apply(d)
        (here / name / f"refused-{fault.replace('_', '-')}.bad").write_text(json.dumps(d, indent=1) + "\n")
