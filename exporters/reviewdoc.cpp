// SPDX-License-Identifier: GPL-3.0-or-later
// The change-review checklist: the document model, its translation table, the topology picture, and
// the Markdown and HTML writers (docs/review.md §The checklist).
#include "review.h"

#include "model/errors.h"
#include "model/textsafe.h"
#include "planner/findings/findingregistry.h"

#include <algorithm>
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
            { "shared headroom pool", "共享余量池" },
            { "available", "可用" },
            { "dynamic-threshold share of one congested PG", "单个拥塞 PG 的动态阈值份额" },
            { "dynamic-threshold share under full incast", "全端口 incast 时的动态阈值份额" },
            { "pool", "缓冲池" },
            { "Buffer-fit proof per switch whose buffer changes (cells and bytes, worst case)", "缓冲变化的交换机的缓冲容量证明（单元与字节，最坏情况）" },
            { "term", "项" },
            { "bytes", "字节" },
            { "cells", "单元" },
            { "worst case", "最坏情况" },
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
            { "(The HTML and PDF forms draw the topology; changed devices are highlighted.)", "（HTML 与 PDF 版本绘制拓扑图，并高亮显示变更设备。）" },
        };
        return t;
    }

    std::string num(std::int64_t v) { return fmt::format("{}", v); }

    /// Pre-check commands per export target; sources in docs/review.md §Pre-checks.
    std::vector<std::string> preChecks(const std::string& target)
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

    /// The buffer-fit proof of every switch whose buffer changes (Review::switches): the new revision's
    /// terms (planner/buffer/bufferfit.h, as `lfp budget` prints them), what they need against the
    /// physical buffer in cells and bytes, the worst case assumed, and the need before the change.
    template <typename Tr>
    void addFitProofs(ReviewSection& s, const Review& r, const Tr& T)
    {
        using K = ReviewBlock::Kind;
        s.blocks.push_back({ K::Paragraph, T("Buffer-fit proof per switch whose buffer changes (cells and bytes, worst case)"), {}, {} });
        ReviewBlock t { K::Table, {}, { T("switch"), T("term"), T("bytes"), T("cells") }, {} };
        for (const auto& sw : r.switches) {
            if (!sw.fitAfter) {
                t.rows.push_back({ sw.name, T("no proof (the switch is removed, or its ASIC or total buffer is unknown)"), "—", "—" });
                continue;
            }
            const BufferFitProof& p = *sw.fitAfter;
            t.rows.push_back({ sw.name, fmt::format("{}: {} ({}; cell {} B)", T("worst case"), p.worstCase, p.asicId, p.cellSize.value()), "", "" });
            for (const auto& term : p.terms)
                t.rows.push_back({ sw.name, term.kind + " " + term.name, num(term.bytes.value()), num(term.cells) });
            t.rows.push_back({ sw.name, T("needed"), num(p.needed.value()), num(p.neededCells) });
            if (sw.fitBefore)
                t.rows.push_back({ sw.name, T("needed before"), num(sw.fitBefore->needed.value()), num(sw.fitBefore->neededCells) });
            if (!p.physicalKnown) {
                t.rows.push_back({ sw.name, T("physical buffer") + ": " + T("unknown: the fit is not proven"), "—", "—" });
                continue;
            }
            t.rows.push_back({ sw.name, T("physical buffer"), num(p.physicalCells * p.cellSize.value()), num(p.physicalCells) });
            const std::int64_t spare = p.physicalCells - p.neededCells;
            t.rows.push_back({ sw.name, T("verdict") + ": " + (p.fits() ? T("fits") : T("does not fit")),
                "", fmt::format("{} {}", p.fits() ? spare : -spare, p.fits() ? T("cells to spare") : T("cells over")) });
        }
        s.blocks.push_back(std::move(t));
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

ReviewDocument buildReviewDocument(const Review& r, const std::string& lang, const TemplateTranslator& findingText)
{
    // A finding's message through the translator, when its parameters still give its text (not one read back from JSON).
    auto message = [&](const Finding& f) {
        if (!findingText || renderFindingMessage(f.code, f.params) != f.message)
            return f.message;
        return renderFindingMessage(f.code, f.params, findingText).value_or(f.message);
    };
    if (lang != "en" && lang != "zh_CN")
        throw InputError(SourceLocation { {}, 0, 0, "--lang" }, fmt::format("found \"{}\", expected en or zh_CN", lang));
    auto T = [&](const std::string& s) { return reviewText(lang, s); };
    using K = ReviewBlock::Kind;
    ReviewDocument d;
    d.lang = lang;
    const std::string baseLabel = reviewLabel(lang, r.options.baseLabel), toLabel = reviewLabel(lang, r.options.toLabel);
    d.title = fmt::format("{}: {} → {}", T("Change review"), baseLabel, toLabel);

    std::size_t disruptive = 0;
    for (const auto& c : r.devices)
        disruptive += c.delta.disruptive() ? 1 : 0;
    {
        ReviewSection s { T("Summary and scope"), 2, {} };
        s.blocks.push_back({ K::Table, {}, { T("figure"), "" },
            { { T("Project"), r.options.project.empty() ? r.after.name : r.options.project }, { T("Base"), baseLabel }, { T("New"), toLabel },
                { T("Objects changed"), num(static_cast<std::int64_t>(r.changes.size())) },
                { T("Devices whose configuration changes"), r.changedDevices.empty() ? T("none") : fmt::format("{}", fmt::join(r.changedDevices, ", ")) },
                { T("Disruptive changes"), num(static_cast<std::int64_t>(disruptive)) },
                { T("Rollout steps"), num(static_cast<std::int64_t>(r.rollout.steps.size())) } } });
        s.blocks.push_back({ K::Paragraph, T("Topology (changed devices highlighted)"), {}, {} });
        s.blocks.push_back({ K::Picture, T("(The HTML and PDF forms draw the topology; changed devices are highlighted.)"), {}, {} });
        ReviewBlock t { K::Table, {}, { T("object"), T("change"), T("field"), T("before"), T("after") }, {} };
        for (const auto& c : r.changes) {
            if (c.fields.empty())
                t.rows.push_back({ c.objectType + " " + c.id, toString(c.kind), "", "", "" });
            for (const auto& f : c.fields)
                t.rows.push_back({ c.objectType + " " + c.id, toString(c.kind), f.field, f.before.empty() ? T("(absent)") : f.before,
                    f.after.empty() ? T("(absent)") : f.after });
        }
        s.blocks.push_back({ K::Paragraph, T("What changed"), {}, {} });
        s.blocks.push_back(std::move(t));
        d.sections.push_back(std::move(s));
    }
    {
        ReviewSection s { T("Impact"), 2, {} };
        s.blocks.push_back({ K::Paragraph, T("PFC headroom per port (bytes)"), {}, {} });
        if (r.ports.empty())
            s.blocks.push_back({ K::Paragraph, T("No port's headroom changes."), {}, {} });
        else {
            ReviewBlock t { K::Table, {}, { T("port"), "xon", "xoff", "size" }, {} };
            auto pair = [&](const std::optional<HeadroomFigures>& a, const std::optional<HeadroomFigures>& b, std::int64_t HeadroomFigures::*m) {
                return fmt::format("{} → {}", a ? num((*a).*m) : "—", b ? num((*b).*m) : "—");
            };
            for (const auto& p : r.ports)
                t.rows.push_back({ p.port, pair(p.before, p.after, &HeadroomFigures::xon), pair(p.before, p.after, &HeadroomFigures::xoff),
                    pair(p.before, p.after, &HeadroomFigures::size) });
            s.blocks.push_back(std::move(t));
        }
        s.blocks.push_back({ K::Paragraph, T("Buffer pools per switch (bytes)"), {}, {} });
        if (r.switches.empty())
            s.blocks.push_back({ K::Paragraph, T("No switch's pools change."), {}, {} });
        else {
            ReviewBlock t { K::Table, {}, { T("switch"), T("figure"), T("before"), T("after") }, {} };
            for (const auto& sw : r.switches) {
                auto v = [&](const std::optional<SwitchFigures>& f, std::int64_t SwitchFigures::*m) { return f ? num((*f).*m) : std::string("—"); };
                auto row = [&](const std::string& label, std::int64_t SwitchFigures::*m) {
                    if (!sw.before || !sw.after || (*sw.before).*m != (*sw.after).*m)
                        t.rows.push_back({ sw.name, label, v(sw.before, m), v(sw.after, m) });
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
                        t.rows.push_back({ sw.name, T("pool") + " " + name, ba.first.empty() ? "—" : ba.first, ba.second.empty() ? "—" : ba.second });
            }
            s.blocks.push_back(std::move(t));
        }
        if (!r.switches.empty())
            addFitProofs(s, r, T);
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
        auto fails = [&](const DeadlockVerdict& v) {
            if (v.analysed && v.state == DeadlockState::NothingCovered)
                return verdict(v);
            return v.analysed ? fmt::format("{} / {} {}", v.failureWithCycles, v.failureScenarios, T("scenarios with a cycle")) : T("not analysed");
        };
        s.blocks.push_back({ K::Table, {}, { T("figure"), T("before"), T("after") },
            { { T("healthy fabric"), verdict(r.deadlockBefore), verdict(r.deadlockAfter) },
                { T("single link failures"), fails(r.deadlockBefore), fails(r.deadlockAfter) } } });
        appendReviewAnalyses(r, lang, s.blocks);
        d.sections.push_back(std::move(s));
    }
    {
        ReviewSection s { T("Config delta per device"), 2, {} };
        if (r.devices.empty())
            s.blocks.push_back({ K::Paragraph, T("No device's exported configuration changes."), {}, {} });
        for (const auto& c : r.devices) {
            s.blocks.push_back({ K::Paragraph, fmt::format("{} ({}, {}) — {}", c.delta.device, c.target, c.delta.file, T(c.delta.disruptive() ? "disruptive" : "not disruptive")), {}, {} });
            std::string cmds;
            for (const auto& x : c.delta.commands)
                cmds += x.text + (x.disruptive ? "    # " + T("disruptive") + ": " + x.reason : std::string()) + "\n";
            s.blocks.push_back({ K::Code, cmds.empty() ? c.delta.diff : cmds, {}, {} });
        }
        d.sections.push_back(std::move(s));
    }
    {
        ReviewSection s { T("Pre-checks"), 2, {} };
        s.blocks.push_back({ K::Paragraph, T("Before the change, record these counters on every device of the change and keep the output: they are the baseline the verification compares with."), {}, {} });
        std::set<std::string> targets;
        for (const auto& dev : r.changedDevices)
            if (const Node* n = r.after.findNode(dev))
                targets.insert(reviewTarget(*n, r.options.vendor));
        ReviewBlock t { K::Table, {}, { T("vendor"), T("commands and counters to baseline") }, {} };
        for (const auto& tg : targets)
            for (const auto& c : preChecks(tg))
                t.rows.push_back({ tg == "linux" ? T("hosts (Linux, mlx5)") : tg, c });
        if (t.rows.empty())
            t.rows.push_back({ T("none"), "" });
        s.blocks.push_back(std::move(t));
        d.sections.push_back(std::move(s));
    }
    {
        ReviewSection s { T("Ordered steps"), 2, {} };
        s.blocks.push_back({ K::Paragraph,
            T(r.rollout.safe ? "Every intermediate state of this order was checked: no step introduces an error finding."
                             : "Some steps cannot avoid a risk; see the findings listed with the step."),
            {}, {} });
        for (const auto& st : r.rollout.steps) {
            s.blocks.push_back({ K::Paragraph, fmt::format("{} {}: {}{}", T("Step"), st.step, fmt::join(st.devices, ", "),
                                                   st.atomic ? " (" + T("atomic: both link ends change in this step") + ")" : ""),
                {}, {} });
            s.blocks.push_back({ K::List, {},
                { T("Drain: move traffic away from the device (BGP/ECMP maintenance mode; for hosts, pause or migrate their jobs)."),
                    T("Apply the commands of the config delta."),
                    T("Verify: run the pre-check commands again and compare with the baseline (pass criteria below)."),
                    T("Undrain: return the traffic and watch the counters for five minutes.") },
                {} });
            if (!st.findings.empty()) {
                ReviewBlock t { K::Table, {}, { T("code"), T("objects"), T("message") }, {} };
                for (const auto& f : st.findings)
                    t.rows.push_back({ f.code, fmt::format("{}", fmt::join(f.objects, ", ")), message(f) });
                s.blocks.push_back({ K::Paragraph, fmt::format("{} ({} {})", T("Risk this step cannot avoid"), st.riskyLinks, T("links concerned")), {}, {} });
                s.blocks.push_back(std::move(t));
            }
        }
        d.sections.push_back(std::move(s));
    }
    d.sections.push_back({ T("Verification and pass criteria"), 2,
        { { K::List, {},
            { T("No growth of PFC pause frames on lossy priorities."), T("No drops on lossless priorities (discards, buffer drops, out_of_buffer on the NICs)."),
                T("ECN marks rise before PFC pauses on each lossless queue (marking starts below the PFC threshold)."),
                T("CNPs are sent and handled (NIC np_cnp_sent / rp_cnp_handled grow with ECN marks)."), T("The PFC watchdog has not fired (storm counters unchanged)."),
                T("lfp check on the new revision reports no error.") },
            {} } } });
    {
        ReviewSection s { T("Rollback"), 2, {} };
        s.blocks.push_back({ K::Paragraph, T("To roll back, apply the inverse delta per device, in the reverse order of the steps."), {}, {} });
        for (auto it = r.devices.rbegin(); it != r.devices.rend(); ++it) {
            if (!it->rollback)
                continue;
            s.blocks.push_back({ K::Paragraph, fmt::format("{} ({})", it->rollback->device, it->target), {}, {} });
            std::string cmds;
            for (const auto& x : it->rollback->commands)
                cmds += x.text + "\n";
            s.blocks.push_back({ K::Code, cmds.empty() ? it->rollback->diff : cmds, {}, {} });
        }
        d.sections.push_back(std::move(s));
    }
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
        d.sections.push_back(std::move(s));
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
        d.sections.push_back(std::move(c));
    }
    d.sections.push_back({ T("Sign-off"), 2,
        { { K::Table, {}, { T("role"), T("name"), T("date"), T("signature") },
            { { T("Network architect"), "", "", "" }, { T("Operations"), "", "", "" }, { T("Change manager"), "", "", "" } } } } });
    if (!r.notes.empty() || !r.rollout.notes.empty()) {
        ReviewBlock l { K::List, {}, r.notes, {} };
        l.items.insert(l.items.end(), r.rollout.notes.begin(), r.rollout.notes.end());
        d.sections.push_back({ T("Notes"), 2, { l } });
    }
    return d;
}

// ------------------------------------------------------------------------------------------ picture

TopologyPicture layoutTopology(const Fabric& f, const std::set<std::string>& changed)
{
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
