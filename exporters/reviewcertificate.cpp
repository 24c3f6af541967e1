// SPDX-License-Identifier: GPL-3.0-or-later
// The review's deadlock-freedom certificate before and after (review.h; issue 35): when the change
// touches routing, lossless priorities or links, the certificate of `lfp deadlock --certify K` for both
// revisions, in the JSON (`impact.certificate`, the same object as the deadlock command's) and in the
// checklist's Impact section (docs/review.md).
#include "exporters/review.h"

#include "model/counttext.h"
#include "planner/routing/certificatejson.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <unordered_map>

namespace lfp {

namespace {
    using json = nlohmann::json;

    const std::unordered_map<std::string, std::string>& zhTable()
    {
        static const std::unordered_map<std::string, std::string> t {
            { "Deadlock-freedom certificate", "无死锁证书" },
            { "failed links at most", "最多失效链路数" },
            { "result", "结果" },
            { "holds", "成立" },
            { "does not hold", "不成立" },
            { "failure sets", "失效集合" },
            { "symmetry classes analysed", "分析的对称类" },
            { "failing sets", "导致环路的失效集合" },
            { "smallest failing set", "最小的导致环路的失效集合" },
            { "the healthy fabric already has a cycle", "健康网络已有环路" },
            { "none", "无" },
            { "not analysed", "未分析" },
            { "why", "原因" },
            { "figure", "指标" },
            { "before", "变更前" },
            { "after", "变更后" },
            { "The change touches routing, lossless priorities or links: no set of up to {} failed links may create a cyclic buffer dependency "
              "(lfp deadlock --certify {}).",
                "此变更涉及路由、无损优先级或链路：任何不超过 {} 条链路的失效组合都不得产生循环缓冲区依赖（lfp deadlock --certify {}）。" },
            { "Certified on request for up to {} failed links (lfp deadlock --certify {}).", "按要求对最多 {} 条失效链路进行认证（lfp deadlock --certify {}）。" },
            { "The certificate held before and does not hold after the change.", "证书在变更前成立，变更后不成立。" },
            { "devices added or removed", "增加或删除的设备" },
            { "device role changed (routing tiers)", "设备角色变更（路由层级）" },
            { "links added or removed", "增加或删除的链路" },
            { "lossless priorities changed in policy", "策略中的无损优先级变更" },
            { "policy bindings or port overrides changed", "策略绑定或端口覆盖变更" },
        };
        return t;
    }

    std::string tr(const std::string& lang, const std::string& english) { return reviewText(lang, english, zhTable()); }

    std::size_t hosts(const Fabric& f)
    {
        std::size_t n = 0;
        for (const auto& node : f.nodes)
            n += !node.isSwitch();
        return n;
    }

    CertificateVerdict certificateOf(const Fabric& f, int k, Feedback* fb)
    {
        CertificateVerdict v;
        if (hosts(f) > kReviewAnalysisHosts) {
            v.note = fmt::format("not analysed: {} hosts (above {}); run lfp deadlock --certify {}", groupThousands(static_cast<std::int64_t>(hosts(f))),
                groupThousands(static_cast<std::int64_t>(kReviewAnalysisHosts)), k);
            return v;
        }
        try {
            DeadlockJob job; // ECMP, every lossless priority, links (lfp deadlock --certify K --no-fixes)
            job.fixes = false;
            job.certify = k;
            const DeadlockOutcome res = runDeadlockJob(job, f, fb);
            v.analysed = res.certificate.has_value();
            v.certificate = res.certificate;
            if (!v.analysed)
                v.note = "no certificate: the analysis covered nothing";
        } catch (const Cancelled&) {
            throw;
        } catch (const std::exception& e) {
            v.note = e.what();
        }
        return v;
    }

    bool hasField(const ObjectChange& c, const std::string& field)
    {
        return std::any_of(c.fields.begin(), c.fields.end(), [&](const FieldChange& f) { return f.field == field || f.field.rfind(field + "/", 0) == 0; });
    }
} // namespace

namespace {
    /// The phrases of reviewCertificateTrigger in @p lang.
    std::vector<std::string> triggerPhrases(const std::vector<ObjectChange>& changes, const std::string& lang)
    {
        std::vector<std::string> nodes, roles, links, lossless, bindings;
        for (const auto& c : changes) {
            const bool addRemove = c.kind != ObjectChange::Kind::Changed;
            if (c.objectType == "node" && addRemove)
                nodes.push_back(c.id);
            else if (c.objectType == "node" && hasField(c, "role"))
                roles.push_back(c.id);
            else if (c.objectType == "link" && addRemove)
                links.push_back(c.id);
            else if (c.objectType == "policy" && !addRemove && hasField(c, "lossless"))
                lossless.push_back(c.id);
            else if (c.objectType == "binding" || c.objectType == "override")
                bindings.push_back(c.id);
        }
        std::vector<std::string> out;
        auto add = [&](const char* what, const std::vector<std::string>& ids) {
            if (!ids.empty())
                out.push_back(fmt::format("{}: {}", tr(lang, what), reviewNameRanges(ids, 8)));
        };
        add("devices added or removed", nodes);
        add("device role changed (routing tiers)", roles);
        add("links added or removed", links);
        add("lossless priorities changed in policy", lossless);
        add("policy bindings or port overrides changed", bindings);
        return out;
    }
} // namespace

std::vector<std::string> reviewCertificateTrigger(const std::vector<ObjectChange>& changes) { return triggerPhrases(changes, "en"); }

void reviewCertificates(Review& r, Feedback* fb)
{
    const int asked = r.options.certify;
    const auto trigger = reviewCertificateTrigger(r.changes);
    if (asked == 0 || (asked < 0 && trigger.empty())) {
        r.certifyReason = asked == 0 ? "not computed (--no-certify)" : "not computed: the change touches no routing, lossless priority or link (--certify K forces it)";
        r.certificateBefore.note = r.certificateAfter.note = r.certifyReason;
        return;
    }
    r.certifyK = asked < 0 ? 1 : std::clamp(asked, 1, 3);
    r.certifyReason = trigger.empty() ? fmt::format("--certify {}", r.certifyK) : fmt::format("{}", fmt::join(trigger, "; "));
    if (fb)
        fb->setMessage("review: deadlock-freedom certificate");
    r.certificateBefore = certificateOf(r.before, r.certifyK, fb);
    r.certificateAfter = certificateOf(r.after, r.certifyK, fb);
}

json certificateVerdictsJson(const Review& r)
{
    auto side = [](const CertificateVerdict& v) { return v.analysed && v.certificate ? certificateJson(*v.certificate) : json(nullptr); };
    json j { { "k", r.certifyK ? json(r.certifyK) : json(nullptr) }, { "reason", r.certifyReason }, { "before", side(r.certificateBefore) },
        { "after", side(r.certificateAfter) } };
    if (!r.certificateBefore.note.empty())
        j["before_note"] = r.certificateBefore.note;
    if (!r.certificateAfter.note.empty())
        j["after_note"] = r.certificateAfter.note;
    return j;
}

namespace {
    std::string certCell(const CertificateVerdict& v, const std::string& lang, int row)
    {
        if (!v.analysed || !v.certificate)
            return row == 0 ? tr(lang, v.note.empty() ? "not analysed" : v.note) : "—";
        const DeadlockCertificate& c = *v.certificate;
        switch (row) {
        case 0:
            return tr(lang, c.holds ? "holds" : "does not hold");
        case 1:
            return groupThousands(static_cast<std::int64_t>(c.setsTotal));
        case 2:
            return groupThousands(static_cast<std::int64_t>(c.setsAnalysed));
        case 3:
            return groupThousands(static_cast<std::int64_t>(c.failingSets));
        default:
            if (c.healthyCycle)
                return tr(lang, "the healthy fabric already has a cycle");
            if (c.failing.empty())
                return tr(lang, "none");
            return fmt::format("{}", fmt::join(c.failureModel == "switches" ? c.failing.front().switches : c.failing.front().linkNames, " + "));
        }
    }
} // namespace

void appendReviewCertificate(const Review& r, const std::string& lang, std::vector<ReviewBlock>& blocks)
{
    using K = ReviewBlock::Kind;
    if (!r.certifyK)
        return; // not computed: the JSON says why (impact.certificate.reason)
    blocks.push_back({ K::Paragraph, tr(lang, "Deadlock-freedom certificate"), {}, {} });
    const auto trigger = triggerPhrases(r.changes, lang);
    const bool forced = trigger.empty(); // --certify K without a change that asks for it
    const std::string intro = forced ? tr(lang, "Certified on request for up to {} failed links (lfp deadlock --certify {}).")
                                    : tr(lang, "The change touches routing, lossless priorities or links: no set of up to {} failed links may create a cyclic buffer "
                                               "dependency (lfp deadlock --certify {}).");
    std::string text = fmt::format(fmt::runtime(intro), r.certifyK, r.certifyK);
    if (!forced)
        text += fmt::format(" {}.", fmt::join(trigger, "; "));
    const auto& b = r.certificateBefore;
    const auto& a = r.certificateAfter;
    if (b.certificate && a.certificate && b.certificate->holds && !a.certificate->holds)
        text += " " + tr(lang, "The certificate held before and does not hold after the change.");
    blocks.push_back({ K::Paragraph, text, {}, {} });
    ReviewBlock t { K::Table, {}, { tr(lang, "figure"), tr(lang, "before"), tr(lang, "after") }, {} };
    const char* rows[] = { "result", "failure sets", "symmetry classes analysed", "failing sets", "smallest failing set" };
    for (int i = 0; i < 5; ++i)
        t.rows.push_back({ tr(lang, rows[i]), certCell(b, lang, i), certCell(a, lang, i) });
    blocks.push_back(std::move(t));
}

} // namespace lfp
