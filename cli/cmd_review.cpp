// SPDX-License-Identifier: GPL-3.0-or-later
// lfp review: the change review of two revisions (docs/review.md)
#include "cli.h"

#include "render/reviewpdf.h"
#include "exporters/review.h"
#include "model/asiccatalog.h"
#include "model/errors.h"
#include "model/fileio.h"
#include "model/projectstore.h"

#include <filesystem>
#include <fmt/format.h>
#include <iostream>
#include <set>

namespace lfp::cli {
namespace {

    /// Ports with new headroom (Review::ports has one entry per lossless PG).
    std::size_t headroomPorts(const Review& r)
    {
        std::set<std::string> ports;
        for (const auto& p : r.ports)
            ports.insert(p.port);
        return ports.size();
    }

    /// The text form: the counts and the steps.
    void printSummary(const Review& r)
    {
        std::cout << fmt::format("{} → {}: {}, {}, {} with new headroom, {} with new pools, {} introduced, {} resolved\n", r.options.baseLabel, r.options.toLabel,
            countOf(r.changes.size(), "change"), countOf(r.changedDevices.size(), "device"), countOf(headroomPorts(r), "port"),
            countOf(r.switches.size(), "switch", "switches"), countOf(r.introduced.size(), "finding"), groupThousands(r.resolved.size()));
        if (r.certifyK > 0) {
            auto verdict = [](const CertificateVerdict& v) {
                return v.certificate ? std::string(v.certificate->holds ? "holds" : "does not hold") : "not analysed (" + v.note + ")";
            };
            std::cout << fmt::format("  deadlock-freedom certificate for up to {} failed link{}: before {}, after {}\n", r.certifyK, r.certifyK == 1 ? "" : "s",
                verdict(r.certificateBefore), verdict(r.certificateAfter));
        }
        for (const auto& s : r.rollout.steps)
            std::cout << fmt::format("  step {}: {}{}\n", s.step, s.label,
                s.findings.empty() ? "" : fmt::format("  RISK: {}, {}", countOf(s.findings.size(), "error finding"), countOf(s.riskyLinks, "link")));
    }

    Runner setupReview(CLI::App& app)
    {
        auto* cmd = app.add_subcommand("review", "Change review of two revisions: impact, safe rollout order, checklist (.md, .html, .pdf)");
        struct Opts {
            std::string project, output, lang = "en", vendor;
            int base = 0;
            std::optional<int> to;
            std::vector<std::string> asicDirs;
            bool json = false, noDeadlock = false, noStorm = false, noContract = false, noCertify = false;
            int certify = -1;
        };
        auto o = std::make_shared<Opts>();
        cmd->add_option("PROJECT", o->project, "Project .lfp")->required();
        cmd->add_option("--base", o->base, "Base revision (what runs today)")->required();
        cmd->add_option("--to", o->to, "New revision (default: latest)");
        cmd->add_option("-o,--output", o->output, "Checklist file: .md, .html or .pdf");
        cmd->add_option("--lang", o->lang, "Language of the checklist: en or zh_CN")->capture_default_str();
        cmd->add_option("--vendor", o->vendor, "Export target of every switch (default: from the switch's vendor, else sonic); hosts use linux");
        cmd->add_flag("--no-deadlock", o->noDeadlock, "Skip the deadlock analysis (healthy and single-failure)");
        cmd->add_flag("--no-storm", o->noStorm, "Skip the pause-storm radius before and after (lfp storm --all-hosts)");
        cmd->add_flag("--no-contract", o->noContract, "Skip the lossless contract before and after (lfp contract)");
        auto* certify = cmd->add_option("--certify", o->certify,
                                "The deadlock-freedom certificate before and after for up to K failed links, K = 1..3 (lfp deadlock --certify K); "
                                "default: K = 1 when the change touches routing, lossless priorities or links")
                            ->check(CLI::Range(1, 3));
        cmd->add_flag("--no-certify", o->noCertify, "Skip the deadlock-freedom certificate")->excludes(certify);
        cmd->add_option("--asic-dir", o->asicDirs, "Extra directory of ASIC profiles (*.json); may be repeated");
        addJsonFlag(cmd, o->json);
        cmd->footer("Exit status: 0 ok, 1 the new revision introduces an error finding, an analysis covered nothing or no rollout order avoids a risk, "
                    "2 usage or input error or an export the target refuses.");
        return [o]() {
            if (!ProjectStore::looksLikeProject(o->project))
                throw InputError(SourceLocation { o->project, 0, 0, {} }, "found a fabric .json, expected a .lfp project (a review compares two revisions)");
            if (o->output.empty() && !o->json)
                throw InputError(SourceLocation { {}, 0, 0, "-o" }, "give -o FILE.md|.html|.pdf, or --json");
            std::string ext;
            if (!o->output.empty()) {
                ext = std::filesystem::path(o->output).extension().string();
                if (ext != ".md" && ext != ".html" && ext != ".pdf")
                    throw InputError(SourceLocation { {}, 0, 0, "-o" }, fmt::format("found \"{}\", expected a file ending in .md, .html or .pdf", o->output));
            }
            if (o->lang != "en" && o->lang != "zh_CN")
                throw InputError(SourceLocation { {}, 0, 0, "--lang" }, fmt::format("found \"{}\", expected en or zh_CN", o->lang));
            ConsoleFeedback fb;
            const auto base = loadFabricFileWithRevision(o->project, o->base);
            const auto to = loadFabricFileWithRevision(o->project, o->to);
            AsicCatalog catalog = AsicCatalog::loadDefault();
            for (const auto& dir : o->asicDirs)
                catalog.loadDirectory(dir, "--asic-dir");
            ReviewOptions ro;
            ro.vendor = o->vendor;
            ro.deadlock = !o->noDeadlock;
            ro.storm = !o->noStorm;
            ro.contract = !o->noContract;
            ro.certify = o->noCertify ? 0 : o->certify;
            ro.project = std::filesystem::path(o->project).filename().string();
            ro.baseLabel = fmt::format("revision {}", base.revision.value_or(o->base));
            ro.toLabel = fmt::format("revision {}", to.revision.value_or(0));
            const Review r = computeReview(base.fabric, to.fabric, catalog, ro, &fb);
            if (!o->output.empty()) {
                const ReviewDocument doc = buildReviewDocument(r, o->lang);
                const TopologyPicture pic = layoutTopology(r.after, r.changedDevices);
                if (ext == ".md")
                    writeFileAtomically(o->output, renderReviewMarkdown(doc));
                else if (ext == ".html")
                    writeFileAtomically(o->output, renderReviewHtml(doc, pic));
                else
                    writeReviewPdf(doc, pic, o->output);
            }
            if (o->json) {
                printJson(reviewToJson(r));
            } else {
                printSummary(r);
                if (!o->output.empty())
                    std::cout << fmt::format("wrote {}\n", o->output);
            }
            // Honest status (docs/review.md): every reason is in the checklist's banner and the JSON's
            // "blocking"; a refused export, exit 2, also on stderr as the CLI's input errors are.
            if (!r.refused.empty()) {
                for (const auto& x : r.refused)
                    std::cerr << "lfp review: " << x << "\n";
                return kExitUsage;
            }
            return r.blocking.empty() ? kExitOk : kExitFindings;
        };
    }
    LFP_REGISTER_COMMAND(14, setupReview);

} // namespace
} // namespace lfp::cli
