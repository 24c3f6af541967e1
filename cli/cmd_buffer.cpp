// SPDX-License-Identifier: GPL-3.0-or-later
// lfp headroom | budget | template | asics | ecn
#include "cli.h"

#include "model/errors.h"
#include "model/fileio.h"
#include "model/fabricjson.h"
#include "planner/findings/reportjson.h"
#include "model/projectstore.h"
#include "model/asiccatalog.h"
#include "planner/buffer/budget.h"
#include "planner/buffer/bufferfit.h"
#include "planner/checks/checks.h"
#include "planner/checks/ecn.h"
#include "model/generators.h"
#include "planner/buffer/headroom.h"
#include "exporters/templates.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <fstream>
#include <iostream>

namespace lfp::cli {
namespace {

    AsicCatalog loadCatalog(const std::vector<std::string>& extraDirs)
    {
        AsicCatalog c = AsicCatalog::loadDefault();
        for (const auto& d : extraDirs)
            c.loadDirectory(d, "--asic-dir");
        return c;
    }

    const AsicProfile& requireAsic(const AsicCatalog& c, const std::string& id)
    {
        if (const auto* a = c.find(id))
            return *a;
        // "tomahawk5" for "tomahawk-5": ids compared ignoring case, '-', '_' and spaces (issue 31's
        // `lfp headroom --asic tomahawk5`), when exactly one profile matches.
        auto norm = [](std::string_view s) {
            std::string out;
            for (const char ch : s)
                if (ch != '-' && ch != '_' && ch != ' ')
                    out.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(ch))));
            return out;
        };
        const AsicProfile* loose = nullptr;
        int matches = 0;
        for (const auto& a : c.all())
            if (norm(a.id) == norm(id)) {
                loose = &a;
                ++matches;
            }
        if (matches == 1)
            return *loose;
        std::string ids;
        for (const auto& a : c.all())
            ids += (ids.empty() ? "" : ", ") + a.id;
        throw InputError(SourceLocation { {}, 0, 0, "--asic" },
            fmt::format("unknown ASIC profile \"{}\", expected one of: {}", id, ids.empty() ? "(the catalogue is empty: set LFP_ASIC_DIR)" : ids));
    }

    /// --sku must name one of the ASIC's published tables (exactly, or ignoring case, spaces, '-' and
    /// '_'): an unknown SKU is an input error listing the known ones, never a silent default (issue 31).
    void requireSku(const AsicProfile& asic, const std::string& sku)
    {
        if (sku.empty() || pgLookupTableMatching(asic, sku))
            return;
        std::vector<std::string> skus;
        for (const auto& t : asic.pgLookup)
            skus.push_back(t.sku);
        throw InputError(SourceLocation { {}, 0, 0, "--sku" },
            skus.empty() ? fmt::format("found \"{}\", but the ASIC profile {} publishes no SKU lookup table (pg_lookup): omit --sku", sku, asic.id)
                         : fmt::format("found \"{}\", expected a SKU of the ASIC profile {}: {}", sku, asic.id, fmt::join(skus, ", ")));
    }

    std::vector<std::string> splitList(const std::string& s)
    {
        std::vector<std::string> out;
        std::size_t pos = 0;
        while (pos <= s.size()) {
            const auto next = s.find(',', pos);
            std::string item = s.substr(pos, next == std::string::npos ? std::string::npos : next - pos);
            if (!item.empty())
                out.push_back(item);
            if (next == std::string::npos)
                break;
            pos = next + 1;
        }
        return out;
    }

    Bytes parseMtu(const std::string& text, const char* option)
    {
        Bytes b;
        try {
            b = parseBytes(text);
        } catch (const UnitError& e) {
            throw InputError(SourceLocation { {}, 0, 0, option }, e.what());
        }
        if (b.value() < 64 || b.value() > 65535)
            throw InputError(SourceLocation { {}, 0, 0, option }, fmt::format("found {}, expected an MTU of 64..65535 bytes", b.value()));
        return b;
    }

    std::string numberText(double v)
    {
        if (v == std::floor(v) && std::abs(v) < 1e15)
            return groupThousands(static_cast<long long>(v));
        return fmt::format("{:.4f}", v);
    }

    // ------------------------------------------------------------------------------- headroom

    struct HeadroomOpts {
        std::string asic, speed, cable, mtu = "9100", losslessMtu = "1024", gearbox = "0ns", release = "head", sku;
        int smallPackets = 50;
        std::optional<int> lanes;
        double shpRatio = 0;
        std::vector<std::string> asicDirs;
        bool json = false;
    };

    Runner setupHeadroom(CLI::App& app)
    {
        auto* cmd = app.add_subcommand("headroom", "PFC headroom (xon, xoff, size) of one lossless PG, every term explained");
        auto o = std::make_shared<HeadroomOpts>();
        cmd->add_option("--asic", o->asic, "ASIC profile id (see `lfp asics`)")->required();
        cmd->add_option("--speed", o->speed, "Port speed, e.g. 100G")->required();
        cmd->add_option("--cable", o->cable, "Cable length, e.g. 40m")->required();
        cmd->add_option("--mtu", o->mtu, "Port MTU in bytes")->capture_default_str();
        cmd->add_option("--lossless-mtu", o->losslessMtu, "MTU of the lossless (RDMA) traffic")->capture_default_str();
        cmd->add_option("--small-packets", o->smallPackets, "Small-packet percentage (SONiC small_packet_percentage)")->capture_default_str()->check(CLI::Range(0, 100));
        cmd->add_option("--lanes", o->lanes, "Lanes of the port (default: from the ASIC's SerDes rate; 8 doubles xon)")->check(CLI::Range(1, 16));
        cmd->add_option("--gearbox", o->gearbox, "Gearbox / retimer delay, e.g. 400ns")->capture_default_str();
        cmd->add_option("--shared-headroom-ratio", o->shpRatio, "Shared headroom pool over-subscription ratio (0 = off)")->capture_default_str()->check(CLI::NonNegativeNumber);
        cmd->add_option("--sonic-release", o->release, "SONiC buffer_headroom_mellanox.lua to follow: legacy, pr3235, pr4757, head")->capture_default_str();
        cmd->add_option("--sku", o->sku, "SONiC HWSKU whose published lookup table to use (one of the profile's pg_lookup SKUs; default: the first; an unknown SKU exits 2)");
        cmd->add_option("--asic-dir", o->asicDirs, "Extra directory of ASIC profile JSON files");
        addJsonFlag(cmd, o->json);
        return [o]() {
            const AsicCatalog cat = loadCatalog(o->asicDirs);
            const AsicProfile& asic = requireAsic(cat, o->asic);
            requireSku(asic, o->sku);
            HeadroomInput in;
            in.sku = o->sku;
            in.speed = parseSpeed(o->speed);
            in.cable = parseLength(o->cable);
            in.portMtu = parseMtu(o->mtu, "--mtu");
            in.losslessMtu = parseMtu(o->losslessMtu, "--lossless-mtu");
            in.smallPacketPercentage = o->smallPackets;
            in.lanes = o->lanes ? *o->lanes : lanesFor(in.speed, asic.id);
            in.gearboxDelay = parseDuration(o->gearbox);
            in.sharedHeadroomRatio = o->shpRatio;
            in.release = sonicReleaseFromString(o->release);
            const HeadroomResult r = computeHeadroom(asic, in);
            if (o->json) {
                nlohmann::json j { { "asic", asic.id }, { "asic_name", asic.name }, { "model", r.model }, { "version", r.version },
                    { "inputs",
                        { { "speed", formatSpeed(in.speed) }, { "speed_mbps", jsonNumber(toMbps(in.speed)) }, { "cable_m", jsonNumber(in.cable.value()) }, { "port_mtu", in.portMtu.value() },
                            { "lossless_mtu", in.losslessMtu.value() }, { "small_packet_percentage", in.smallPacketPercentage }, { "lanes", in.lanes },
                            { "gearbox_ns", jsonNumber(static_cast<double>(in.gearboxDelay.value())) }, { "shared_headroom_ratio", jsonNumber(in.sharedHeadroomRatio) },
                            { "sonic_release", toString(in.release) } } },
                    { "xon", r.xon.value() }, { "xoff", r.xoff.value() }, { "size", r.size.value() },
                    { "shared_headroom_pool", r.sharedHeadroomPool }, { "dynamic_th", r.dynamicTh }, { "terms", headroomTermsToJson(r) } };
                if (r.xonOffset)
                    j["xon_offset"] = r.xonOffset->value();
                printJson(j);
                return kExitOk;
            }
            std::cout << fmt::format("{} ({}), headroom model \"{}\"\n", asic.id, asic.name, r.model);
            std::cout << fmt::format("follows: {}\n", r.version);
            std::cout << fmt::format("inputs:  {} port, {} cable, port MTU {}, {}, lossless MTU {}, small packets {} %, gearbox {}, shared headroom pool {}\n\n",
                formatSpeed(in.speed), formatLength(in.cable), in.portMtu.value(),
                r.model == "spectrum" ? fmt::format("{} lanes", in.lanes) : std::string("lanes not used by this model"), in.losslessMtu.value(), in.smallPacketPercentage,
                formatDuration(in.gearboxDelay), in.sharedHeadroomRatio > 0 ? fmt::format("on (ratio {})", in.sharedHeadroomRatio) : std::string("off"));
            std::string lastSource;
            for (const auto& t : r.terms) {
                std::cout << fmt::format("  {:<24} {:>14} {:<7} {}\n", t.name, numberText(t.value), t.unit, t.formula);
                if (t.source != lastSource) {
                    std::cout << fmt::format("  {:<24} {:>14} {:<7} source: {}\n", "", "", "", t.source);
                    lastSource = t.source;
                }
            }
            std::cout << fmt::format("\nxon   {:>9} B\nxoff  {:>9} B\nsize  {:>9} B{}\n", groupThousands(r.xon.value()), groupThousands(r.xoff.value()),
                groupThousands(r.size.value()),
                r.sharedHeadroomPool ? "  (reserved per PG; xoff is charged to the shared headroom pool)" : "  (reserved per PG)");
            if (r.xonOffset)
                std::cout << fmt::format("xon_offset {} B\n", groupThousands(r.xonOffset->value()));
            return kExitOk;
        };
    }
    LFP_REGISTER_COMMAND(30, setupHeadroom);

    // ------------------------------------------------------------------------------- budget

    void printBudget(const SwitchBudget& b, const AsicProfile& asic)
    {
        std::cout << fmt::format("{}  ASIC {} ({}), model {}, {}\n", b.switchName, asic.id, asic.name, b.model, countOf(b.activePorts, "active port"));
        std::cout << fmt::format("  total buffer {:>14}{}\n", b.totalKnown ? fmt::format("{} B", groupThousands(b.total.value())) : std::string("unknown"),
            b.totalKnown ? fmt::format("  ({})", formatBytesHuman(b.total)) : std::string());
        std::cout << fmt::format("  {:<22} {:<48} {:>10} {:>7} {:>13}\n", "category", "name", "per unit", "count", "total B");
        for (const auto& l : b.lines)
            std::cout << fmt::format("  {:<22} {:<48} {:>10} {:>7} {:>13}\n", l.category, l.name, groupThousands(l.perUnit.value()), groupThousands(l.count),
                groupThousands(l.total.value()));
        std::cout << "  pools:\n";
        for (const auto& p : b.pools)
            std::cout << fmt::format("    {:<24} {:<8} {:>13} B{}{}\n", p.name, toString(p.direction), groupThousands(p.size.value()),
                p.xoff ? fmt::format("  xoff (shared headroom) {} B", groupThousands(p.xoff->value())) : std::string(), p.configured ? "  (configured)" : "");
        std::cout << fmt::format("  dynamic threshold: dynamic_th {} (alpha {}); one congested lossless PG may take {} B, each of {} under incast {} B\n",
            b.dynamicTh, alphaFromDynamicTh(b.dynamicTh), groupThousands(b.dtShareOne.value()), [&] {
                int n = 0;
                for (const auto& p : b.ports)
                    n += p.losslessPgs;
                return std::max(n, 1);
            }(),
            groupThousands(b.dtShareAll.value()));
        // Distinct lossless profiles with the formula version once.
        for (const auto& p : b.ports)
            if (p.headroom) {
                std::cout << fmt::format("  headroom follows {}\n", p.headroom->version);
                break;
            }
    }

    void printFindings(const std::vector<Finding>& findings)
    {
        for (const auto& x : findings) {
            std::cout << fmt::format("{}: {} [{}] {}\n", toString(x.severity), x.code, fmt::join(x.objects, ", "), x.message);
            for (const auto& e : x.evidence)
                std::cout << fmt::format("    {} = {} {}{}\n", e.name, numberText(e.value), e.unit, e.note.empty() ? "" : "  (" + e.note + ")");
            if (!x.fix.empty())
                std::cout << "    fix: " << x.fix << '\n';
        }
    }

    /// The budget (and buffer-fit proof) of each switch (or only @p only): printed, or as JSON.
    nlohmann::json budgetSwitches(const Fabric& f, const AsicCatalog& cat, const std::string& only, bool json)
    {
        const BudgetContext ctx(f);
        HeadroomCache cache;
        nlohmann::json switches = nlohmann::json::array();
        for (std::size_t i = 0; i < f.nodes.size(); ++i) {
            const Node& n = f.nodes[i];
            const AsicProfile* asic = n.isSwitch() && (only.empty() || n.name == only) ? cat.find(n.asic) : nullptr;
            if (!asic)
                continue; // a host, another switch, or an unknown ASIC (reported as a finding)
            SwitchBudget b;
            std::optional<BufferFitProof> fit;
            try {
                b = computeBudget(ctx, i, *asic, &cache);
                if (b.totalKnown)
                    fit = proveSwitchFit(ctx, i, *asic, &cache);
            } catch (const std::exception&) {
                if (b.switchName.empty())
                    continue; // reported as a finding
                // else: the worst case has a port without a headroom model, reported by the checks
            }
            if (json) {
                nlohmann::json bj = budgetToJson(b);
                if (fit)
                    bj["fit"] = bufferFitToJson(*fit);
                switches.push_back(std::move(bj));
            } else {
                printBudget(b, *asic);
                if (fit)
                    std::cout << bufferFitText(*fit);
                std::cout << '\n';
            }
        }
        return switches;
    }

    /// `lfp budget config_db.json|buffers_defaults_*.j2 --asic ID`: the buffer-fit proof of the file's pools.
    int budgetOfSonicFile(const std::string& file, const std::string& text, const std::string& asicId, const std::vector<std::string>& asicDirs, bool json)
    {
        if (asicId.empty())
            throw InputError(SourceLocation { file, 0, 0, "--asic" }, "found a SONiC buffer file without --asic, expected --asic ID (see `lfp asics`) to prove its pools against");
        const AsicCatalog cat = loadCatalog(asicDirs);
        const AsicProfile& asic = requireAsic(cat, asicId);
        const SonicBufferFile sb = readSonicBufferFile(file, text);
        const BufferFitProof proof = proveFileFit(sb, asic);
        std::vector<Finding> findings;
        if (!proof.fits())
            findings.push_back(bufferFitFinding(proof, { ObjectRef::forText(file) }));
        const auto sum = summarize(findings);
        if (json) {
            nlohmann::json fj = nlohmann::json::array();
            for (const auto& x : findings)
                fj.push_back(findingToJson(x));
            printJson({ { "file", file }, { "kind", sb.kind }, { "asic", asic.id }, { "fit", bufferFitToJson(proof) }, { "findings", fj },
                { "summary", { { "errors", sum.errors }, { "warnings", sum.warnings }, { "infos", sum.infos } } } });
        } else {
            std::cout << fmt::format("{}  SONiC {} on ASIC {} ({})\n", file, sb.kind, asic.id, asic.name) << bufferFitText(proof) << '\n';
            printFindings(findings);
            std::cout << fmt::format("{}, {}, {}\n", countOf(sum.errors, "error"), countOf(sum.warnings, "warning"), countOf(sum.infos, "note"));
        }
        return sum.errors > 0 ? kExitFindings : kExitOk;
    }

    Runner setupBudget(CLI::App& app)
    {
        auto* cmd = app.add_subcommand("budget", "Buffer budget of each switch: reservations, shared headroom pool, shared pools; buffer findings");
        struct Opts {
            std::string file;
            std::string sw;
            std::string asic;
            std::optional<int> revision;
            std::vector<std::string> asicDirs;
            bool json = false;
        };
        auto o = std::make_shared<Opts>();
        cmd->add_option("FILE", o->file, "Fabric .json, project .lfp, or a SONiC config_db.json / buffers_defaults_*.j2 (with --asic): the buffer-fit proof of its pools")->required();
        cmd->add_option("--asic", o->asic, "ASIC profile of a SONiC config_db.json / buffers_defaults_*.j2 (see `lfp asics`)");
        cmd->add_option("--switch", o->sw, "Only this switch");
        cmd->add_option("--revision,-r", o->revision, "Revision of a .lfp project (default: latest)");
        cmd->add_option("--asic-dir", o->asicDirs, "Extra directory of ASIC profile JSON files");
        addJsonFlag(cmd, o->json);
        return [o]() {
            if (o->file.size() < 4 || o->file.compare(o->file.size() - 4, 4, ".lfp") != 0) {
                const std::string text = readWholeFile(o->file);
                if (looksLikeSonicBufferFile(o->file, text))
                    return budgetOfSonicFile(o->file, text, o->asic, o->asicDirs, o->json);
            }
            if (!o->asic.empty())
                throw InputError(SourceLocation { o->file, 0, 0, "--asic" }, "found --asic with a fabric, expected it only with a SONiC config_db.json or buffers_defaults_*.j2 (a fabric's switches name their ASIC)");
            const Fabric f = loadFabricFile(o->file, o->revision);
            AsicCatalog cat = loadCatalog(o->asicDirs);
            cat.mergeProject(f);
            if (!o->sw.empty()) {
                const Node* n = f.findNode(o->sw);
                if (!n || !n->isSwitch())
                    throw InputError(SourceLocation { o->file, 0, 0, "--switch" }, fmt::format("no switch named \"{}\" in the fabric", o->sw));
            }
            ConsoleFeedback fb;
            std::vector<Finding> findings = checkBuffers(f, cat, &fb);
            auto concerns = [&](const Finding& x) {
                if (o->sw.empty())
                    return true;
                for (const auto& obj : x.objects)
                    if ((obj.kind == ObjectRef::Kind::Node || obj.kind == ObjectRef::Kind::Port || obj.kind == ObjectRef::Kind::Link) && obj.node == o->sw)
                        return true;
                return false;
            };
            std::erase_if(findings, [&](const Finding& x) { return !concerns(x); });
            const nlohmann::json switches = budgetSwitches(f, cat, o->sw, o->json);
            const auto sum = summarize(findings);
            if (o->json) {
                nlohmann::json fj = nlohmann::json::array();
                for (const auto& x : findings)
                    fj.push_back(findingToJson(x));
                printJson({ { "file", o->file }, { "switches", switches }, { "findings", fj },
                    { "summary", { { "errors", sum.errors }, { "warnings", sum.warnings }, { "infos", sum.infos } } } });
            } else {
                printFindings(findings);
                std::cout << fmt::format("{}, {}, {}\n", countOf(sum.errors, "error"), countOf(sum.warnings, "warning"), countOf(sum.infos, "note"));
            }
            return sum.errors > 0 ? kExitFindings : kExitOk;
        };
    }
    LFP_REGISTER_COMMAND(31, setupBudget);

    // ------------------------------------------------------------------------------- template

    Runner setupTemplate(CLI::App& app)
    {
        auto* cmd = app.add_subcommand("template", "Headroom grid (speeds x cables x MTU) of an ASIC as CSV, Markdown or SONiC pg_profile_lookup.ini");
        struct Opts {
            std::string asic, speeds = "25G,100G,400G", cables = "5m,40m,300m", mtu = "9100", format = "csv", losslessMtu = "1024", release = "head", output;
            int smallPackets = 50;
            int lanes = 0;
            double shpRatio = 0;
            std::vector<std::string> asicDirs;
            bool json = false;
        };
        auto o = std::make_shared<Opts>();
        cmd->add_option("--asic", o->asic, "ASIC profile id (see `lfp asics`)")->required();
        addJsonFlag(cmd, o->json);
        cmd->add_option("--speeds", o->speeds, "Comma-separated port speeds")->capture_default_str();
        cmd->add_option("--cables", o->cables, "Comma-separated cable lengths")->capture_default_str();
        cmd->add_option("--mtu", o->mtu, "Port MTU(s), comma-separated (sonic-ini: one)")->capture_default_str();
        cmd->add_option("--format", o->format, "csv, md or sonic-ini")->capture_default_str();
        cmd->add_option("--lossless-mtu", o->losslessMtu, "MTU of the lossless traffic")->capture_default_str();
        cmd->add_option("--small-packets", o->smallPackets, "Small-packet percentage")->capture_default_str()->check(CLI::Range(0, 100));
        cmd->add_option("--lanes", o->lanes, "Lanes of every port (default: from the ASIC's SerDes rate per speed)")->check(CLI::Range(0, 16));
        cmd->add_option("--shared-headroom-ratio", o->shpRatio, "Shared headroom pool over-subscription ratio (0 = off)")->capture_default_str()->check(CLI::NonNegativeNumber);
        cmd->add_option("--sonic-release", o->release, "legacy, pr3235, pr4757 or head")->capture_default_str();
        cmd->add_option("-o,--output", o->output, "Write to FILE instead of stdout");
        cmd->add_option("--asic-dir", o->asicDirs, "Extra directory of ASIC profile JSON files");
        return [o]() {
            const AsicCatalog cat = loadCatalog(o->asicDirs);
            const AsicProfile& asic = requireAsic(cat, o->asic);
            const TemplateFormat format = templateFormatFromString(o->format);
            TemplateRequest req;
            for (const auto& s : splitList(o->speeds))
                req.speeds.push_back(parseSpeed(s));
            for (const auto& c : splitList(o->cables))
                req.cables.push_back(parseLength(c));
            req.mtus.clear();
            for (const auto& m : splitList(o->mtu))
                req.mtus.push_back(parseMtu(m, "--mtu"));
            req.lanes = o->lanes;
            req.base.losslessMtu = parseMtu(o->losslessMtu, "--lossless-mtu");
            req.base.smallPacketPercentage = o->smallPackets;
            req.base.sharedHeadroomRatio = o->shpRatio;
            req.base.release = sonicReleaseFromString(o->release);
            const auto rows = buildTemplate(asic, req);
            if (o->json) {
                // The grid as data: one row per speed × cable × MTU, bytes (docs/formulas.md).
                nlohmann::json arr = nlohmann::json::array();
                for (const auto& r : rows) {
                    nlohmann::json j = { { "speed", formatSpeed(r.speed) }, { "speed_bps", r.speed.value() }, { "cable_m", jsonNumber(r.cable.value()) },
                        { "mtu", r.mtu.value() }, { "lanes", r.lanes }, { "xon", r.headroom.xon.value() }, { "xoff", r.headroom.xoff.value() },
                        { "size", r.headroom.size.value() }, { "shared_headroom_pool", r.headroom.sharedHeadroomPool }, { "dynamic_th", r.headroom.dynamicTh } };
                    if (r.headroom.xonOffset)
                        j["xon_offset"] = r.headroom.xonOffset->value();
                    arr.push_back(std::move(j));
                }
                nlohmann::json out = { { "asic", asic.id }, { "model", rows.empty() ? std::string() : rows.front().headroom.model },
                    { "version", rows.empty() ? std::string() : rows.front().headroom.version }, { "rows", arr } };
                if (!o->output.empty()) {
                    writeFileAtomically(o->output, renderTemplate(asic, rows, format));
                    out["file"] = o->output;
                    out["format"] = o->format;
                }
                printJson(out);
                return kExitOk;
            }
            const std::string text = renderTemplate(asic, rows, format);
            if (o->output.empty())
                std::cout << text;
            else
                writeFileAtomically(o->output, text);
            return kExitOk;
        };
    }
    LFP_REGISTER_COMMAND(32, setupTemplate);

    // ------------------------------------------------------------------------------- asics

    Runner setupAsics(CLI::App& app)
    {
        auto* cmd = app.add_subcommand("asics", "The ASIC catalogue (built-in, $LFP_ASIC_DIR, --asic-dir): figures, sources, what is unknown");
        struct Opts {
            std::vector<std::string> asicDirs;
            std::vector<std::string> ids;
            bool json = false;
            bool brief = false;
        };
        auto o = std::make_shared<Opts>();
        cmd->add_option("ids", o->ids, "Only these profile ids (default: all)");
        cmd->add_option("--asic-dir", o->asicDirs, "Extra directory of ASIC profile JSON files");
        cmd->add_flag("--brief", o->brief, "Only the summary table, no per-profile sources");
        addJsonFlag(cmd, o->json);
        return [o]() {
            const AsicCatalog cat = loadCatalog(o->asicDirs);
            std::vector<const AsicProfile*> shown;
            for (const auto& id : o->ids) {
                const AsicProfile* a = cat.find(id);
                if (!a)
                    throw InputError(SourceLocation { {}, 0, 0, "ids" }, fmt::format("unknown ASIC profile \"{}\" (lfp asics lists the ids)", id));
                shown.push_back(a);
            }
            if (o->ids.empty())
                for (const auto& a : cat.all())
                    shown.push_back(&a);
            if (o->json) {
                nlohmann::json arr = nlohmann::json::array();
                for (const AsicProfile* a : shown) {
                    nlohmann::json j = asicToJson(*a);
                    j["origin"] = cat.origin(a->id);
                    nlohmann::json prov = nlohmann::json::object();
                    for (const auto& p : asicProvenance(*a)) {
                        nlohmann::json pj { { "status", p.status } };
                        if (!p.value.empty())
                            pj["value"] = p.value;
                        if (!p.source.empty())
                            pj["source"] = p.source;
                        if (!p.from.empty())
                            pj["from"] = p.from;
                        prov[p.field] = pj;
                    }
                    j["provenance"] = prov;
                    arr.push_back(j);
                }
                printJson({ { "directories", cat.directories() }, { "asics", arr } });
                return kExitOk;
            }
            std::cout << fmt::format("{:<17} {:<40} {:<13} {:>6} {:>14}  {:<31} {}\n", "id", "name", "model", "cell", "total buffer", "speeds", "platforms");
            for (const AsicProfile* a : shown) {
                std::vector<std::string> sp;
                for (const auto& v : a->speeds)
                    sp.push_back(formatSpeed(v));
                std::cout << fmt::format("{:<17} {:<40} {:<13} {:>6} {:>14}  {:<31} {}\n", a->id, a->name, a->headroomModel, a->cellSize.value(),
                    a->totalBuffer.value() > 0 ? groupThousands(a->totalBuffer.value()) : std::string("unknown"),
                    sp.empty() ? std::string("unknown") : fmt::format("{}", fmt::join(sp, ",")), fmt::join(a->platforms, ", "));
            }
            if (!o->brief)
                for (const AsicProfile* a : shown) {
                    std::cout << fmt::format("\n{} — {} ({})\n", a->id, a->name, cat.origin(a->id));
                    std::vector<std::string> unknown;
                    for (const auto& p : asicProvenance(*a)) {
                        if (p.status == "unknown" && p.source.empty()) {
                            unknown.push_back(p.field);
                            continue;
                        }
                        std::cout << fmt::format("  {:<24} {:<9} {}\n", p.field, p.status, p.status == "unknown" ? p.source : p.value);
                        if (!p.source.empty() && p.status != "unknown")
                            std::cout << fmt::format("  {:<24} {:<9} {}\n", "", "", p.status == "inferred" ? "inferred from: " + p.from : p.source);
                    }
                    if (!unknown.empty())
                        std::cout << fmt::format("  unknown (no source found): {}\n", fmt::join(unknown, ", "));
                }
            for (const auto& d : cat.directories())
                std::cout << "from " << d << '\n';
            return kExitOk;
        };
    }
    LFP_REGISTER_COMMAND(33, setupAsics);

    // ------------------------------------------------------------------------------- ecn

    Runner setupEcn(CLI::App& app)
    {
        auto* cmd = app.add_subcommand("ecn", "Recommended ECN/DCQCN marking thresholds (Kmin, Kmax, Pmax) from the bandwidth-delay product");
        struct Opts {
            std::string speeds = "25G,100G,200G,400G,800G", rtt = "20us", goal = "throughput";
            bool json = false;
        };
        auto o = std::make_shared<Opts>();
        cmd->add_option("--speeds,--speed", o->speeds, "Comma-separated port speeds")->capture_default_str();
        cmd->add_option("--rtt", o->rtt, "Expected round-trip time")->capture_default_str();
        cmd->add_option("--goal", o->goal, "throughput, latency or hpcc")->capture_default_str();
        addJsonFlag(cmd, o->json);
        return [o]() {
            const Nanoseconds rtt = parseDuration(o->rtt);
            const EcnGoal goal = ecnGoalFromString(o->goal);
            nlohmann::json arr = nlohmann::json::array();
            std::vector<EcnRecommendation> recs;
            for (const auto& s : splitList(o->speeds))
                recs.push_back(recommendEcn(parseSpeed(s), rtt, goal));
            if (o->json) {
                for (const auto& r : recs)
                    arr.push_back({ { "speed", formatSpeed(r.speed) }, { "rtt_ns", jsonNumber(static_cast<double>(r.rtt.value())) }, { "bdp", r.bdp.value() }, { "kmin", r.kmin.value() },
                        { "kmax", r.kmax.value() }, { "pmax", jsonNumber(r.pmax) }, { "goal", toString(r.goal) }, { "rule", r.rule }, { "source", r.source } });
                printJson({ { "recommendations", arr } });
                return kExitOk;
            }
            std::cout << fmt::format("{:<7} {:>10} {:>10} {:>10} {:>6}\n", "speed", "BDP B", "Kmin B", "Kmax B", "Pmax");
            for (const auto& r : recs)
                std::cout << fmt::format("{:<7} {:>10} {:>10} {:>10} {:>5.0f}%\n", formatSpeed(r.speed), groupThousands(r.bdp.value()), groupThousands(r.kmin.value()),
                    groupThousands(r.kmax.value()), r.pmax * 100);
            if (!recs.empty())
                std::cout << fmt::format("rule: {} (RTT {})\nsource: {}\n"
                                         "check: `lfp budget` warns (LFP-ECN-AFTER-PFC) when Kmin is not below the switch's α·(B − H)/(k + α·Q).\n",
                    recs.front().rule, formatDuration(rtt), recs.front().source);
            return kExitOk;
        };
    }
    LFP_REGISTER_COMMAND(34, setupEcn);

} // namespace
} // namespace lfp::cli
