# Writes the cross-check and physical-layer fixtures: tests/data/counters-xcheck/<case>/{before,after}/<device>/<file>,
# each file in its tool's own output format (README.md beside them names the source of each format).
# Usage: python3 make-fixtures.py tests/data/counters-xcheck   (overwrites the files it writes, deletes nothing)
import os, sys, shutil
ROOT = sys.argv[1]

def table(headers, rows, align='right', lead='', trail=''):
    cols = list(zip(*([headers] + rows)))
    # tabulate's MIN_PADDING: a column is at least its header + 2 wide (as sonic-utilities' outputs show)
    w = [max(max(len(str(x)) for x in c[1:]) if len(c) > 1 else 0, len(str(c[0])) + 2) for c in cols]
    j = (lambda s, n: str(s).rjust(n)) if align == 'right' else (lambda s, n: str(s).ljust(n))
    out = [ '  '.join(j(h, w[i]) for i, h in enumerate(headers)).rstrip() if align != 'right' else '  '.join(j(h, w[i]) for i, h in enumerate(headers)),
            '  '.join('-' * w[i] for i in range(len(headers)))]
    for r in rows:
        line = '  '.join(j(x, w[i]) for i, x in enumerate(r))
        out.append(line.rstrip() if align != 'right' else line)
    return lead + '\n'.join(out) + '\n' + trail

def commas(n):
    return f'{n:,}'

def pfc_counters(rx, tx):
    # rx/tx: {port: [8 values]}
    h = lambda d: ['Port ' + d] + [f'PFC{i}' for i in range(8)]
    r = lambda m: [[p] + [commas(v) for v in vals] for p, vals in m.items()]
    return table(h('Rx'), r(rx)) + '\n' + table(h('Tx'), r(tx))

def queue_counters(q):
    # q: {port: {queue: (pkts, bytes, drop, dropbytes)}}
    out = ''
    for port, qs in q.items():
        rows = []
        for i in range(10):
            p, b, d, db = qs.get(i, (0, 0, 0, 0))
            rows.append([port, f'UC{i}', commas(p), commas(b), commas(d), commas(db)])
        for i in range(10, 20):
            rows.append([port, f'MC{i}', '0', '0', '0', '0'])
        out += 'For namespace :\n' + table(['Port', 'TxQ', 'Counter/pkts', 'Counter/bytes', 'Drop/pkts', 'Drop/bytes'], rows) + '\n'
    return out

def voq_counters(host, q):
    out = ''
    for port, qs in q.items():
        rows = []
        for i in range(8):
            p, b, d, db, cwd = qs.get(i, (0, 0, 0, 0, 0))
            rows.append([f'{host}|asic0|{port}', f'VOQ{i}', commas(p), commas(b), commas(d), commas(db), commas(cwd)])
        out += table(['Port', 'Voq', 'Counter/pkts', 'Counter/bytes', 'Drop/pkts', 'Drop/bytes', 'Credit-WD-Del/pkts'], rows) + '\n'
    return out

def pfcwd(rows):
    # rows: [(queue, status, det, res, txok, txdrop, rxok, rxdrop)]
    r = [[q, st, f'{d}/{rs}', f'{to}/{td}', f'{ro}/{rd}', '0/0', '0/0'] for q, st, d, rs, to, td, ro, rd in rows]
    return table(['QUEUE', 'STATUS', 'STORM DETECTED/RESTORED', 'TX OK/DROP', 'RX OK/DROP', 'TX LAST OK/DROP', 'RX LAST OK/DROP'], r)

def pfc_priority(m):
    return table(['Interface', 'Lossless priorities'], [[p, v] for p, v in m.items()], align='left', lead='\n', trail='\n')

def fec_stats(m):
    # m: {port: (corr, uncorr, symerr, preber, postber)}
    rows = []
    for p, (c, u, s, pre, post) in m.items():
        rows.append([p, 'U', commas(c), commas(u), commas(s), pre, post, pre, '0', '0', '0.0'])
    return table(['IFACE', 'STATE', 'FEC_CORR', 'FEC_UNCORR', 'FEC_SYMBOL_ERR', 'FEC_PRE_BER', 'FEC_POST_BER', 'FEC_PRE_BER_MAX', 'FLR(O)', 'FLR(P) (Accuracy)', 'FEC_MAX_T'], rows)

def flaps(m):
    rows = []
    for p, n in m.items():
        if n == 0:
            rows.append([p, 'Never', 'Up', 'Up', 'Never', 'Never'])
        else:
            rows.append([p, str(n), 'Up', 'Up', 'Sat Dec  5 22:04:42 2026', 'Sat Dec  5 22:04:49 2026'])
    return table(['Interface', 'Flap Count', 'Admin', 'Oper', 'Link Down TimeStamp(UTC)', 'Link Up TimeStamp(UTC)'], rows, align='left')

def ethtool_s(v):
    names = ['rx_packets', 'tx_packets', 'rx_bytes_phy', 'tx_bytes_phy']
    lines = ['NIC statistics:']
    base = {'rx_packets': 6234918441, 'tx_packets': 6198441223, 'rx_bytes_phy': 8471920384736, 'tx_bytes_phy': 8399120477362}
    base.update(v)
    order = names + [f'{d}_prio{p}_{k}' for p in (0, 3, 6) for d, k in (('rx', 'pause'), ('tx', 'pause'))] + \
        [f'rx_prio{p}_buf_discard' for p in (0, 3, 6)] + [f'rx_prio{p}_cong_discard' for p in (0, 3, 6)] + [f'rx_prio{p}_marked' for p in (0, 3, 6)] + \
        ['link_down_events_phy', 'rx_pcs_symbol_err_phy', 'rx_corrected_bits_phy', 'rx_err_lane_0_phy', 'rx_err_lane_1_phy']
    for n in order:
        lines.append(f'     {n}: {base.get(n, 0)}')
    return '\n'.join(lines) + '\n'

def ethtool_fec(corr, uncorr, ifname='eth0'):
    return (f'FEC parameters for {ifname}:\nSupported/Configured FEC encodings: Auto RS\nActive FEC encoding: RS\nStatistics:\n'
            f'  corrected_blocks: {corr}\n  uncorrectable_blocks: {uncorr}\n')

def mlxlink(eff_err, raw_ber, lanes, eff_ber='15E-255', minutes='1715.4'):
    kv = [('Operational Info', None), ('State', 'Active'), ('Physical state', 'LinkUp'), ('Speed', '100G'), ('Width', '2x'),
          ('FEC', 'Standard_RS-FEC - (544,514)'), ('Loopback Mode', 'No Loopback'), ('Auto Negotiation', 'ON'), ('', None),
          ('Troubleshooting Info', None), ('Status Opcode', '0'), ('Group Opcode', 'N/A'), ('Recommendation', 'No issue was observed.'), ('', None),
          ('Physical Counters and BER Info', None), ('Time Since Last Clear [Min]', minutes), ('Effective Physical Errors', str(eff_err)),
          ('Effective Physical BER', eff_ber), ('Raw Physical BER', raw_ber), ('Raw Physical Errors Per Lane', ','.join(str(x) for x in lanes))]
    out = []
    for k, v in kv:
        if v is None:
            out.append(k)
            if k:
                out.append('-' * len(k))
        else:
            out.append(f'{k:<32}: {v}')
    return '\n'.join(out) + '\n'

def perfquery(sym=0, rec=0, down=0, rcv=0, xmit=0):
    return f'''# Port extended counters: Lid 134 port 1 (CapMask: 0x5A00 CapMask2: 0x0000000)
PortSelect:......................1
CounterSelect:...................0x0000
PortXmitData:....................9049592493976
PortRcvData:.....................9752484588300
PortXmitPkts:....................28825338611
PortRcvPkts:.....................33038722564
PortUnicastXmitPkts:.............28824617123
PortUnicastRcvPkts:..............29306563974
PortMulticastXmitPkts:...........721488
PortMulticastRcvPkts:............3732158589
CounterSelect2:..................0x00000000
SymbolErrorCounter:..............{sym}
LinkErrorRecoveryCounter:........{rec}
LinkDownedCounter:...............{down}
PortRcvErrors:...................{rcv}
PortRcvRemotePhysicalErrors:.....0
PortRcvSwitchRelayErrors:........0
PortXmitDiscards:................{xmit}
PortXmitConstraintErrors:........0
PortRcvConstraintErrors:.........0
LocalLinkIntegrityErrors:........0
ExcessiveBufferOverrunErrors:....0
VL15Dropped:.....................0
PortXmitWait:....................0
QP1Dropped:......................0
'''

def rdma(ecn, cnp, handled=0):
    return (f'link mlx5_0/1 rx_write_requests 0 rx_read_requests 0 rx_atomic_requests 0 out_of_buffer 0 duplicate_request 0 '
            f'rnr_nak_retry_err 0 packet_seq_err 0 implied_nak_seq_err 0 local_ack_timeout_err 0 resp_local_length_error 0 '
            f'resp_cqe_error 0 req_cqe_error 0 req_remote_invalid_request 0 req_remote_access_errors 0 resp_remote_access_errors 0 '
            f'resp_cqe_flush_error 0 req_cqe_flush_error 0 rp_cnp_ignored 0 rp_cnp_handled {handled} np_ecn_marked_roce_packets {ecn} np_cnp_sent {cnp}\n')

def carrier(m):
    return ''.join(f'/sys/class/net/{p}/carrier_changes:{n}\n' for p, n in m.items())

T0, T1 = '2026-12-05T22:00:00Z\n', '2026-12-05T22:10:00Z\n'   # 600 s apart

def write(case, phase, device, name, text):
    d = os.path.join(ROOT, case, phase, device)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), 'w') as f:
        f.write(text)

def pair(case, device, name, before, after):
    write(case, 'before', device, name, before)
    write(case, 'after', device, name, after)

def stamp(case, devices):
    for dev in devices:
        write(case, 'before', dev, 'captured_at.txt', T0)
        write(case, 'after', dev, 'captured_at.txt', T1)

P8 = lambda **kw: [kw.get(f'p{i}', 0) for i in range(8)]
Q = lambda **kw: {int(k[1:]): v for k, v in kw.items()}


# ---- cross-checks
pair('lossy-pause-rx', 'leaf1', 'pfc_counters.txt',
     pfc_counters({'Ethernet0': P8(p3=1200), 'Ethernet8': P8(p3=900, p4=10)}, {'Ethernet0': P8(p3=1210), 'Ethernet8': P8(p3=911)}),
     pfc_counters({'Ethernet0': P8(p3=1350), 'Ethernet8': P8(p3=900, p4=2510)}, {'Ethernet0': P8(p3=1260), 'Ethernet8': P8(p3=911)}))

pair('wd-drop-watchdog-only', 'leaf1', 'pfcwd_stats.txt',
     pfcwd([('Ethernet0:3', 'operational', 2, 2, 100, 0, 100, 0)]),
     pfcwd([('Ethernet0:3', 'operational', 3, 3, 100, 350, 100, 0)]))
pair('wd-drop-watchdog-only', 'leaf1', 'queue_counters.txt',
     queue_counters({'Ethernet0': Q(q0=(500, 64000, 3, 384), q3=(91000, 93184000, 0, 0))}),
     queue_counters({'Ethernet0': Q(q0=(620, 79360, 3, 384), q3=(96000, 98304000, 0, 0))}))

pair('wd-drop-queue-only', 'leaf1', 'pfcwd_stats.txt',
     pfcwd([('Ethernet0:3', 'operational', 2, 2, 100, 0, 100, 0)]),
     pfcwd([('Ethernet0:3', 'operational', 2, 2, 100, 0, 100, 0)]))
pair('wd-drop-queue-only', 'leaf1', 'queue_counters.txt',
     queue_counters({'Ethernet0': Q(q3=(91000, 93184000, 19, 19456))}),
     queue_counters({'Ethernet0': Q(q3=(96000, 98304000, 60, 61440))}))

pair('ecn-without-cnp', 'gpu01', 'rdma_statistic.txt', rdma(1000, 1000), rdma(6000, 1000))

pair('cnp-queue-silent', 'gpu01', 'rdma_statistic.txt', rdma(1000, 1000), rdma(1900, 1800))
pair('cnp-queue-silent', 'leaf1', 'queue_counters.txt',
     queue_counters({'Ethernet0': Q(q3=(91000, 93184000, 0, 0), q6=(40, 2560, 0, 0)), 'Ethernet32': Q(q3=(88000, 90112000, 0, 0), q6=(12, 768, 0, 0))}),
     queue_counters({'Ethernet0': Q(q3=(96000, 98304000, 0, 0), q6=(40, 2560, 0, 0)), 'Ethernet32': Q(q3=(93500, 95744000, 0, 0), q6=(12, 768, 0, 0))}))

pair('lossless-not-running', 'leaf1', 'pfc_priority.txt',
     pfc_priority({'Ethernet0': '3', 'Ethernet32': '3'}), pfc_priority({'Ethernet0': '4', 'Ethernet32': '3'}))

pair('credit-watchdog', 'leaf1', 'queue_counters_voq.txt',
     voq_counters('leaf1', {'Ethernet0': Q(q3=(54000, 2700000, 0, 0, 0))}),
     voq_counters('leaf1', {'Ethernet0': Q(q3=(54100, 2705000, 0, 0, 12))}))

# ---- the physical layer
pair('fec-uncorrectable', 'leaf1', 'fec_stats.txt',
     fec_stats({'Ethernet0': (130402, 3, 140210, '1.10e-08', '0.00e+00'), 'Ethernet32': (110412, 0, 118001, '9.00e-09', '0.00e+00')}),
     fec_stats({'Ethernet0': (190402, 40, 205713, '1.30e-08', '2.10e-12'), 'Ethernet32': (120412, 0, 128770, '9.10e-09', '0.00e+00')}))

pair('pre-fec-ber-sonic', 'leaf1', 'fec_stats.txt',
     fec_stats({'Ethernet0': (130402, 0, 140210, '1.10e-08', '0.00e+00'), 'Ethernet32': (110412, 0, 118001, '9.00e-09', '0.00e+00')}),
     fec_stats({'Ethernet0': (130602, 0, 140420, '1.10e-08', '0.00e+00'), 'Ethernet32': (98110412, 0, 128118001, '5.20e-04', '0.00e+00')}))

# 100G over 600 s = 6e13 bits; 1.8e10 corrected bits → 3e-4 > 2.4e-4 (RS(544,514)); lane 1 (50 Gb/s): 1.5e10 / 3e13 = 5e-4
pair('pre-fec-ber-mlx5', 'gpu01', 'ethtool_S_eth0.txt',
     ethtool_s({'rx_corrected_bits_phy': 1024, 'rx_err_lane_0_phy': 10, 'rx_err_lane_1_phy': 12}),
     ethtool_s({'rx_corrected_bits_phy': 18000001024, 'rx_err_lane_0_phy': 3000000010, 'rx_err_lane_1_phy': 15000000012}))
stamp('pre-fec-ber-mlx5', ['gpu01'])

pair('mlxlink', 'gpu01', 'mlxlink_eth0.txt', mlxlink(0, '3E-12', [267, 0]), mlxlink(17, '6E-04', [26711, 9108], eff_ber='2E-14', minutes='1725.4'))

pair('ethtool-fec', 'gpu01', 'ethtool_fec_eth0.txt', ethtool_fec(256, 0), ethtool_fec(1256, 145))

pair('ib-link-errors', 'ibhost', 'perfquery.txt', perfquery(), perfquery(sym=52, rec=1, down=1, rcv=4))

pair('link-flap', 'gpu01', 'carrier_changes.txt', carrier({'eth0': 4}), carrier({'eth0': 8}))
pair('link-flap', 'leaf1', 'interfaces_flap.txt', flaps({'Ethernet0': 0, 'Ethernet32': 0}), flaps({'Ethernet0': 2, 'Ethernet32': 0}))

# a lossless drop on leaf1 Ethernet0 while the NIC at the other end of the link counts uncorrectable codewords
pair('physical-first', 'leaf1', 'queue_counters.txt',
     queue_counters({'Ethernet0': Q(q3=(91000, 93184000, 19, 19456))}), queue_counters({'Ethernet0': Q(q3=(96000, 98304000, 60, 61440))}))
pair('physical-first', 'gpu01', 'ethtool_fec_eth0.txt', ethtool_fec(256, 0), ethtool_fec(1256, 41))

# ---- clean: every file type, counters that grow the way a healthy fabric's do — no finding
c = 'clean'
pair(c, 'leaf1', 'pfc_counters.txt',
     pfc_counters({'Ethernet0': P8(p3=1200), 'Ethernet32': P8(p3=800)}, {'Ethernet0': P8(p3=1210), 'Ethernet32': P8(p3=810)}),
     pfc_counters({'Ethernet0': P8(p3=1350), 'Ethernet32': P8(p3=900)}, {'Ethernet0': P8(p3=1260), 'Ethernet32': P8(p3=830)}))
pair(c, 'leaf1', 'queue_counters.txt',
     queue_counters({'Ethernet0': Q(q0=(500, 64000, 3, 384), q3=(91000, 93184000, 0, 0), q6=(40, 2560, 0, 0)), 'Ethernet32': Q(q3=(88000, 90112000, 0, 0), q6=(12, 768, 0, 0))}),
     queue_counters({'Ethernet0': Q(q0=(620, 79360, 9, 1152), q3=(96000, 98304000, 0, 0), q6=(840, 53760, 0, 0)), 'Ethernet32': Q(q3=(93500, 95744000, 0, 0), q6=(12, 768, 0, 0))}))
pair(c, 'leaf1', 'pfcwd_stats.txt',
     pfcwd([('Ethernet0:3', 'operational', 2, 2, 100, 0, 100, 0), ('Ethernet32:3', 'operational', 1, 1, 100, 0, 100, 0)]),
     pfcwd([('Ethernet0:3', 'operational', 2, 2, 100, 0, 100, 0), ('Ethernet32:3', 'operational', 1, 1, 100, 0, 100, 0)]))
pair(c, 'leaf1', 'pfc_priority.txt', pfc_priority({'Ethernet0': '3', 'Ethernet32': '3'}), pfc_priority({'Ethernet0': '3', 'Ethernet32': '3'}))
pair(c, 'leaf1', 'queue_counters_voq.txt',
     voq_counters('leaf1', {'Ethernet0': Q(q3=(54000, 2700000, 0, 0, 0))}), voq_counters('leaf1', {'Ethernet0': Q(q3=(64000, 3200000, 0, 0, 0))}))
pair(c, 'leaf1', 'fec_stats.txt',
     fec_stats({'Ethernet0': (130402, 0, 140210, '1.10e-08', '0.00e+00'), 'Ethernet32': (110412, 0, 118001, '9.00e-09', '0.00e+00')}),
     fec_stats({'Ethernet0': (190402, 0, 205713, '1.30e-08', '0.00e+00'), 'Ethernet32': (120412, 0, 128770, '9.10e-09', '0.00e+00')}))
pair(c, 'leaf1', 'interfaces_flap.txt', flaps({'Ethernet0': 0, 'Ethernet32': 1}), flaps({'Ethernet0': 0, 'Ethernet32': 1}))
pair(c, 'leaf1', 'carrier_changes.txt', carrier({'Ethernet0': 2, 'Ethernet32': 4}), carrier({'Ethernet0': 2, 'Ethernet32': 4}))
pair(c, 'gpu01', 'rdma_statistic.txt', rdma(1000, 1000, 20), rdma(1900, 1800, 95))
# 4.2e5 corrected bits in 600 s at 100 Gb/s: BER 7e-9, far below 2.4e-4
pair(c, 'gpu01', 'ethtool_S_eth0.txt',
     ethtool_s({'rx_corrected_bits_phy': 1024, 'rx_err_lane_0_phy': 10, 'rx_err_lane_1_phy': 12, 'tx_prio3_pause': 10, 'rx_prio3_marked': 500}),
     ethtool_s({'rx_corrected_bits_phy': 421024, 'rx_err_lane_0_phy': 110010, 'rx_err_lane_1_phy': 90012, 'tx_prio3_pause': 30, 'rx_prio3_marked': 1400}))
pair(c, 'gpu01', 'ethtool_fec_eth0.txt', ethtool_fec(256, 0), ethtool_fec(1256, 0))
pair(c, 'gpu01', 'mlxlink_eth0.txt', mlxlink(0, '3E-12', [267, 0]), mlxlink(0, '4E-12', [26711, 9108], minutes='1725.4'))
pair(c, 'gpu01', 'carrier_changes.txt', carrier({'eth0': 4}), carrier({'eth0': 4}))
pair(c, 'ibhost', 'perfquery.txt', perfquery(sym=3, rec=1), perfquery(sym=3, rec=1))
stamp(c, ['leaf1', 'gpu01', 'ibhost'])
