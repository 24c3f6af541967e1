// SPDX-License-Identifier: GPL-3.0-or-later
// The review's before/after of two fabric-wide analyses (review.h): the pause-storm radius of the
// worst host (planner/checks/storm.h, issue 34) and the lossless contract per class
// (planner/checks/contract.h, issue 33), each the same analysis as `lfp storm --all-hosts` and
// `lfp contract`, in the JSON and in the checklist's Impact section.
#include "exporters/review.h"

#include "model/counttext.h"
#include "model/errors.h"
#include "model/fabricindex.h"
#include "planner/checks/contract.h"
#include "planner/checks/contractsets.h"
#include "planner/checks/storm.h"

#include <fmt/format.h>

#include <unordered_map>

namespace lfp {

namespace {
    using json = nlohmann::json;

    std::string count(std::size_t n) { return groupThousands(static_cast<std::int64_t>(n)); }

    std::size_t hostCount(const Fabric& f)
    {
        std::size_t n = 0;
        for (const auto& node : f.nodes)
            n += !node.isSwitch();
        return n;
    }

    std::string tooLarge(const Fabric& f, const char* command)
    {
        return fmt::format("not analysed: {} hosts (above {}); run {}", count(hostCount(f)), count(kReviewAnalysisHosts), command);
    }

    const std::unordered_map<std::string, std::string>& zhTable()
    {
        static const std::unordered_map<std::string, std::string> t {
            { "Pause-storm radius (the worst host as storm source)", "PFC 风暴影响范围（以最坏主机为风暴源）" },
            { "worst source", "最坏风暴源" },
            { "paused ports", "被暂停端口" },
            { "paused hosts", "被暂停主机" },
            { "longest freeze", "最长冻结" },
            { "until the storm ends", "直至风暴结束" },
            { "paused switch ports without a watchdog that acts", "没有会生效看门狗的被暂停交换机端口" },
            { "Lossless contract per class", "各类别的无损契约" },
            { "class", "类别" },
            { "direction", "方向" },
            { "data", "数据" },
            { "cnp", "CNP" },
            { "ack", "ACK/NAK" },
            { "forward", "正向" },
            { "reverse", "反向" },
            { "holds", "成立" },
            { "broken", "被破坏" },
            { "carries no traffic", "不承载流量" },
            { "paths", "路径" },
            { "absent", "无" },
        };
        return t;
    }

    std::string tr(const std::string& lang, const std::string& english) { return reviewText(lang, english, zhTable()); }
} // namespace

StormVerdict reviewStormOf(const Fabric& f, const AsicCatalog& catalog, const ReviewOptions& o, Feedback* fb)
{
    StormVerdict v;
    if (!o.storm) {
        v.note = "not analysed (--no-storm)";
        return v;
    }
    if (hostCount(f) > kReviewAnalysisHosts) {
        v.note = tooLarge(f, "lfp storm --all-hosts");
        return v;
    }
    try {
        AsicCatalog cat = catalog;
        cat.mergeProject(f);
        StormOptions so;
        so.allHosts = true;
        so.detailLimit = 0;
        const StormReport rep = analyseStorms(f, cat, so, fb);
        v.analysed = true;
        v.sources = rep.sources.size();
        if (!rep.sources.empty()) {
            const StormSource& s = rep.sources.front(); // worst first
            v.worstSource = s.source;
            v.priority = s.priority;
            v.paused = s.pausedCount;
            v.hosts = s.hostCount;
            v.unwatched = s.unwatchedCount;
            v.frozenMsMax = s.frozenMsMax;
        } else if (!rep.notes.empty())
            v.note = rep.notes.front();
    } catch (const Cancelled&) {
        throw;
    } catch (const std::exception& e) {
        v.note = e.what();
    }
    return v;
}

ContractVerdict reviewContractOf(const Fabric& f, const ReviewOptions& o, Feedback* fb)
{
    ContractVerdict v;
    if (!o.contract) {
        v.note = "not analysed (--no-contract)";
        return v;
    }
    if (hostCount(f) > kReviewAnalysisHosts) {
        v.note = tooLarge(f, "lfp contract");
        return v;
    }
    try {
        const ContractResult res = checkContractWithSets(f, builtinContractSets(), {}, fb); // as lfp contract
        v.analysed = true;
        v.profile = res.profile;
        v.classes = res.classes;
        v.breaks = res.findings.size();
        v.broken = res.broken();
    } catch (const Cancelled&) {
        throw;
    } catch (const std::exception& e) {
        v.note = e.what();
    }
    return v;
}

json stormVerdictJson(const StormVerdict& v)
{
    if (!v.analysed)
        return { { "analysed", false }, { "note", v.note } };
    return { { "analysed", true }, { "sources", v.sources }, { "worst_source", v.worstSource.empty() ? json(nullptr) : json(v.worstSource) },
        { "priority", v.priority }, { "paused", v.paused }, { "hosts", v.hosts }, { "unwatched", v.unwatched },
        { "frozen_ms_max", v.frozenMsMax ? json(*v.frozenMsMax) : json(nullptr) }, { "note", v.note } };
}

json contractVerdictJson(const ContractVerdict& v)
{
    if (!v.analysed)
        return { { "analysed", false }, { "note", v.note } };
    json classes = json::array();
    for (const auto& c : v.classes)
        classes.push_back({ { "class", toString(c.cls) }, { "direction", toString(c.direction) }, { "paths", c.paths }, { "holds", c.holds },
            { "carries_traffic", c.carriesTraffic } });
    return { { "analysed", true }, { "profile", v.profile }, { "classes", classes }, { "breaks", v.breaks }, { "broken", v.broken } };
}

namespace {
    std::string stormCell(const StormVerdict& v, const std::string& lang, int row)
    {
        if (!v.analysed)
            return row == 0 ? tr(lang, v.note.empty() ? "not analysed" : v.note) : "—";
        if (v.worstSource.empty())
            return row == 0 ? v.note : "—";
        switch (row) {
        case 0:
            return fmt::format("{} ({} {})", v.worstSource, tr(lang, "priority"), v.priority);
        case 1:
            return count(v.paused);
        case 2:
            return count(v.hosts);
        case 3:
            return v.frozenMsMax ? fmt::format("{:g} ms", *v.frozenMsMax) : tr(lang, "until the storm ends");
        default:
            return count(v.unwatched);
        }
    }

    std::string contractCell(const ContractVerdict& v, const ContractCertificate* c, const std::string& lang)
    {
        if (!v.analysed)
            return tr(lang, v.note.empty() ? "not analysed" : v.note);
        if (!c)
            return tr(lang, "absent");
        if (!c->carriesTraffic)
            return tr(lang, "carries no traffic");
        return fmt::format("{} ({} {})", tr(lang, c->holds ? "holds" : "broken"), count(c->paths), tr(lang, "paths"));
    }

    const ContractCertificate* findClass(const ContractVerdict& v, ContractClass cls, ContractDirection dir)
    {
        for (const auto& c : v.classes)
            if (c.cls == cls && c.direction == dir)
                return &c;
        return nullptr;
    }
} // namespace

void appendReviewAnalyses(const Review& r, const std::string& lang, std::vector<ReviewBlock>& blocks)
{
    using K = ReviewBlock::Kind;
    blocks.push_back({ K::Paragraph, tr(lang, "Pause-storm radius (the worst host as storm source)"), {}, {} });
    ReviewBlock storm { K::Table, {}, { tr(lang, "figure"), tr(lang, "before"), tr(lang, "after") }, {} };
    const char* rows[] = { "worst source", "paused ports", "paused hosts", "longest freeze", "paused switch ports without a watchdog that acts" };
    for (int i = 0; i < 5; ++i)
        storm.rows.push_back({ tr(lang, rows[i]), stormCell(r.stormBefore, lang, i), stormCell(r.stormAfter, lang, i) });
    blocks.push_back(std::move(storm));

    blocks.push_back({ K::Paragraph, tr(lang, "Lossless contract per class"), {}, {} });
    ReviewBlock contract { K::Table, {}, { tr(lang, "class"), tr(lang, "direction"), tr(lang, "before"), tr(lang, "after") }, {} };
    std::vector<std::pair<ContractClass, ContractDirection>> keys;
    for (const auto* v : { &r.contractBefore, &r.contractAfter })
        for (const auto& c : v->classes)
            if (std::find(keys.begin(), keys.end(), std::pair { c.cls, c.direction }) == keys.end())
                keys.emplace_back(c.cls, c.direction);
    for (const auto& [cls, dir] : keys)
        contract.rows.push_back({ tr(lang, toString(cls)), tr(lang, toString(dir)), contractCell(r.contractBefore, findClass(r.contractBefore, cls, dir), lang),
            contractCell(r.contractAfter, findClass(r.contractAfter, cls, dir), lang) });
    if (keys.empty())
        contract.rows.push_back({ "—", "—", contractCell(r.contractBefore, nullptr, lang), contractCell(r.contractAfter, nullptr, lang) });
    blocks.push_back(std::move(contract));
}

} // namespace lfp
