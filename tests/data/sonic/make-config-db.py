#!/usr/bin/env python3
"""Writes the SONiC config_db.json fixtures (after shared/guide/formats.md §1.2, full 64-entry DSCP map):
  leaf01.config_db.json          the running config that matches the plan (LFP's default RoCE policy)
  leaf01-drift.config_db.json    the same switch after drift: DSCP 26 mapped to TC 1, and Ethernet8 lost its
                                 lossless BUFFER_PG 3
Run from anywhere; tests/data/make-fixtures.sh sonic then checks them with yanglint."""
import copy, json, os

HERE = os.path.dirname(os.path.abspath(__file__))
PORTS = {  # name: (alias, index, lanes, speed Mb/s, neighbour, neighbour port, neighbour type, cable)
    "Ethernet0": ("etp1", "1", "0,1,2,3,4,5,6,7", "400000", "spine01", "Ethernet0", "LeafRouter", "40m"),
    "Ethernet8": ("etp2", "2", "8,9,10,11,12,13,14,15", "400000", "spine02", "Ethernet0", "LeafRouter", "40m"),
    "Ethernet16": ("etp3", "3", "16,17,18,19", "100000", "host01", "eth0", "Server", "5m"),
}

def config():
    c = {
        "DEVICE_METADATA": {"localhost": {"hostname": "leaf01", "hwsku": "ACS-MSN4700", "platform": "x86_64-mlnx_msn4700-r0",
                                          "mac": "1c:34:da:00:00:01", "type": "ToRRouter", "buffer_model": "traditional"}},
        "PORT": {}, "DEVICE_NEIGHBOR": {}, "DEVICE_NEIGHBOR_METADATA": {}, "CABLE_LENGTH": {"AZURE": {}},
        "BUFFER_POOL": {
            "ingress_lossless_pool": {"type": "ingress", "mode": "dynamic", "size": "20627456"},
            "ingress_lossy_pool": {"type": "ingress", "mode": "dynamic", "size": "20627456"},
            "egress_lossless_pool": {"type": "egress", "mode": "dynamic", "size": "60817392"},
            "egress_lossy_pool": {"type": "egress", "mode": "dynamic", "size": "20627456"}},
        "BUFFER_PROFILE": {
            "ingress_lossless_profile": {"pool": "ingress_lossless_pool", "size": "0", "dynamic_th": "7"},
            "ingress_lossy_profile": {"pool": "ingress_lossy_pool", "size": "0", "dynamic_th": "3"},
            "egress_lossless_profile": {"pool": "egress_lossless_pool", "size": "0", "dynamic_th": "7"},
            "egress_lossy_profile": {"pool": "egress_lossy_pool", "size": "9216", "dynamic_th": "7"},
            "q_lossy_profile": {"pool": "egress_lossy_pool", "size": "0", "dynamic_th": "3"},
            "pg_lossless_400000_40m_profile": {"pool": "ingress_lossless_pool", "xon": "37888", "xoff": "59392", "size": "97280", "dynamic_th": "0"},
            "pg_lossless_100000_5m_profile": {"pool": "ingress_lossless_pool", "xon": "18432", "xoff": "20480", "size": "38912", "dynamic_th": "0"}},
        "BUFFER_PORT_INGRESS_PROFILE_LIST": {}, "BUFFER_PORT_EGRESS_PROFILE_LIST": {},
        "BUFFER_PG": {}, "BUFFER_QUEUE": {},
        "DSCP_TO_TC_MAP": {"ROCE": {str(d): ("3" if d == 26 else "6" if d == 48 else "0") for d in range(64)}},
        "TC_TO_PRIORITY_GROUP_MAP": {"ROCE": {str(t): ("3" if t == 3 else "0") for t in range(8)}},
        "TC_TO_QUEUE_MAP": {"ROCE": {str(t): str(t) for t in range(8)}},
        "MAP_PFC_PRIORITY_TO_QUEUE": {"ROCE": {str(t): str(t) for t in range(8)}},
        "PFC_PRIORITY_TO_PRIORITY_GROUP_MAP": {"ROCE": {"3": "3"}},
        "SCHEDULER": {"scheduler.roce": {"type": "DWRR", "weight": "50"}, "scheduler.tcp": {"type": "DWRR", "weight": "50"},
                      "scheduler.cnp": {"type": "STRICT"}},
        "WRED_PROFILE": {"ROCE_LOSSLESS": {"ecn": "ecn_all", "wred_green_enable": "true", "wred_yellow_enable": "true", "wred_red_enable": "true",
                                           "green_min_threshold": "150000", "green_max_threshold": "1500000", "green_drop_probability": "10",
                                           "yellow_min_threshold": "150000", "yellow_max_threshold": "1500000", "yellow_drop_probability": "10",
                                           "red_min_threshold": "150000", "red_max_threshold": "1500000", "red_drop_probability": "10"}},
        "QUEUE": {}, "PORT_QOS_MAP": {"global": {"dscp_to_tc_map": "ROCE"}},
        "PFC_WD": {"GLOBAL": {"POLL_INTERVAL": "200"}},
    }
    for name, (alias, index, lanes, speed, peer, peer_port, peer_type, cable) in PORTS.items():
        c["PORT"][name] = {"alias": alias, "index": index, "lanes": lanes, "speed": speed, "mtu": "9100",
                           "fec": "rs", "admin_status": "up"}
        c["DEVICE_NEIGHBOR"][name] = {"name": peer, "port": peer_port}
        c["DEVICE_NEIGHBOR_METADATA"][peer] = {"hwsku": "ACS-MSN4700" if peer_type != "Server" else "ConnectX-7", "type": peer_type}
        c["CABLE_LENGTH"]["AZURE"][name] = cable
        c["BUFFER_PORT_INGRESS_PROFILE_LIST"][name] = {"profile_list": "ingress_lossless_profile,ingress_lossy_profile"}
        c["BUFFER_PORT_EGRESS_PROFILE_LIST"][name] = {"profile_list": "egress_lossless_profile,egress_lossy_profile"}
        c["BUFFER_PG"][name + "|0"] = {"profile": "ingress_lossy_profile"}
        c["BUFFER_PG"][name + "|3"] = {"profile": "pg_lossless_%s_%s_profile" % (speed, cable)}
        c["BUFFER_QUEUE"][name + "|0-2"] = {"profile": "q_lossy_profile"}
        c["BUFFER_QUEUE"][name + "|3"] = {"profile": "egress_lossless_profile"}
        c["BUFFER_QUEUE"][name + "|4-7"] = {"profile": "q_lossy_profile"}
        c["QUEUE"][name + "|0"] = {"scheduler": "scheduler.tcp"}
        c["QUEUE"][name + "|3"] = {"scheduler": "scheduler.roce", "wred_profile": "ROCE_LOSSLESS"}
        c["QUEUE"][name + "|6"] = {"scheduler": "scheduler.cnp"}
        c["PORT_QOS_MAP"][name] = {"dscp_to_tc_map": "ROCE", "tc_to_queue_map": "ROCE", "tc_to_pg_map": "ROCE",
                                   "pfc_to_queue_map": "ROCE", "pfc_to_pg_map": "ROCE", "pfc_enable": "3", "pfcwd_sw_enable": "3"}
        c["PFC_WD"][name] = {"action": "drop", "detection_time": "200", "restoration_time": "200"}
    return c

def write(name, c):
    with open(os.path.join(HERE, name), "w") as f:
        json.dump(c, f, indent=2)
        f.write("\n")

good = config()
write("leaf01.config_db.json", good)
drift = copy.deepcopy(good)
drift["DSCP_TO_TC_MAP"]["ROCE"]["26"] = "1"          # someone changed the DSCP map
del drift["BUFFER_PG"]["Ethernet8|3"]                 # and a port lost its lossless PG
write("leaf01-drift.config_db.json", drift)
