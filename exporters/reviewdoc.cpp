// SPDX-License-Identifier: GPL-3.0-or-later
// The change-review checklist: the document model, its translation table, the topology picture, and
// the Markdown and HTML writers (docs/review.md §The checklist).
#include "review.h"

#include "planner/findings/phrase.h"

#include "model/errors.h"
#include "model/textsafe.h"
#include "planner/findings/findingregistry.h"

#include <algorithm>
#include <functional>
#include <cctype>
#include <tuple>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <map>
#include <unordered_map>

namespace lfp {

namespace {

    /// Every heading and sentence of the checklist in Simplified Chinese. Keys are the English text.
    const std::unordered_map<std::string, std::string>& zhTable()
    {
        static const std::unordered_map<std::string, std::string> t {
            { "Change review", "变更评审" },
            { "Summary and scope", "摘要与范围" },
            { "Project", "项目" },
            { "Base", "基线" },
            { "New", "新版本" },
            { "Objects changed", "变更对象" },
            { "Devices whose configuration changes", "配置变更的设备" },
            { "Disruptive changes", "中断性变更" },
            { "Rollout steps", "实施步骤" },
            { "Topology (changed devices highlighted)", "拓扑（高亮显示变更设备）" },
            { "What changed", "变更内容" },
            { "object", "对象" },
            { "change", "变更" },
            { "field", "字段" },
            { "before", "变更前" },
            { "after", "变更后" },
            { "(absent)", "（无）" },
            { "Impact", "影响" },
            { "PFC headroom per port (bytes)", "每端口 PFC 缓冲余量（字节）" },
            { "port", "端口" },
            { "No port's headroom changes.", "没有端口的缓冲余量发生变化。" },
            { "Buffer pools per switch (bytes)", "每台交换机的缓冲池（字节）" },
            { "switch", "交换机" },
            { "figure", "项目" },
            { "No switch's pools change.", "没有交换机的缓冲池发生变化。" },
            { "reserved", "预留" },
            { "shared headroom pool", "共享缓冲余量池" },
            { "available", "可用" },
            { "dynamic-threshold share of one congested PG", "单个拥塞 PG 的动态阈值份额" },
            { "dynamic-threshold share under full incast", "全端口 incast 时的动态阈值份额" },
            { "pool", "缓冲池" },
            { "Buffer-fit proof per switch whose buffer changes (cells and bytes, worst case)", "缓冲变化的交换机的缓冲容量证明（单元与字节，最坏情况）" },
            { "term", "项" },
            { "bytes", "字节" },
            { "cells", "单元" },
            { "worst case", "最坏情况" },
            { "cell", "单元" },
            { "xoff", "xoff" },
            { "lossy PG reservation", "有损 PG 预留" },
            { "lossy PG reservation (8-lane port)", "有损 PG 预留（8 通道端口）" },
            { "egress queue reservation", "出方向队列预留" },
            { "management PG", "管理 PG" },
            { "management PG (8-lane port)", "管理 PG（8 通道端口）" },
            { "egress mirror headroom", "出方向镜像缓冲余量" },
            { "egress port profile list (egress_lossy_profile)", "出方向端口配置列表（egress_lossy_profile）" },
            { "private headroom (shared headroom pool on)", "私有缓冲余量（共享缓冲余量池开启）" },
            { "management pool", "管理缓冲池" },
            { "extra reservation (e.g. Spectrum-6 modification descriptors)", "额外预留（如 Spectrum-6 的修改描述符）" },
            { "ingress_lossless_pool.xoff (shared headroom pool)", "ingress_lossless_pool.xoff（共享缓冲余量池）" },
            { "all {} ports up at their speed, each on the switch's longest cable ({}), shared headroom pool: {}",
                "全部 {} 个端口以其速率启用，每个端口均接在该交换机最长的线缆上（{}），共享缓冲余量池：{}" },
            { "the configured xoff", "配置的 xoff" },
            { "no over-subscription", "无超额订阅" },
            { "over-subscription ratio {}", "超额订阅比 {}" },
            { "the SKU template's pools and xoff as shipped (per-PG reservations come on top: 0 counted)",
                "SKU 模板出厂的缓冲池与 xoff（每 PG 预留另计：此处计为 0）" },
            { "the config_db's pools and xoff, and the sizes of the profiles its BUFFER_PG entries reserve",
                "config_db 的缓冲池与 xoff，以及其 BUFFER_PG 条目预留的配置文件大小" },
            { "needed", "所需" },
            { "physical buffer", "物理缓冲" },
            { "verdict", "结论" },
            { "fits", "容纳得下" },
            { "does not fit", "容纳不下" },
            { "cells to spare", "单元余量" },
            { "cells over", "单元超出" },
            { "needed before", "变更前所需" },
            { "unknown: the fit is not proven", "未知：无法证明容纳得下" },
            { "no proof (the switch is removed, or its ASIC or total buffer is unknown)", "无证明（交换机已删除，或其 ASIC 或缓冲总量未知）" },
            { "Findings", "检查结果" },
            { "introduced", "新增" },
            { "resolved", "已解决" },
            { "unchanged", "未变" },
            { "severity", "严重程度" },
            { "code", "代码" },
            { "objects", "对象" },
            { "message", "说明" },
            { "Deadlock verdict", "死锁结论" },
            { "healthy fabric", "正常网络" },
            { "single link failures", "单链路故障" },
            { "no cycle", "无环" },
            { "cycle", "存在环路" },
            { "not analysed", "未分析" },
            { "nothing covered: no verdict (LFP-DEADLOCK-NOTHING-COVERED)", "未覆盖任何目的地：无结论（LFP-DEADLOCK-NOTHING-COVERED）" },
            { "no lossless buffer (LFP-DEADLOCK-NO-LOSSLESS-BUFFER)", "无无损缓冲区（LFP-DEADLOCK-NO-LOSSLESS-BUFFER）" },
            { "scenarios with a cycle", "存在环路的场景" },
            { "Config delta per device", "每台设备的配置差异" },
            { "No device's exported configuration changes.", "没有设备的导出配置发生变化。" },
            { "disruptive", "中断性" },
            { "not disruptive", "非中断性" },
            { "Commands", "命令" },
            { "Pre-checks", "变更前检查" },
            { "Before the change, record these counters on every device of the change and keep the output: they are the baseline the verification compares with.",
                "变更前，在每台涉及的设备上记录以下计数器并保存输出：它们是变更后验证所比较的基线。" },
            { "vendor", "厂商" },
            { "commands and counters to baseline", "需要记录基线的命令与计数器" },
            { "Ordered steps", "有序步骤" },
            { "Every intermediate state of this order was checked: no step introduces an error finding.",
                "已检查该顺序的每个中间状态：没有任何步骤引入错误级检查结果。" },
            { "Some steps cannot avoid a risk; see the findings listed with the step.", "部分步骤无法避免风险；见该步骤列出的检查结果。" },
            { "Step", "步骤" },
            { "Drain: move traffic away from the device (BGP/ECMP maintenance mode; for hosts, pause or migrate their jobs).",
                "引流：将流量从设备上移走（BGP/ECMP 维护模式；主机则暂停或迁移作业）。" },
            { "Apply the commands of the config delta.", "执行配置差异中的命令。" },
            { "Verify: run the pre-check commands again and compare with the baseline (pass criteria below).",
                "验证：再次运行变更前检查命令并与基线比较（通过标准见下文）。" },
            { "Undrain: return the traffic and watch the counters for five minutes.", "恢复流量：恢复流量并观察计数器五分钟。" },
            { "atomic: both link ends change in this step", "原子操作：链路两端在此步骤中同时变更" },
            { "Risk this step cannot avoid", "此步骤无法避免的风险" },
            { "links concerned", "涉及链路" },
            { "Verification and pass criteria", "验证与通过标准" },
            { "No growth of PFC pause frames on lossy priorities.", "有损优先级上的 PFC 暂停帧不增长。" },
            { "No drops on lossless priorities (discards, buffer drops, out_of_buffer on the NICs).", "无损优先级上没有丢包（丢弃、缓冲丢包、网卡 out_of_buffer）。" },
            { "ECN marks rise before PFC pauses on each lossless queue (marking starts below the PFC threshold).",
                "每个无损队列上 ECN 标记先于 PFC 暂停出现（标记阈值低于 PFC 阈值）。" },
            { "CNPs are sent and handled (NIC np_cnp_sent / rp_cnp_handled grow with ECN marks).", "CNP 被发送和处理（网卡 np_cnp_sent / rp_cnp_handled 随 ECN 标记增长）。" },
            { "The PFC watchdog has not fired (storm counters unchanged).", "PFC 看门狗未触发（风暴计数器不变）。" },
            { "lfp check on the new revision reports no error.", "对新版本运行 lfp check 不报告错误。" },
            { "Rollback", "回退" },
            { "To roll back, apply the inverse delta per device, in the reverse order of the steps.", "如需回退，按步骤的相反顺序，在每台设备上执行反向差异。" },
            { "Runbook per lossless class", "每个无损类别的处置手册" },
            { "priority", "优先级" },
            { "stage", "阶段" },
            { "symptom", "现象" },
            { "action", "处置" },
            { "T1: micro-burst absorbed by ECN", "T1：微突发由 ECN 吸收" },
            { "T2: PFC pausing", "T2：PFC 暂停" },
            { "T3: congestion tree across switches", "T3：跨交换机的拥塞树" },
            { "ECN marks and CNPs grow, no pauses, no drops.", "ECN 标记和 CNP 增长，无暂停、无丢包。" },
            { "Expected; watch that marks fall when the burst ends. Tune Kmin/Kmax only if marks stay high.",
                "属于正常现象；观察突发结束后标记是否下降。仅当标记持续偏高时调整 Kmin/Kmax。" },
            { "PFC pause frames grow on the priority.", "该优先级的 PFC 暂停帧增长。" },
            { "Find the pause source: a port that sends pauses (tx) with its own PG watermark at headroom is the local buffer; a port that only receives pauses (rx) is paused by its peer; on hosts check mlnx_qos -i <if> and the prio pause counters of ethtool -S.",
                "查找暂停来源：发送暂停（tx）且自身 PG 水位达到余量的端口是本地缓冲；只接收暂停（rx）的端口被对端暂停；主机上检查 mlnx_qos -i <if> 以及 ethtool -S 中的优先级暂停计数器。" },
            { "Pauses spread hop by hop across switches; throughput drops on flows that do not cross the congested port.",
                "暂停逐跳扩散到多台交换机；未经过拥塞端口的流吞吐量也下降。" },
            { "A routing or topology change: compare ECMP paths and link state with the plan (lfp deadlock --failures 1); roll back the step that started it.",
                "属于路由或拓扑变化：将 ECMP 路径与链路状态与规划比较（lfp deadlock --failures 1）；回退引起该问题的步骤。" },
            { "Runbook per finding code", "按检查结果代码的处置手册" },
            { "No finding in the new revision.", "新版本没有检查结果。" },
            { "title", "标题" },
            { "documented in docs/findings.md", "见 docs/findings.md" },
            { "Sign-off", "签字确认" },
            { "role", "角色" },
            { "name", "姓名" },
            { "date", "日期" },
            { "signature", "签名" },
            { "Network architect", "网络架构师" },
            { "Operations", "运维" },
            { "Change manager", "变更经理" },
            { "Notes", "备注" },
            { "hosts (Linux, mlx5)", "主机（Linux，mlx5）" },
            { "error", "错误" },
            { "warning", "警告" },
            { "info", "提示" },
            { "devices", "设备" },
            { "none", "无" },
            { "Blocking: do not apply this change as written", "阻断：不得按此版本实施变更" },
            { "the deadlock analysis of the new revision covered nothing (LFP-DEADLOCK-NOTHING-COVERED): no verdict",
                "新版本的死锁分析未覆盖任何目的地（LFP-DEADLOCK-NOTHING-COVERED）：无结论" },
            { "the lossless contract of the new revision walked no host-to-host path: no verdict", "新版本的无损契约未检查任何主机间路径：无结论" },
            { "the pause-storm radius of the new revision analysed no source: no verdict", "新版本的 PFC 风暴影响范围未分析任何风暴源：无结论" },
            { "the deadlock-freedom certificate held before the change and does not hold after it (see Impact)", "无死锁证书在变更前成立、变更后不成立（见影响）" },
            { "no rollout order avoids an error finding in some intermediate state (see the ordered steps)",
                "没有任何实施顺序能避免某个中间状态中的错误级检查结果（见有序步骤）" },
            { "the new revision introduces {} error findings ({})", "新版本引入 {} 个错误级检查结果（{}）" },
            { "{} export refused: {}", "{} 导出被拒绝：{}" },
            { "Left out: the model changes, the exported configuration does not", "未纳入：模型有变化，但导出的配置没有变化" },
            { "node", "节点" },
            { "link", "链路" },
            { "policy", "策略" },
            { "binding", "绑定" },
            { "override", "端口覆盖" },
            { "asic", "ASIC" },
            { "fabric", "网络" },
            { "added", "新增" },
            { "removed", "删除" },
            { "changed", "修改" },
            { "ports", "端口" },
            { "PG {} on {} ports", "PG {}：{} 个端口" },
            { "Lossless PGs whose headroom changes", "缓冲余量变化的无损 PG" },
            { "<port> = {} ports: {}", "<port> = {} 个端口：{}" },
            { "{}: the same command ({}, shown for {}) — {}", "{}：相同的 1 条命令（{}，以 {} 为例）— {}" },
            { "priorities", "优先级" },
            { "{} of {} single-link failures create a cycle", "{} / {} 个单链路故障产生环路" },
            { "({} symmetry class analysed)", "（分析了 {} 个对称类）" },
            { "({} symmetry classes analysed)", "（分析了 {} 个对称类）" },
            { "{}: the same {} commands ({}, shown for {}) — {}", "{}：相同的 {} 条命令（{}，以 {} 为例）— {}" },
            { "Not reviewed: the export was refused, so these devices have no configuration to compare:", "未评审：导出被拒绝，这些设备没有可比较的配置：" },
            { "swap optics and fibre", "更换光模块和光纤" },
            { "{} (undoes step {})", "{}（撤销步骤 {}）" },
            { "Why here", "排在此处的原因" },
            { "{} (NICs under {})", "{}（{} 下的网卡）" },
            { "before → after", "变更前 → 变更后" },
            { "The terms of each proof: lfp budget --switch NAME on either revision.", "各证明的明细项：对任一版本运行 lfp budget --switch NAME。" },
            { "Steps {}–{}, one at a time in this order, each with the checks below", "步骤 {}–{}：按以下顺序逐一执行，每一步都执行下列检查" },
            { "{} (undoes steps {}–{})", "{}（撤销步骤 {}–{}）" },
            { "Why", "原因" },
            { "Classes carrying traffic after it", "此步骤之后承载流量的类别" },
            { "Classes carrying traffic in the base revision", "基线版本中承载流量的类别" },
            { "No drain: no command of this step disrupts traffic.", "无需引流：此步骤没有会中断流量的命令。" },
            { "Swap the optics and fibre; check that the link comes up at its speed and FEC without errors.",
                "更换光模块和光纤；确认链路以其速率和 FEC 正常建立且无错误。" },
            { "Swap the optics and fibre back to the base revision's; check that the link comes up at its speed and FEC without errors.",
                "将光模块和光纤换回基线版本的；确认链路以其速率和 FEC 正常建立且无错误。" },
            { "Run the base revision's host script on each host ({} for {}: lfp export --vendor linux of {}), not the new one.",
                "在每台主机上运行基线版本的主机脚本（{} 对应 {}：{} 的 lfp export --vendor linux 输出），而不是新版本的脚本。" },
            { "Apply the inverse commands of these devices (below).", "执行这些设备的反向命令（见下文）。" },
            { "To roll back, apply these steps in this order: the ordered steps reversed, each returning its devices to the base revision. Every state it passes through is one the rollout passed through, checked above.",
                "如需回退，按以下顺序执行：即有序步骤的逆序，每一步将其设备恢复到基线版本。回退经过的每个状态都是实施过程中经过并已检查过的状态。" },
            { "Inverse commands per switch", "每台交换机的反向命令" },
            { "the link is down while its optics and fibre are swapped: shut both ports first (the traffic takes the other links)",
                "更换光模块和光纤期间链路中断：先关闭两端端口（流量改走其他链路）" },
            { "a buffer, PG or cable change re-creates the port's buffers: lossless traffic on the port is disrupted while they are rebuilt",
                "缓冲、PG 或线缆变更会重建端口缓冲：重建期间该端口的无损流量中断" },
            { "pfc_enable / PG map changes re-create the port's lossless priority groups", "pfc_enable / PG 映射变更会重建端口的无损优先级组" },
            { "switching the buffer model needs a config reload (every port's buffers are rebuilt)", "切换缓冲模型需要 config reload（重建每个端口的缓冲）" },
            { "a speed or FEC change re-initialises the port: the link flaps", "速率或 FEC 变更会重新初始化端口：链路闪断" },
            { "an NX-OS queuing or network-qos policy change re-programs the queues: traffic drops briefly", "NX-OS queuing 或 network-qos 策略变更会重新编程队列：流量短暂丢失" },
            { "changing the PFC mode renegotiates PFC on the port", "更改 PFC 模式会在端口上重新协商 PFC" },
            { "an MTU change re-carves the port's buffers", "MTU 变更会重新划分端口缓冲" },
            { "a headroom / PFC buffer change re-carves the lossless buffers and may fail on a congested port: apply it with the port shut",
                "缓冲余量 / PFC 缓冲变更会重新划分无损缓冲，在拥塞端口上可能失败：请在端口关闭时执行" },
            { "enabling or changing PFC re-programs the port's lossless queues", "启用或更改 PFC 会重新编程端口的无损队列" },
            { "a RoCE (PFC / no-drop) mode change on EOS flaps the ports it applies to", "EOS 上的 RoCE（PFC / no-drop）模式变更会使相关端口闪断" },
            { "a RoCE mode change re-programs the QoS profile of every port: the ports flap", "RoCE 模式变更会重新编程每个端口的 QoS 配置：端口闪断" },
            { "a traffic-pool, PFC or cable-length change re-carves the port buffers: lossless traffic on the ports is disrupted while they are rebuilt",
                "流量池、PFC 或线缆长度变更会重新划分端口缓冲：重建期间端口上的无损流量中断" },
            { "an MTU change re-initialises the port: the link flaps", "MTU 变更会重新初始化端口：链路闪断" },
            { "applying or changing a congestion-notification profile blocks the port until done: traffic loss on all queues",
                "应用或更改拥塞通知配置会阻塞端口直至完成：所有队列丢失流量" },
            { "a buffer-partition change re-carves the switch's shared buffer", "缓冲分区变更会重新划分交换机的共享缓冲" },
            { "(The HTML and PDF forms draw the topology; changed devices are highlighted.)", "（HTML 与 PDF 版本绘制拓扑图，并高亮显示变更设备。）" },
        };
        return t;
    }

    std::string num(std::int64_t v) { return fmt::format("{}", v); }

    /// Pre-check commands per export target; sources in docs/review.md §Pre-checks.
    std::vector<std::string> reviewPreChecks(const std::string& target)
    {
        if (target == "sonic")
            return { "show pfc counters", "show queue counters", "show priority-group watermark headroom", "show priority-group watermark shared",
                "show queue watermark unicast", "show pfcwd stats", "show interfaces counters errors" };
        if (target == "eos")
            return { "show priority-flow-control counters detail", "show interfaces counters queue", "show interfaces counters discards",
                "show qos ecn counters queue", "show priority-flow-control" };
        if (target == "nxos")
            return { "show interface priority-flow-control", "show queuing interface", "show queuing pfc-queue detail", "show interface counters errors" };
        if (target == "junos")
            return { "show interfaces <if> extensive", "show interfaces queue <if>", "show class-of-service interface <if>" };
        if (target == "huawei")
            return { "display dcb pfc interface", "display qos queue statistics interface", "display interface" };
        if (target == "nvue")
            return { "nv show interface <if> counters qos pfc-stats", "nv show interface <if> counters qos egress-queue-stats", "nv show qos roce" };
        return { "ethtool -S <if> (rx/tx_prio<p>_pause, np_ecn_marked_roce_packets, np_cnp_sent, rp_cnp_handled, out_of_buffer)", "mlnx_qos -i <if>",
            "rdma statistic show" };
    }

} // namespace

std::string reviewText(const std::string& lang, const std::string& english)
{
    if (lang == "zh_CN") {
        const auto& t = zhTable();
        if (auto it = t.find(english); it != t.end())
            return it->second;
    }
    return english;
}

std::string reviewText(const std::string& lang, const std::string& english, const std::unordered_map<std::string, std::string>& zh)
{
    if (lang == "zh_CN")
        if (auto it = zh.find(english); it != zh.end())
            return it->second;
    return reviewText(lang, english);
}

std::string reviewLabel(const std::string& lang, const std::string& label)
{
    if (lang != "zh_CN")
        return label;
    // The labels `lfp review` and the GUI's Revisions view give (ReviewOptions): "revision 3", or the defaults.
    constexpr std::string_view rev = "revision ";
    if (label.size() > rev.size() && label.compare(0, rev.size(), rev) == 0
        && std::all_of(label.begin() + static_cast<std::ptrdiff_t>(rev.size()), label.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return "修订 " + label.substr(rev.size());
    if (label == "base")
        return "基线";
    if (label == "new")
        return "新版本";
    return label;
}

namespace {

    using K = ReviewBlock::Kind;

    /// A name split into a prefix and a trailing number ("leaf12" → "leaf", 12).
    struct NameParts {
        std::string prefix;
        long long number = -1; ///< -1: no trailing number
        std::size_t width = 0; ///< digits as written ("host007": 3)
        bool padded = false; ///< zero-padded ("host007")
    };
    NameParts splitName(const std::string& s)
    {
        std::size_t i = s.size();
        while (i > 0 && s[i - 1] >= '0' && s[i - 1] <= '9')
            --i;
        if (i == s.size() || s.size() - i > 12)
            return { s, -1, 0, false };
        // The width only matters for zero-padded numbers ("host007"): "Ethernet8" and "Ethernet12" run on.
        return { s.substr(0, i), std::stoll(s.substr(i)), s.size() - i, s[i] == '0' && s.size() - i > 1 };
    }

    /// Numbers that run on: the same digits ("host099", "host100"), or neither zero-padded ("Ethernet8", "Ethernet12").
    bool sameWidth(const NameParts& a, const NameParts& b) { return a.width == b.width || (!a.padded && !b.padded); }

    /// Whole-word occurrences of @p name in @p text replaced by "\x01" (so deltas that differ only in
    /// the device's own name compare equal).
    std::string withoutName(const std::string& text, const std::string& name)
    {
        if (name.empty())
            return text;
        auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-'; };
        std::string out;
        std::size_t pos = 0;
        for (std::size_t at; (at = text.find(name, pos)) != std::string::npos;) {
            const bool left = at == 0 || !word(text[at - 1]);
            const bool right = at + name.size() >= text.size() || !word(text[at + name.size()]);
            out += text.substr(pos, at - pos) + (left && right ? std::string("\x01") : name);
            pos = at + name.size();
        }
        return out + text.substr(pos);
    }

    std::string commandText(const DeviceDelta& d)
    {
        std::string t;
        for (const auto& c : d.commands)
            t += c.text + "\n";
        return t.empty() ? d.diff : t;
    }

    /// The port of @p node named in @p text as a whole token, or "" (the first found).
    std::string portIn(const std::string& text, const Node* node)
    {
        if (!node)
            return {};
        auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '/'; };
        std::string best;
        std::size_t bestAt = std::string::npos;
        for (const auto& p : node->ports)
            for (std::size_t at = text.find(p.name); at != std::string::npos; at = text.find(p.name, at + 1))
                if ((at == 0 || !word(text[at - 1])) && (at + p.name.size() >= text.size() || !word(text[at + p.name.size()]))) {
                    if (at < bestAt || (at == bestAt && p.name.size() > best.size())) {
                        best = p.name;
                        bestAt = at;
                    }
                    break;
                }
        return best;
    }

    /// A delta's commands as the document shows them: within each run of commands whose order does
    /// not matter (the same ChangeCommand::step, exporters/delta.h), commands that differ only in the
    /// port they name are one line, "<port>" in place of the port and the ports listed after it; each
    /// disruptive line points at its reason in @p reasons ("# [1]"). The exact ordered list is the JSON's.
    std::string collapsedCommands(const DeviceDelta& d, const Node* node, std::vector<std::string>& reasons, const std::function<std::string(const std::string&)>& T)
    {
        struct Line {
            std::string text;
            const ChangeCommand* cmd = nullptr;
            std::vector<std::string> ports;
        };
        std::string out;
        std::size_t i = 0;
        while (i < d.commands.size()) {
            const std::string& step = d.commands[i].step;
            std::vector<Line> lines;
            std::map<std::string, std::size_t> byTemplate;
            for (; i < d.commands.size() && d.commands[i].step == step; ++i) {
                const ChangeCommand& c = d.commands[i];
                const std::string port = portIn(c.text, node);
                std::string tmpl = c.text;
                if (!port.empty())
                    tmpl.replace(tmpl.find(port), port.size(), "<port>");
                const std::string key = tmpl + "\x02" + (c.disruptive ? c.reason : std::string("-"));
                auto [it, fresh] = byTemplate.emplace(key, lines.size());
                if (fresh)
                    lines.push_back({ tmpl, &c, {} });
                if (!port.empty())
                    lines[it->second].ports.push_back(port);
            }
            for (const auto& l : lines) {
                std::string mark;
                if (l.cmd->disruptive) {
                    auto it = std::find(reasons.begin(), reasons.end(), l.cmd->reason);
                    if (it == reasons.end())
                        it = reasons.insert(reasons.end(), l.cmd->reason);
                    mark = fmt::format("    # [{}]", it - reasons.begin() + 1);
                }
                if (l.ports.size() <= 1)
                    out += l.cmd->text + mark + "\n";
                else
                    out += l.text + (mark.empty() ? "    #" : mark) + " " + fmt::format(fmt::runtime(T("<port> = {} ports: {}")), l.ports.size(), reviewNameRanges(l.ports, 0))
                        + "\n";
            }
        }
        return out;
    }

    /// Devices whose deltas are the same but for their own names, in the order of the first of each.
    struct DeltaGroup {
        std::vector<const DeviceChange*> members;
        [[nodiscard]] const DeviceDelta& delta(bool back) const { return back ? *members.front()->rollback : members.front()->delta; }
        [[nodiscard]] std::vector<std::string> names() const
        {
            std::vector<std::string> n;
            for (const auto* m : members)
                n.push_back(m->delta.device);
            return n;
        }
    };
    std::vector<DeltaGroup> groupDeltas(const Review& r, bool back, bool hosts)
    {
        std::vector<DeltaGroup> out;
        std::map<std::string, std::size_t> byKey;
        for (const auto& c : r.devices) {
            if ((c.target == "linux") != hosts || (back && !c.rollback))
                continue;
            const DeviceDelta& d = back ? *c.rollback : c.delta;
            const std::string key = c.target + "\x02" + toString(d.kind) + "\x02" + withoutName(d.file, d.device) + "\x02" + withoutName(commandText(d), d.device);
            auto [it, fresh] = byKey.emplace(key, out.size());
            if (fresh)
                out.push_back({});
            out[it->second].members.push_back(&c);
        }
        return out;
    }

    /// The devices @p ports name with how many ports each: "leaf1–leaf8 (40 each), spine1 (1)".
    std::string portsSummary(const std::vector<std::string>& ports)
    {
        std::map<std::string, int> perDevice;
        for (const auto& p : ports)
            ++perDevice[p.substr(0, p.find(':'))];
        std::map<int, std::vector<std::string>> byCount;
        for (const auto& [d, n] : perDevice)
            byCount[n].push_back(d);
        std::vector<std::string> parts;
        for (const auto& [n, devs] : byCount)
            parts.push_back(fmt::format("{} ({})", reviewNameRanges(devs), n));
        return fmt::format("{}", fmt::join(parts, ", "));
    }

    /// Rows grouped by device: devices with the same rows share one row set, named by their ranges.
    void addGroupedRows(ReviewBlock& t, const std::vector<std::pair<std::string, std::vector<std::vector<std::string>>>>& perDevice)
    {
        std::map<std::vector<std::vector<std::string>>, std::vector<std::string>> groups;
        std::vector<std::vector<std::vector<std::string>>> order;
        for (const auto& [dev, rows] : perDevice) {
            auto [it, fresh] = groups.emplace(rows, std::vector<std::string> {});
            if (fresh)
                order.push_back(rows);
            it->second.push_back(dev);
        }
        for (const auto& rows : order) {
            const std::string who = reviewNameRanges(groups.at(rows));
            for (const auto& row : rows) {
                std::vector<std::string> full { who };
                full.insert(full.end(), row.begin(), row.end());
                t.rows.push_back(std::move(full));
            }
        }
    }

} // namespace

std::string reviewNameRanges(std::vector<std::string> names, std::size_t max)
{
    std::sort(names.begin(), names.end(), [](const std::string& a, const std::string& b) {
        const NameParts x = splitName(a), y = splitName(b);
        return std::tie(x.prefix, x.number, a) < std::tie(y.prefix, y.number, b);
    });
    names.erase(std::unique(names.begin(), names.end()), names.end());
    std::vector<std::string> items;
    for (std::size_t i = 0; i < names.size();) {
        const NameParts first = splitName(names[i]);
        std::size_t j = i + 1;
        long long step = 0; // a run of constant step: Ethernet0, Ethernet4, … (ports of 4 lanes)
        if (i + 1 < names.size() && first.number >= 0) {
            const NameParts second = splitName(names[i + 1]);
            if (second.prefix == first.prefix && sameWidth(first, second))
                step = second.number - first.number;
        }
        while (j < names.size() && step > 0) {
            const NameParts next = splitName(names[j]);
            if (next.prefix != first.prefix || !sameWidth(first, next) || next.number != first.number + step * static_cast<long long>(j - i))
                break;
            ++j;
        }
        if (j - i >= 3)
            items.push_back(step == 1 ? names[i] + "–" + names[j - 1] : names[i] + ", " + names[i + 1] + " … " + names[j - 1]);
        else
            for (std::size_t k = i; k < j; ++k)
                items.push_back(names[k]);
        i = j;
    }
    if (max > 0 && items.size() > max) {
        const std::size_t more = items.size() - max;
        items.resize(max);
        items.push_back(fmt::format("… (+{})", more));
    }
    return fmt::format("{}", fmt::join(items, ", "));
}
namespace {

    /// The checklist's sections (docs/review.md §The checklist), in @p lang.
    struct DocBuilder {
        const Review& r;
        std::string lang;
        const TemplateTranslator& findingText;
        std::string baseLabel, toLabel;

        [[nodiscard]] std::string T(const std::string& s) const { return reviewText(lang, s); }
        [[nodiscard]] std::string colon() const { return lang == "zh_CN" ? "：" : ": "; }
        [[nodiscard]] std::string stop() const { return lang == "zh_CN" ? "。" : "."; }
        /// A finding's message through the translator, when its parameters still give its text (not one read back from JSON).
        [[nodiscard]] std::string message(const Finding& f) const
        {
            if (!findingText || renderFindingMessage(f.code, f.params) != f.message)
                return f.message;
            return renderFindingMessage(f.code, f.params, findingText).value_or(f.message);
        }
        [[nodiscard]] std::string prios(const std::vector<int>& v) const
        {
            return v.empty() ? T("none") : fmt::format("{} {}", T(v.size() == 1 ? "priority" : "priorities"), fmt::join(v, ", "));
        }

        ReviewSection banner() const;
        ReviewSection summary() const;
        void headroom(ReviewSection& s) const;
        void pools(ReviewSection& s) const;
        void fitProofs(ReviewSection& s) const;
        void compactFitProofs(ReviewSection& s) const;
        [[nodiscard]] std::string phraseText(const Phrase& p) const;
        [[nodiscard]] std::string worstCaseText(const BufferFitProof& p) const;
        [[nodiscard]] std::string termText(const BufferFitTerm& t) const;
        void findingsAndDeadlock(ReviewSection& s) const;
        void deltaGroups(ReviewSection& s, bool back) const;
        ReviewSection deltas() const;
        ReviewSection preChecks() const;
        void stepBlocks(ReviewSection& s, const std::vector<const RolloutStep*>& group, bool back) const;
        void stepList(ReviewSection& s, const std::vector<RolloutStep>& steps, bool back) const;
        ReviewSection steps() const;
        ReviewSection rollback() const;
        std::vector<ReviewSection> runbooks() const;
    };

    /// Page one's banner: what failed, why the change must not go ahead as written (Review::blocking).
    ReviewSection DocBuilder::banner() const
    {
        ReviewSection s { T("Blocking: do not apply this change as written"), 2, {} };
        ReviewBlock l { K::List, {}, {}, {} }; // the reasons, each a paragraph below (not a check item)
        // The reasons of review.cpp blockingReasons(); the two with figures are rebuilt from their parts.
        for (const auto& b : r.blocking) {
            if (lang != "zh_CN" || reviewText(lang, b) != b) {
                l.items.push_back(T(b));
                continue;
            }
            const auto refused = b.find(" export refused: ");
            std::size_t errors = 0;
            std::set<std::string> codes;
            for (const auto& f : r.introduced)
                if (f.severity == Severity::Error) {
                    ++errors;
                    codes.insert(f.code);
                }
            if (refused != std::string::npos)
                l.items.push_back(fmt::format(fmt::runtime(T("{} export refused: {}")), b.substr(0, refused), b.substr(refused + 17)));
            else if (b.rfind("the new revision introduces ", 0) == 0)
                l.items.push_back(fmt::format(fmt::runtime(T("the new revision introduces {} error findings ({})")), errors, fmt::join(codes, ", ")));
            else
                l.items.push_back(b);
        }
        for (auto& item : l.items)
            s.blocks.push_back({ K::Paragraph, "⛔ " + item, {}, {} });
        return s;
    }

    ReviewSection DocBuilder::summary() const
    {
        std::size_t disruptive = 0;
        for (const auto& c : r.devices)
            disruptive += c.delta.disruptive() ? 1 : 0;
        ReviewSection s { T("Summary and scope"), 2, {} };
        const std::vector<std::string> changed(r.changedDevices.begin(), r.changedDevices.end());
        ReviewBlock fig { K::Table, {}, { T("figure"), "" },
            { { T("Project"), r.options.project.empty() ? r.after.name : r.options.project }, { T("Base"), baseLabel }, { T("New"), toLabel },
                { T("Objects changed"), num(static_cast<std::int64_t>(r.changes.size())) },
                { T("Devices whose configuration changes"), changed.empty() ? T("none") : reviewNameRanges(changed, 0) },
                { T("Disruptive changes"), num(static_cast<std::int64_t>(disruptive)) },
                { T("Rollout steps"), num(static_cast<std::int64_t>(r.rollout.steps.size())) } } };
        if (!r.unrendered.empty())
            fig.rows.push_back({ T("Left out: the model changes, the exported configuration does not"),
                reviewNameRanges(std::vector<std::string>(r.unrendered.begin(), r.unrendered.end()), 0) });
        s.blocks.push_back(std::move(fig));
        s.blocks.push_back({ K::Paragraph, T("Topology (changed devices highlighted)"), {}, {} });
        s.blocks.push_back({ K::Picture, T("(The HTML and PDF forms draw the topology; changed devices are highlighted.)"), {}, {} });
        ReviewBlock t { K::Table, {}, { T("object"), T("change"), T("field"), T("before"), T("after") }, {} };
        for (const auto& c : r.changes) {
            const std::string obj = T(c.objectType) + " " + c.id;
            if (c.fields.empty())
                t.rows.push_back({ obj, T(toString(c.kind)), "", "", "" });
            for (const auto& f : c.fields)
                t.rows.push_back({ obj, T(toString(c.kind)), f.field, f.before.empty() ? T("(absent)") : f.before, f.after.empty() ? T("(absent)") : f.after });
        }
        s.blocks.push_back({ K::Paragraph, T("What changed"), {}, {} });
        s.blocks.push_back(std::move(t));
        return s;
    }

    /// The buffer-fit proofs, one row per switch (switches with the same figures share it): the worst
    /// case's longest cable, the cells needed before and after, the physical cells and the verdict.
    /// A planner phrase in the document's language: its template through the review's table (verbatim
    /// phrases as they are), its arguments in turn.
    std::string DocBuilder::phraseText(const Phrase& p) const
    {
        if (lang == "en")
            return render(p);
        std::vector<std::string> args;
        for (const auto& a : p.args)
            args.push_back(a.nested.empty() ? a.literal : phraseText(a.nested.front()));
        return substitutePlaceholders(p.verbatim || !p.context ? p.text : T(p.text), args);
    }

    /// The worst case of a proof, worded from its data (BufferFitWorstCase); the English is the proof's own.
    std::string DocBuilder::worstCaseText(const BufferFitProof& p) const
    {
        std::string what = p.worstCase;
        if (lang != "en" && p.worst.kind == "plan") {
            const std::string pool = p.worst.configuredXoff ? T("the configured xoff")
                : p.worst.overSubscribeRatio > 0             ? fmt::format(fmt::runtime(T("over-subscription ratio {}")), p.worst.overSubscribeRatio)
                                                             : T("no over-subscription");
            what = fmt::format(fmt::runtime(T("all {} ports up at their speed, each on the switch's longest cable ({}), shared headroom pool: {}")), p.worst.ports,
                formatLength(p.worst.longest), pool);
        } else if (lang != "en")
            what = T(p.worstCase);
        return fmt::format("{} ({}; {} {} B)", what, p.asicId, T("cell"), p.cellSize.value());
    }

    /// "reserved lossy PG reservation × 4": the term's kind and name, worded from its parts.
    std::string DocBuilder::termText(const BufferFitTerm& t) const
    {
        if (lang == "en")
            return t.kind + " " + t.name;
        const std::string label = phraseText(t.label);
        const std::string kind = T(t.kind);
        // "有损 PG 预留 × 4", not "预留 有损 PG 预留 × 4": a label that already says its kind is not prefixed.
        const std::string prefix = label.find(kind) == std::string::npos ? kind + " " : std::string();
        return prefix + (t.count > 0 ? fmt::format("{} × {}", label, t.count) : label);
    }

    void DocBuilder::compactFitProofs(ReviewSection& s) const
    {
        ReviewBlock t { K::Table, {}, { T("switch"), T("worst case"), T("needed before"), T("needed"), T("physical buffer"), T("verdict") }, {} };
        std::vector<std::pair<std::string, std::vector<std::vector<std::string>>>> perSwitch;
        for (const auto& sw : r.switches) {
            if (!sw.fitAfter) {
                perSwitch.push_back({ sw.name, { { T("no proof (the switch is removed, or its ASIC or total buffer is unknown)"), "—", "—", "—", "—" } } });
                continue;
            }
            const BufferFitProof& p = *sw.fitAfter;
            const std::int64_t spare = p.physicalCells - p.neededCells;
            perSwitch.push_back({ sw.name,
                { { worstCaseText(p), sw.fitBefore ? num(sw.fitBefore->neededCells) + " " + T("cells") : "—",
                    num(p.neededCells) + " " + T("cells"), p.physicalKnown ? num(p.physicalCells) + " " + T("cells") : T("unknown: the fit is not proven"),
                    !p.physicalKnown ? "—"
                                     : (p.fits() ? T("fits") : T("does not fit")) + fmt::format(", {} {}", p.fits() ? spare : -spare, p.fits() ? T("cells to spare") : T("cells over")) } } });
        }
        addGroupedRows(t, perSwitch);
        s.blocks.push_back(std::move(t));
        s.blocks.push_back({ K::Paragraph, T("The terms of each proof: lfp budget --switch NAME on either revision."), {}, {} });
    }

    /// Every lossless PG whose headroom changes, grouped by before → after.
    void DocBuilder::headroom(ReviewSection& s) const
    {
        s.blocks.push_back({ K::Paragraph, T("PFC headroom per port (bytes)"), {}, {} });
        if (r.ports.empty()) {
            s.blocks.push_back({ K::Paragraph, T("No port's headroom changes."), {}, {} });
            return;
        }
        auto fig = [](const std::optional<HeadroomFigures>& h, std::int64_t HeadroomFigures::*m) { return h ? num((*h).*m) : std::string("—"); };
        using Key = std::tuple<int, std::string, std::string, std::string>;
        std::map<Key, std::vector<std::string>> groups;
        for (const auto& p : r.ports) {
            auto pair = [&](std::int64_t HeadroomFigures::*m) { return fmt::format("{} → {}", fig(p.before, m), fig(p.after, m)); };
            groups[{ p.pg, pair(&HeadroomFigures::xon), pair(&HeadroomFigures::xoff), pair(&HeadroomFigures::size) }].push_back(p.port);
        }
        std::map<int, std::size_t> perPg;
        for (const auto& p : r.ports)
            ++perPg[p.pg];
        std::vector<std::string> totals;
        for (const auto& [pg, n] : perPg)
            totals.push_back(fmt::format(fmt::runtime(T("PG {} on {} ports")), pg, n));
        s.blocks.push_back({ K::Paragraph, T("Lossless PGs whose headroom changes") + colon() + fmt::format("{}", fmt::join(totals, lang == "zh_CN" ? "，" : ", ")) + stop(), {}, {} });
        ReviewBlock t { K::Table, {}, { T("port"), "PG", "xon", "xoff", "size" }, {} };
        for (const auto& [k, ports] : groups) {
            const std::string who = ports.size() <= 8 ? fmt::format("{}", fmt::join(ports, ", ")) : fmt::format("{} {}: {}", ports.size(), T("ports"), portsSummary(ports));
            t.rows.push_back({ who, std::get<0>(k) < 0 ? "" : num(std::get<0>(k)), std::get<1>(k), std::get<2>(k), std::get<3>(k) });
        }
        s.blocks.push_back(std::move(t));
    }

    void DocBuilder::pools(ReviewSection& s) const
    {
        s.blocks.push_back({ K::Paragraph, T("Buffer pools per switch (bytes)"), {}, {} });
        if (r.switches.empty()) {
            s.blocks.push_back({ K::Paragraph, T("No switch's pools change."), {}, {} });
            return;
        }
        const bool compact = r.switches.size() > 4; // at fabric scale: one row per switch, each figure "before → after"
        ReviewBlock t { K::Table, {}, { T("switch"), T("figure"), T("before"), T("after") }, {} };
        std::vector<std::pair<std::string, std::vector<std::vector<std::string>>>> perSwitch;
        for (const auto& sw : r.switches) {
            std::vector<std::vector<std::string>> rows;
            auto v = [&](const std::optional<SwitchFigures>& f, std::int64_t SwitchFigures::*m) { return f ? num((*f).*m) : std::string("—"); };
            auto row = [&](const std::string& label, std::int64_t SwitchFigures::*m) {
                if (!sw.before || !sw.after || (*sw.before).*m != (*sw.after).*m)
                    rows.push_back({ label, v(sw.before, m), v(sw.after, m) });
            };
            row(T("reserved"), &SwitchFigures::reserved);
            row(T("shared headroom pool"), &SwitchFigures::sharedHeadroomPool);
            row(T("available"), &SwitchFigures::available);
            row(T("dynamic-threshold share of one congested PG"), &SwitchFigures::dtShareOne);
            row(T("dynamic-threshold share under full incast"), &SwitchFigures::dtShareAll);
            std::map<std::string, std::pair<std::string, std::string>> pools;
            if (sw.before)
                for (const auto& p : sw.before->pools)
                    pools[p.name].first = num(p.size) + (p.xoff ? fmt::format(" (xoff {})", *p.xoff) : "");
            if (sw.after)
                for (const auto& p : sw.after->pools)
                    pools[p.name].second = num(p.size) + (p.xoff ? fmt::format(" (xoff {})", *p.xoff) : "");
            for (const auto& [name, ba] : pools)
                if (ba.first != ba.second)
                    rows.push_back({ T("pool") + " " + name, ba.first.empty() ? "—" : ba.first, ba.second.empty() ? "—" : ba.second });
            if (compact) {
                std::vector<std::string> cells;
                for (const auto& row : rows)
                    cells.push_back(fmt::format("{}: {} → {}", row[0], row[1], row[2]));
                rows = { { fmt::format("{}", fmt::join(cells, "; ")) } };
            }
            perSwitch.emplace_back(sw.name, std::move(rows));
        }
        if (compact)
            t.items = { T("switch"), T("before → after") };
        addGroupedRows(t, perSwitch);
        s.blocks.push_back(std::move(t));
    }

    /// The buffer-fit proof of every switch whose buffer changes (Review::switches): the new revision's
    /// terms (planner/buffer/bufferfit.h, as `lfp budget` prints them), what they need against the
    /// physical buffer in cells and bytes, the worst case assumed, and the need before the change;
    /// switches with the same proof share its rows.
    void DocBuilder::fitProofs(ReviewSection& s) const
    {
        s.blocks.push_back({ K::Paragraph, T("Buffer-fit proof per switch whose buffer changes (cells and bytes, worst case)"), {}, {} });
        if (r.switches.size() > 4) { // at fabric scale one line per switch; its terms are `lfp budget --switch NAME`'s
            compactFitProofs(s);
            return;
        }
        ReviewBlock t { K::Table, {}, { T("switch"), T("term"), T("bytes"), T("cells") }, {} };
        std::vector<std::pair<std::string, std::vector<std::vector<std::string>>>> perSwitch;
        for (const auto& sw : r.switches) {
            std::vector<std::vector<std::string>> rows;
            if (!sw.fitAfter) {
                rows.push_back({ T("no proof (the switch is removed, or its ASIC or total buffer is unknown)"), "—", "—" });
                perSwitch.emplace_back(sw.name, std::move(rows));
                continue;
            }
            const BufferFitProof& p = *sw.fitAfter;
            rows.push_back({ fmt::format("{}: {}", T("worst case"), worstCaseText(p)), "", "" });
            for (const auto& term : p.terms)
                rows.push_back({ termText(term), num(term.bytes.value()), num(term.cells) });
            rows.push_back({ T("needed"), num(p.needed.value()), num(p.neededCells) });
            if (sw.fitBefore)
                rows.push_back({ T("needed before"), num(sw.fitBefore->needed.value()), num(sw.fitBefore->neededCells) });
            if (!p.physicalKnown)
                rows.push_back({ T("physical buffer") + ": " + T("unknown: the fit is not proven"), "—", "—" });
            else {
                rows.push_back({ T("physical buffer"), num(p.physicalCells * p.cellSize.value()), num(p.physicalCells) });
                const std::int64_t spare = p.physicalCells - p.neededCells;
                rows.push_back({ T("verdict") + ": " + (p.fits() ? T("fits") : T("does not fit")), "",
                    fmt::format("{} {}", p.fits() ? spare : -spare, p.fits() ? T("cells to spare") : T("cells over")) });
            }
            perSwitch.emplace_back(sw.name, std::move(rows));
        }
        addGroupedRows(t, perSwitch);
        s.blocks.push_back(std::move(t));
    }

    void DocBuilder::findingsAndDeadlock(ReviewSection& s) const
    {
        s.blocks.push_back({ K::Paragraph, T("Findings"), {}, {} });
        ReviewBlock ft { K::Table, {}, { T("change"), T("severity"), T("code"), T("objects"), T("message") }, {} };
        auto addF = [&](const std::vector<Finding>& v, const std::string& what, bool all) {
            for (const auto& f : v)
                if (all || f.severity != Severity::Info)
                    ft.rows.push_back({ T(what), T(toString(f.severity)), f.code, fmt::format("{}", fmt::join(f.objects, ", ")), message(f) });
        };
        addF(r.introduced, "introduced", true);
        addF(r.resolved, "resolved", true);
        addF(r.unchanged, "unchanged", false);
        if (ft.rows.empty())
            ft.rows.push_back({ T("none"), "", "", "", "" });
        s.blocks.push_back(std::move(ft));
        s.blocks.push_back({ K::Paragraph, T("Deadlock verdict"), {}, {} });
        // The job's verdict (planner/routing/deadlockjob.h): an analysis that covered nothing is never "no cycle".
        auto verdict = [&](const DeadlockVerdict& v) {
            if (!v.analysed)
                return T("not analysed");
            switch (v.state) {
            case DeadlockState::NothingCovered:
                return T("nothing covered: no verdict (LFP-DEADLOCK-NOTHING-COVERED)");
            case DeadlockState::NoLosslessBuffer:
                return T("no lossless buffer (LFP-DEADLOCK-NO-LOSSLESS-BUFFER)");
            case DeadlockState::Cycle:
                return T("cycle");
            case DeadlockState::NoCycle:
                break;
            }
            return T("no cycle");
        };
        // "0 of 64 single-link failures create a cycle (1 symmetry class analysed)": the failures covered,
        // and how many representatives the symmetry left to analyse (FailureReport).
        auto fails = [&](const DeadlockVerdict& v) {
            if (v.analysed && v.state == DeadlockState::NothingCovered)
                return verdict(v);
            if (!v.analysed)
                return T("not analysed");
            std::string out = fmt::format(fmt::runtime(T("{} of {} single-link failures create a cycle")), v.failureWithCycles, v.failureSets);
            if (v.failureSymmetry)
                out += " " + fmt::format(fmt::runtime(T(v.failureScenarios == 1 ? "({} symmetry class analysed)" : "({} symmetry classes analysed)")), v.failureScenarios);
            return out;
        };
        s.blocks.push_back({ K::Table, {}, { T("figure"), T("before"), T("after") },
            { { T("healthy fabric"), verdict(r.deadlockBefore), verdict(r.deadlockAfter) },
                { T("single link failures"), fails(r.deadlockBefore), fails(r.deadlockAfter) } } });
        appendReviewAnalyses(r, lang, s.blocks);
        appendReviewCertificate(r, lang, s.blocks);
    }

    /// The deltas (or, @p back, the inverse deltas) grouped: devices whose commands are the same but for
    /// their names share one block ("leaf2–leaf8: the same 40 commands"); each kind of disruption is
    /// explained once, below the block, and its commands point at it ("# [1]").
    void DocBuilder::deltaGroups(ReviewSection& s, bool back) const
    {
        for (bool hosts : { false, true })
            for (const auto& g : groupDeltas(r, back, hosts)) {
                const DeviceChange& c = *g.members.front();
                const DeviceDelta& d = g.delta(back);
                const std::string dis = T(d.disruptive() ? "disruptive" : "not disruptive");
                if (g.members.size() == 1)
                    s.blocks.push_back({ K::Paragraph, fmt::format("{} ({}, {}) — {}", d.device, c.target, d.file, dis), {}, {} });
                else if (d.commands.size() == 1)
                    s.blocks.push_back({ K::Paragraph,
                        fmt::format(fmt::runtime(T("{}: the same command ({}, shown for {}) — {}")), reviewNameRanges(g.names(), 0), c.target, d.device, dis), {}, {} });
                else
                    s.blocks.push_back({ K::Paragraph,
                        fmt::format(fmt::runtime(T("{}: the same {} commands ({}, shown for {}) — {}")), reviewNameRanges(g.names(), 0), d.commands.size(), c.target,
                            d.device, dis),
                        {}, {} });
                std::vector<std::string> reasons;
                const Node* node = r.after.findNode(d.device) ? r.after.findNode(d.device) : r.before.findNode(d.device);
                const std::string cmds = collapsedCommands(d, node, reasons, [this](const std::string& x) { return T(x); });
                s.blocks.push_back({ K::Code, cmds.empty() ? d.diff : cmds, {}, {} });
                for (std::size_t i = 0; i < reasons.size(); ++i)
                    s.blocks.push_back({ K::Paragraph, fmt::format("[{}] {}{}{}", i + 1, T("disruptive"), colon(), T(reasons[i])), {}, {} });
            }
    }

    ReviewSection DocBuilder::deltas() const
    {
        ReviewSection s { T("Config delta per device"), 2, {} };
        for (const auto& x : r.refused)
            s.blocks.push_back({ K::Paragraph, T("Not reviewed: the export was refused, so these devices have no configuration to compare:") + " " + x, {}, {} });
        if (r.devices.empty() && r.refused.empty())
            s.blocks.push_back({ K::Paragraph, T("No device's exported configuration changes."), {}, {} });
        deltaGroups(s, false);
        return s;
    }

    ReviewSection DocBuilder::preChecks() const
    {
        ReviewSection s { T("Pre-checks"), 2, {} };
        s.blocks.push_back({ K::Paragraph, T("Before the change, record these counters on every device of the change and keep the output: they are the baseline the verification compares with."), {}, {} });
        std::set<std::string> targets;
        for (const auto& dev : r.changedDevices)
            if (const Node* n = r.after.findNode(dev))
                targets.insert(reviewTarget(*n, r.options.vendor));
        ReviewBlock t { K::Table, {}, { T("vendor"), T("commands and counters to baseline") }, {} };
        for (const auto& tg : targets)
            for (const auto& c : reviewPreChecks(tg))
                t.rows.push_back({ tg == "linux" ? T("hosts (Linux, mlx5)") : tg, c });
        if (t.rows.empty())
            t.rows.push_back({ T("none"), "" });
        s.blocks.push_back(std::move(t));
        return s;
    }

    /// Why a step stands where it does, in the document's language (the planner's rule, RolloutStep::why).
    std::string stepWhy(const DocBuilder& b, const RolloutStep& st, bool back)
    {
        if (b.lang != "zh_CN")
            return st.why;
        const RolloutPlan& p = b.r.rollout;
        const std::string added = fmt::format("{}", fmt::join(p.addedLossless, ", ")), removed = fmt::format("{}", fmt::join(p.removedLossless, ", "));
        std::string why;
        if (st.why == "the order given")
            why = "给定的顺序";
        else if (st.kind == RolloutStepKind::Switch)
            why = !added.empty() ? fmt::format("新增无损优先级 {}：交换机逐台变更，此时没有网卡标记该优先级，因此在两台交换机不一致时它不承载流量", added)
                : !removed.empty() ? fmt::format("删除无损优先级 {}：只有在没有网卡再标记它之后，交换机才关闭其 PFC", removed)
                                   : "先交换机（先 spine，后 leaf），逐台进行";
        else if (st.kind == RolloutStepKind::Hosts)
            why = !added.empty() ? fmt::format("只有在每台交换机都已将优先级 {} 设为无损之后，网卡才标记它", added)
                : !removed.empty() ? fmt::format("网卡先停止标记优先级 {}，之后交换机才关闭其 PFC", removed)
                                   : "网卡在其所连接的交换机之后";
        else {
            why = "介质变化：在两端配置之后更换光模块和光纤";
            for (const auto& c : cableChanges(b.r.before, b.r.after))
                if (!st.cables.empty() && c.id() == st.cables.front())
                    why = c.longer() ? fmt::format("线缆从 {:g} m 变为 {:g} m：两端先具备 {:g} m 所需的缓冲余量（xoff 随线缆往返时延增长）", c.before.length.value(),
                              c.after.length.value(), c.after.length.value())
                        : c.after.length < c.before.length
                        ? fmt::format("线缆从 {:g} m 变为 {:g} m：先换上较短的线缆，之后两端的缓冲余量才缩小", c.before.length.value(), c.after.length.value())
                        : why;
        }
        // The rules that add to a step's reason (rollout.cpp mergeBreakoutGroups, review.cpp setHeadroomPoolOrder).
        if (const auto at = st.why.find("ports of breakout group "); at != std::string::npos) {
            const auto end = st.why.find(' ', at + 24);
            why = fmt::format("分支（breakout）端口组 {} 的端口一起变更模式：模式作用于整个端口组（成员端口被删除并重新创建），因此其成员两端的交换机（{}）在同一步骤中变更",
                st.why.substr(at + 24, end == std::string::npos ? std::string::npos : end - at - 24), reviewNameRanges(st.devices, 0));
        }
        if (const auto at = st.why.find(std::string("; on ")); at != std::string::npos && st.why.find(kReviewHeadroomPoolOffWhy, at) != std::string::npos) {
            const auto colon = st.why.find(": ", at + 5);
            why += fmt::format("；在 {} 上：先变更缓冲配置文件，再关闭共享缓冲余量池（SONiC 只有在每个无损配置文件都满足 xon + xoff = size 之后才能关闭该池，sonic-swss pull request 4153）",
                st.why.substr(at + 5, colon - at - 5));
        }
        return back ? fmt::format("撤销对应的实施步骤：{}", why) : why;
    }

    /// One step (or rollback step): who, why here, what carries traffic, and drain / apply / verify / undrain.
    void DocBuilder::stepBlocks(ReviewSection& s, const std::vector<const RolloutStep*>& group, bool back) const
    {
        const RolloutStep& st = *group.front();
        auto whoOf = [&](const RolloutStep& x) {
            if (x.kind == RolloutStepKind::Physical)
                return T("swap optics and fibre") + colon() + fmt::format("{}", fmt::join(x.cables, ", "));
            constexpr std::string_view under = "NICs under "; // rollout.cpp's label of a NIC group
            if (x.kind == RolloutStepKind::Hosts && x.devices.size() > 1 && x.label.find(under) != std::string::npos)
                return fmt::format(fmt::runtime(T("{} (NICs under {})")), reviewNameRanges(x.devices, 0), x.label.substr(x.label.find(under) + under.size()));
            return reviewNameRanges(x.devices, 0);
        };
        if (group.size() == 1) {
            std::string who = whoOf(st);
            if (back)
                who = fmt::format(fmt::runtime(T("{} (undoes step {})")), who, st.undoes);
            s.blocks.push_back({ K::Paragraph, fmt::format("{} {}: {}{}", T("Step"), st.step, who, st.atomic ? " (" + T("atomic: both link ends change in this step") + ")" : ""), {}, {} });
        } else { // steps alike but for their devices: one block, the devices of each step in order
            std::vector<std::string> each;
            for (const auto* x : group)
                each.push_back(whoOf(*x));
            std::string head = fmt::format(fmt::runtime(T("Steps {}–{}, one at a time in this order, each with the checks below")), st.step, group.back()->step);
            if (back)
                head = fmt::format(fmt::runtime(T("{} (undoes steps {}–{})")), head, st.undoes, group.back()->undoes);
            s.blocks.push_back({ K::Paragraph, head + colon() + fmt::format("{}", fmt::join(each, lang == "zh_CN" ? "；" : "; ")), {}, {} });
        }
        s.blocks.push_back({ K::Paragraph,
            T("Why here") + colon() + stepWhy(*this, st, back) + stop() + (lang == "zh_CN" ? "" : " ") + T("Classes carrying traffic after it") + colon() + prios(st.carrying) + stop(), {},
            {} });
        ReviewBlock l { K::List, {}, {}, {} };
        if (!st.drain.empty())
        {
            std::vector<std::string> why; // review.cpp setDrains joins the reasons with "; "
            for (std::size_t pos = 0; pos <= st.drain.size();) {
                const auto end = st.drain.find("; ", pos);
                why.push_back(T(st.drain.substr(pos, end == std::string::npos ? std::string::npos : end - pos)));
                if (end == std::string::npos)
                    break;
                pos = end + 2;
            }
            l.items.push_back(T("Drain: move traffic away from the device (BGP/ECMP maintenance mode; for hosts, pause or migrate their jobs).") + (lang == "zh_CN" ? "" : " ") + T("Why") + colon()
                + fmt::format("{}", fmt::join(why, lang == "zh_CN" ? "；" : "; ")));
        }
        else
            l.items.push_back(T("No drain: no command of this step disrupts traffic."));
        if (st.kind == RolloutStepKind::Physical)
            l.items.push_back(T(back ? "Swap the optics and fibre back to the base revision's; check that the link comes up at its speed and FEC without errors."
                                     : "Swap the optics and fibre; check that the link comes up at its speed and FEC without errors."));
        else if (back && st.kind == RolloutStepKind::Hosts) {
            std::string file = st.devices.empty() ? std::string() : st.devices.front() + ".sh";
            for (const auto& c : r.devices)
                if (!st.devices.empty() && c.delta.device == st.devices.front())
                    file = c.delta.file;
            l.items.push_back(fmt::format(fmt::runtime(T("Run the base revision's host script on each host ({} for {}: lfp export --vendor linux of {}), not the new one.")),
                file, st.devices.empty() ? std::string() : st.devices.front(), baseLabel));
        } else
            l.items.push_back(T(back ? "Apply the inverse commands of these devices (below)." : "Apply the commands of the config delta."));
        l.items.push_back(T("Verify: run the pre-check commands again and compare with the baseline (pass criteria below)."));
        if (!st.drain.empty())
            l.items.push_back(T("Undrain: return the traffic and watch the counters for five minutes."));
        s.blocks.push_back(std::move(l));
        if (!st.findings.empty()) {
            ReviewBlock t { K::Table, {}, { T("code"), T("objects"), T("message") }, {} };
            for (const auto& f : st.findings)
                t.rows.push_back({ f.code, fmt::format("{}", fmt::join(f.objects, ", ")), message(f) });
            s.blocks.push_back({ K::Paragraph, fmt::format("{} ({} {})", T("Risk this step cannot avoid"), st.riskyLinks, T("links concerned")), {}, {} });
            s.blocks.push_back(std::move(t));
        }
    }

    /// The steps, consecutive ones alike but for their devices (same kind, reason, drain and classes
    /// carrying traffic, no risk, not atomic) as one block: "Steps 1–16 …: spine1; …; leaf8".
    void DocBuilder::stepList(ReviewSection& s, const std::vector<RolloutStep>& steps, bool back) const
    {
        auto alike = [](const RolloutStep& a, const RolloutStep& b) {
            return a.kind == b.kind && a.kind != RolloutStepKind::Physical && a.why == b.why && a.drain == b.drain && a.carrying == b.carrying && a.findings.empty()
                && b.findings.empty() && !a.atomic && !b.atomic;
        };
        for (std::size_t i = 0; i < steps.size();) {
            std::vector<const RolloutStep*> group { &steps[i] };
            while (i + group.size() < steps.size() && alike(steps[i], steps[i + group.size()]))
                group.push_back(&steps[i + group.size()]);
            stepBlocks(s, group, back);
            i += group.size();
        }
    }

    ReviewSection DocBuilder::steps() const
    {
        ReviewSection s { T("Ordered steps"), 2, {} };
        s.blocks.push_back({ K::Paragraph,
            T(r.rollout.safe ? "Every intermediate state of this order was checked: no step introduces an error finding."
                             : "Some steps cannot avoid a risk; see the findings listed with the step."),
            {}, {} });
        s.blocks.push_back({ K::Paragraph, T("Classes carrying traffic in the base revision") + colon() + prios(r.rollout.carryingBefore) + stop(), {}, {} });
        stepList(s, r.rollout.steps, false);
        return s;
    }

    ReviewSection DocBuilder::rollback() const
    {
        ReviewSection s { T("Rollback"), 2, {} };
        s.blocks.push_back({ K::Paragraph,
            T("To roll back, apply these steps in this order: the ordered steps reversed, each returning its devices to the base revision. Every state it passes through is one the rollout passed through, checked above."),
            {}, {} });
        stepList(s, r.rollout.rollback, true);
        s.blocks.push_back({ K::Paragraph, T("Inverse commands per switch"), {}, {} });
        deltaGroups(s, true);
        return s;
    }

    std::vector<ReviewSection> DocBuilder::runbooks() const
    {
        ReviewSection s { T("Runbook per lossless class"), 2, {} };
        std::set<int> prios;
        for (const auto& p : r.after.policies)
            prios.insert(p.losslessPriorities.begin(), p.losslessPriorities.end());
        ReviewBlock t { K::Table, {}, { T("priority"), T("stage"), T("symptom"), T("action") }, {} };
        for (int p : prios) {
            const std::string ps = fmt::format("{}", p);
            t.rows.push_back({ ps, T("T1: micro-burst absorbed by ECN"), T("ECN marks and CNPs grow, no pauses, no drops."),
                T("Expected; watch that marks fall when the burst ends. Tune Kmin/Kmax only if marks stay high.") });
            t.rows.push_back({ ps, T("T2: PFC pausing"), T("PFC pause frames grow on the priority."),
                T("Find the pause source: a port that sends pauses (tx) with its own PG watermark at headroom is the local buffer; a port that only receives pauses (rx) is paused by its peer; on hosts check mlnx_qos -i <if> and the prio pause counters of ethtool -S.") });
            t.rows.push_back({ ps, T("T3: congestion tree across switches"), T("Pauses spread hop by hop across switches; throughput drops on flows that do not cross the congested port."),
                T("A routing or topology change: compare ECMP paths and link state with the plan (lfp deadlock --failures 1); roll back the step that started it.") });
        }
        s.blocks.push_back(std::move(t));
        ReviewSection c { T("Runbook per finding code"), 2, {} };
        std::map<std::string, std::string> codes;
        for (const auto* v : { &r.introduced, &r.unchanged })
            for (const auto& f : *v)
                codes[f.code] = f.fix;
        if (codes.empty())
            c.blocks.push_back({ K::Paragraph, T("No finding in the new revision."), {}, {} });
        else {
            ReviewBlock ct { K::Table, {}, { T("code"), T("title"), T("action") }, {} };
            for (const auto& [code, fix] : codes) {
                const FindingType* ty = findingType(code);
                ct.rows.push_back({ code, ty ? ty->title : "", fix.empty() ? T("documented in docs/findings.md") : fix });
            }
            c.blocks.push_back(std::move(ct));
        }
        return { std::move(s), std::move(c) };
    }

} // namespace

ReviewDocument buildReviewDocument(const Review& r, const std::string& lang, const TemplateTranslator& findingText)
{
    if (lang != "en" && lang != "zh_CN")
        throw InputError(SourceLocation { {}, 0, 0, "--lang" }, fmt::format("found \"{}\", expected en or zh_CN", lang));
    const DocBuilder b { r, lang, findingText, reviewLabel(lang, r.options.baseLabel), reviewLabel(lang, r.options.toLabel) };
    ReviewDocument d;
    d.lang = lang;
    d.title = fmt::format("{}: {} → {}", b.T("Change review"), b.baseLabel, b.toLabel);
    if (!r.blocking.empty())
        d.sections.push_back(b.banner());
    d.sections.push_back(b.summary());
    {
        ReviewSection s { b.T("Impact"), 2, {} };
        b.headroom(s);
        b.pools(s);
        if (!r.switches.empty())
            b.fitProofs(s);
        b.findingsAndDeadlock(s);
        d.sections.push_back(std::move(s));
    }
    d.sections.push_back(b.deltas());
    d.sections.push_back(b.preChecks());
    d.sections.push_back(b.steps());
    d.sections.push_back({ b.T("Verification and pass criteria"), 2,
        { { K::List, {},
            { b.T("No growth of PFC pause frames on lossy priorities."), b.T("No drops on lossless priorities (discards, buffer drops, out_of_buffer on the NICs)."),
                b.T("ECN marks rise before PFC pauses on each lossless queue (marking starts below the PFC threshold)."),
                b.T("CNPs are sent and handled (NIC np_cnp_sent / rp_cnp_handled grow with ECN marks)."), b.T("The PFC watchdog has not fired (storm counters unchanged)."),
                b.T("lfp check on the new revision reports no error.") },
            {} } } });
    appendReviewVerification(r, lang, d.sections.back().blocks);
    d.sections.push_back(b.rollback());
    for (auto& s : b.runbooks())
        d.sections.push_back(std::move(s));
    d.sections.push_back({ b.T("Sign-off"), 2,
        { { K::Table, {}, { b.T("role"), b.T("name"), b.T("date"), b.T("signature") },
            { { b.T("Network architect"), "", "", "" }, { b.T("Operations"), "", "", "" }, { b.T("Change manager"), "", "", "" } } } } });
    if (!r.notes.empty() || !r.rollout.notes.empty()) {
        ReviewBlock l { K::List, {}, r.notes, {} };
        l.items.insert(l.items.end(), r.rollout.notes.begin(), r.rollout.notes.end());
        d.sections.push_back({ b.T("Notes"), 2, { l } });
    }
    return d;
}

// ------------------------------------------------------------------------------------------ picture

namespace {

    /// The picture of a large fabric at the tier level: one box per tier ("leaf: 8, 8 changed"),
    /// highlighted when a device of it changes, and one line between tiers that are linked.
    TopologyPicture tierPicture(const Fabric& f, const std::set<std::string>& changed)
    {
        TopologyPicture p;
        const Role tiers[] = { Role::SuperSpine, Role::Spine, Role::Leaf, Role::Host };
        const double boxW = 220, boxH = 28, rowGap = 40, margin = 10;
        std::map<std::string, std::size_t> tierOf;
        for (Role r : tiers) {
            std::size_t n = 0, c = 0;
            for (const auto& node : f.nodes)
                if (node.role == r) {
                    ++n;
                    c += changed.count(node.name);
                    tierOf[node.name] = p.boxes.size();
                }
            if (n == 0)
                continue;
            const double y = margin + static_cast<double>(p.boxes.size()) * (boxH + rowGap);
            p.boxes.push_back({ fmt::format("{}: {} ({} changed)", toString(r), n, c), margin, y, boxW, boxH, c > 0, r == Role::Host });
        }
        std::set<std::pair<std::size_t, std::size_t>> drawn;
        for (const auto& l : f.links) {
            auto a = tierOf.find(l.a.node), b = tierOf.find(l.b.node);
            if (a == tierOf.end() || b == tierOf.end() || a->second == b->second)
                continue;
            const auto key = std::minmax(a->second, b->second);
            const bool ch = changed.count(l.a.node) && changed.count(l.b.node);
            if (!drawn.insert(key).second) {
                if (ch)
                    for (auto& line : p.lines)
                        line.changed = line.changed || (line.y1 == p.boxes[key.first].y + boxH && line.y2 == p.boxes[key.second].y);
                continue;
            }
            const auto& x = p.boxes[key.first];
            const auto& y = p.boxes[key.second];
            p.lines.push_back({ x.x + boxW / 2, x.y + boxH, y.x + boxW / 2, y.y, ch });
        }
        p.width = boxW + 2 * margin;
        p.height = margin * 2 + static_cast<double>(p.boxes.size()) * (boxH + rowGap) - rowGap;
        return p;
    }

} // namespace

TopologyPicture layoutTopology(const Fabric& f, const std::set<std::string>& changed)
{
    // Beyond 48 devices in a tier the boxes are too small to read (the 256-host fabric was one 8,212 px
    // strip): the tier level instead.
    std::map<Role, std::size_t> perTier;
    for (const auto& n : f.nodes)
        ++perTier[n.role];
    for (const auto& [role, n] : perTier)
        if (n > 48)
            return tierPicture(f, changed);
    TopologyPicture p;
    const Role tiers[] = { Role::SuperSpine, Role::Spine, Role::Leaf, Role::Host };
    std::vector<std::vector<const Node*>> rows;
    for (Role r : tiers) {
        std::vector<const Node*> row;
        for (const auto& n : f.nodes)
            if (n.role == r)
                row.push_back(&n);
        if (!row.empty())
            rows.push_back(std::move(row));
    }
    std::size_t widest = 1;
    for (const auto& r : rows)
        widest = std::max(widest, r.size());
    const double boxW = widest > 24 ? 28 : 64, gap = widest > 24 ? 4 : 12, boxH = 24, rowGap = 70, margin = 10;
    p.width = std::max(300.0, margin * 2 + static_cast<double>(widest) * (boxW + gap));
    p.height = margin * 2 + static_cast<double>(rows.size()) * (boxH + rowGap) - rowGap;
    std::map<std::string, std::size_t> at;
    for (std::size_t ri = 0; ri < rows.size(); ++ri) {
        const double rowWidth = static_cast<double>(rows[ri].size()) * (boxW + gap) - gap;
        const double x0 = (p.width - rowWidth) / 2;
        for (std::size_t i = 0; i < rows[ri].size(); ++i) {
            const Node* n = rows[ri][i];
            at[n->name] = p.boxes.size();
            p.boxes.push_back({ n->name, x0 + static_cast<double>(i) * (boxW + gap), margin + static_cast<double>(ri) * (boxH + rowGap), boxW, boxH,
                changed.count(n->name) > 0, !n->isSwitch() });
        }
    }
    for (const auto& l : f.links) {
        auto a = at.find(l.a.node), b = at.find(l.b.node);
        if (a == at.end() || b == at.end())
            continue;
        const auto& x = p.boxes[a->second];
        const auto& y = p.boxes[b->second];
        const bool up = x.y > y.y;
        p.lines.push_back({ x.x + x.w / 2, up ? x.y : x.y + x.h, y.x + y.w / 2, up ? y.y + y.h : y.y, x.changed && y.changed });
    }
    return p;
}

std::string topologySvg(const TopologyPicture& p)
{
    std::string s = fmt::format(R"(<svg xmlns="http://www.w3.org/2000/svg" width="{:.0f}" height="{:.0f}" viewBox="0 0 {:.0f} {:.0f}" role="img">)",
        p.width, p.height, p.width, p.height);
    for (const auto& l : p.lines)
        s += fmt::format(R"(<line x1="{:.1f}" y1="{:.1f}" x2="{:.1f}" y2="{:.1f}" stroke="{}" stroke-width="{}"/>)", l.x1, l.y1, l.x2, l.y2,
            l.changed ? "#d9480f" : "#adb5bd", l.changed ? 2 : 1);
    for (const auto& b : p.boxes) {
        s += fmt::format(R"(<rect x="{:.1f}" y="{:.1f}" width="{:.1f}" height="{:.1f}" rx="4" fill="{}" stroke="{}"/>)", b.x, b.y, b.w, b.h,
            b.changed ? "#ffa94d" : (b.host ? "#e9ecef" : "#d0ebff"), b.changed ? "#d9480f" : "#495057");
        s += fmt::format(R"(<text x="{:.1f}" y="{:.1f}" font-size="{}" text-anchor="middle" font-family="sans-serif">{}</text>)", b.x + b.w / 2,
            b.y + b.h / 2 + 4, b.w < 40 ? 7 : 11, escapeHtml(b.name));
    }
    return s + "</svg>";
}

// ------------------------------------------------------------------------------------------ writers

std::string renderReviewMarkdown(const ReviewDocument& d)
{
    std::string out = "# " + escapeMarkdownCell(d.title) + "\n";
    for (const auto& s : d.sections) {
        out += "\n" + std::string(static_cast<std::size_t>(s.level), '#') + " " + escapeMarkdownCell(s.title) + "\n\n";
        for (const auto& b : s.blocks) {
            switch (b.kind) {
            case ReviewBlock::Kind::Paragraph:
                out += escapeMarkdownCell(b.text) + "\n\n";
                break;
            case ReviewBlock::Kind::List:
                for (const auto& i : b.items)
                    out += "- [ ] " + escapeMarkdownCell(i) + "\n";
                out += "\n";
                break;
            case ReviewBlock::Kind::Code:
                out += "~~~~\n" + b.text + (b.text.empty() || b.text.back() == '\n' ? "" : "\n") + "~~~~\n\n";
                break;
            case ReviewBlock::Kind::Picture:
                out += escapeMarkdownCell(b.text) + "\n\n";
                break;
            case ReviewBlock::Kind::Table: {
                out += "|";
                for (const auto& h : b.items)
                    out += " " + escapeMarkdownCell(h) + " |";
                out += "\n|";
                for (std::size_t i = 0; i < b.items.size(); ++i)
                    out += " --- |";
                out += "\n";
                for (const auto& row : b.rows) {
                    out += "|";
                    for (const auto& c : row)
                        out += " " + escapeMarkdownCell(c) + " |";
                    out += "\n";
                }
                out += "\n";
                break;
            }
            }
        }
    }
    return out;
}

std::string renderReviewHtml(const ReviewDocument& d, const TopologyPicture& picture, const std::string& pictureImage)
{
    const bool forPdf = !pictureImage.empty();
    std::string out = fmt::format("<!DOCTYPE html>\n<html lang=\"{}\"><head><meta charset=\"utf-8\"><title>{}</title>\n<style>\n", d.lang == "zh_CN" ? "zh-CN" : "en",
        escapeHtml(d.title));
    out += forPdf ? "body { font-size: 9pt; } table { border-collapse: collapse; } th { background-color: #e9ecef; } td, th { padding: 2px; }\n"
                    "pre { font-size: 7.5pt; background-color: #f8f9fa; } h1 { font-size: 16pt; } h2 { font-size: 12pt; color: #1c7ed6; }\n"
                  : "body { font-family: sans-serif; max-width: 70em; margin: 1em auto; }\n"
                    "table { border-collapse: collapse; margin: 0.5em 0; } td, th { border: 1px solid #ced4da; padding: 2px 6px; vertical-align: top; }\n"
                    "th { background: #e9ecef; } pre { background: #f8f9fa; padding: 0.5em; overflow-x: auto; } h2 { color: #1c7ed6; }\n";
    out += "</style></head><body>\n<h1>" + escapeHtml(d.title) + "</h1>\n";
    for (const auto& s : d.sections) {
        out += fmt::format("<h{0}>{1}</h{0}>\n", s.level, escapeHtml(s.title));
        for (const auto& b : s.blocks) {
            switch (b.kind) {
            case ReviewBlock::Kind::Paragraph:
                out += "<p>" + escapeHtml(b.text) + "</p>\n";
                break;
            case ReviewBlock::Kind::List:
                out += "<ul>\n";
                for (const auto& i : b.items)
                    out += "<li>&#9744; " + escapeHtml(i) + "</li>\n";
                out += "</ul>\n";
                break;
            case ReviewBlock::Kind::Code: {
                // Line by line: escapeHtml shows a line break as "\n", a <pre> keeps the real ones.
                std::string text;
                std::size_t pos = 0;
                while (pos < b.text.size()) {
                    const auto nl = b.text.find('\n', pos);
                    text += escapeHtml(b.text.substr(pos, nl == std::string::npos ? std::string::npos : nl - pos)) + "\n";
                    if (nl == std::string::npos)
                        break;
                    pos = nl + 1;
                }
                out += (forPdf ? "<pre style=\"white-space: pre-wrap\">" : "<pre>") + text + "</pre>\n";
                break;
            }
                break;
            case ReviewBlock::Kind::Picture:
                out += forPdf ? "<p><img src=\"" + escapeHtml(pictureImage) + "\"></p>\n" : "<figure>" + topologySvg(picture) + "</figure>\n";
                break;
            case ReviewBlock::Kind::Table:
                out += forPdf ? "<table border=\"1\" cellspacing=\"0\" cellpadding=\"2\" width=\"100%\">\n<tr>" : "<table>\n<tr>";
                for (const auto& h : b.items)
                    out += "<th>" + escapeHtml(h) + "</th>";
                out += "</tr>\n";
                for (const auto& row : b.rows) {
                    out += "<tr>";
                    for (const auto& c : row)
                        out += "<td>" + escapeHtml(c) + "</td>";
                    out += "</tr>\n";
                }
                out += "</table>\n";
                break;
            }
        }
    }
    return out + "</body></html>\n";
}

} // namespace lfp
