// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/asiccatalog.h"

#include "model/errors.h"
#include "model/fabricjson.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include "model/resources.h"
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>


namespace lfp {

namespace fs = std::filesystem;

std::vector<std::string> AsicCatalog::builtinDirectories()
{
    return resourceDirectories("asics");
}

AsicCatalog AsicCatalog::loadDefault()
{
    AsicCatalog c;
    for (const auto& dir : builtinDirectories()) {
        std::error_code ec;
        if (fs::is_directory(dir, ec)) {
            c.loadDirectory(dir, "catalogue");
            break;
        }
    }
    if (const char* env = std::getenv("LFP_ASIC_DIR"); env && *env) {
        std::string all = env;
        std::size_t pos = 0;
        while (pos <= all.size()) {
            const auto next = all.find(':', pos);
            const std::string dir = all.substr(pos, next == std::string::npos ? std::string::npos : next - pos);
            if (!dir.empty())
                c.loadDirectory(dir, "LFP_ASIC_DIR");
            if (next == std::string::npos)
                break;
            pos = next + 1;
        }
    }
    return c;
}

void AsicCatalog::loadDirectory(const std::string& dir, const std::string& origin)
{
    std::error_code ec;
    if (!fs::is_directory(dir, ec))
        throw InputError(SourceLocation { dir, 0, 0, {} }, "not a directory of ASIC profiles (*.json)");
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(dir, ec))
        if (e.is_regular_file() && e.path().extension() == ".json")
            files.push_back(e.path());
    std::sort(files.begin(), files.end());
    for (const auto& f : files)
        loadFile(f.string(), origin);
    m_dirs.push_back(dir);
}

void AsicCatalog::loadFile(const std::string& path, const std::string& origin)
{
    const std::string text = readWholeFile(path);
    nlohmann::json j;
    checkJsonText(text, path); // nesting, size and duplicate keys (model/jsontext.h)
    try {
        j = nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error& e) {
        throw InputError(SourceLocation { path, 0, 0, {} }, fmt::format("not valid JSON: {}", e.what()));
    } catch (const nlohmann::json::exception& e) {
        // e.g. a number too large for a double ("999e99999999"): out_of_range, no position
        // (found by replaying tests/fuzz/regressions through every reader, issue 13).
        throw InputError(SourceLocation { path, 0, 0, {} }, fmt::format("not valid JSON: a number is out of range ({})", e.what()));
    }
    AsicProfile p;
    try {
        p = asicFromJson(j, "");
    } catch (const InputError& e) {
        SourceLocation where = e.where();
        where.file = path;
        const auto [line, col] = locateJsonPointer(text, where.path == "/" ? "" : where.path);
        where.line = line;
        where.column = col;
        throw InputError(where, e.detail());
    }
    add(std::move(p), origin.empty() ? path : fmt::format("{} ({})", path, origin));
}

void AsicCatalog::add(AsicProfile profile, std::string origin)
{
    for (std::size_t i = 0; i < m_profiles.size(); ++i)
        if (m_profiles[i].id == profile.id) {
            m_profiles[i] = std::move(profile);
            m_origins[i] = std::move(origin);
            return;
        }
    m_profiles.push_back(std::move(profile));
    m_origins.push_back(std::move(origin));
}

void AsicCatalog::mergeProject(const Fabric& fabric)
{
    for (const auto& a : fabric.asics)
        add(a, "project");
}

const AsicProfile* AsicCatalog::find(std::string_view id) const
{
    for (const auto& p : m_profiles)
        if (p.id == id)
            return &p;
    return nullptr;
}

std::string AsicCatalog::origin(std::string_view id) const
{
    for (std::size_t i = 0; i < m_profiles.size(); ++i)
        if (m_profiles[i].id == id)
            return m_origins[i];
    return {};
}

// ------------------------------------------------------------------------------------------------

namespace {
    std::string lower(std::string s)
    {
        for (auto& c : s)
            c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        return s;
    }
    std::string bytesText(Bytes b) { return fmt::format("{} B", b.value()); }
} // namespace

std::vector<FieldProvenance> asicProvenance(const AsicProfile& a)
{
    struct Field {
        const char* key;
        bool known;
        std::string value;
    };
    std::vector<std::string> speeds;
    for (const auto& s : a.speeds)
        speeds.push_back(formatSpeed(s));
    std::size_t rows = 0;
    std::vector<std::string> tableSources;
    for (const auto& t : a.pgLookup) {
        rows += t.rows.size();
        tableSources.push_back(fmt::format("{} ({} rows): {}", t.sku, t.rows.size(), t.source));
    }
    std::vector<Field> fields {
        { "headroom_model", !a.headroomModel.empty(), a.headroomModel },
        { "total_buffer", a.totalBuffer.value() > 0, bytesText(a.totalBuffer) },
        { "cell_size", a.cellSize.value() > 0, bytesText(a.cellSize) },
        { "pipeline_latency", a.pipelineLatency.value() != 0, bytesText(a.pipelineLatency) },
        { "mac_phy_delay", a.macPhyDelay.value() != 0 || a.sonicMacPhyDelayKiB != 0, bytesText(a.macPhyDelay) },
        { "peer_response", a.peerResponse.value() != 0 || a.sonicPeerResponseKiB != 0, bytesText(a.peerResponse) },
        { "max_headroom_per_port", a.maxHeadroomPerPort.has_value(), a.maxHeadroomPerPort ? bytesText(*a.maxHeadroomPerPort) : std::string() },
        { "port_reserved_shp_cells", a.portReservedShpCells != 0, fmt::format("{} cells", a.portReservedShpCells) },
        { "port_max_shp_cells", a.portMaxShpCells != 0, fmt::format("{} cells", a.portMaxShpCells) },
        { "egress_mirror_headroom", a.egressMirrorHeadroom.value() != 0, bytesText(a.egressMirrorHeadroom) },
        { "egress_port_reserved", a.egressPortReserved.value() != 0, bytesText(a.egressPortReserved) },
        { "queue_reserved", a.queueReserved.value() != 0, bytesText(a.queueReserved) },
        { "private_headroom", a.privateHeadroom.value() != 0, bytesText(a.privateHeadroom) },
        { "management_pool", a.managementPool.value() != 0, bytesText(a.managementPool) },
        { "extra_reserved", a.extraReserved.value() != 0, bytesText(a.extraReserved) },
        { "pg_minimum", a.pgMinimum.value() != 0, bytesText(a.pgMinimum) },
        { "xon_offset", a.xonOffset.value() != 0, bytesText(a.xonOffset) },
        { "shared_headroom_pool", a.sharedHeadroomPool.has_value(), a.sharedHeadroomPool ? bytesText(*a.sharedHeadroomPool) : std::string() },
        { "lossless_dynamic_th", a.losslessDynamicTh != 0, std::to_string(a.losslessDynamicTh) },
        { "speeds", !a.speeds.empty(), fmt::format("{}", fmt::join(speeds, ", ")) },
        { "pg_lookup", !a.pgLookup.empty(), fmt::format("{} table{}, {} rows", a.pgLookup.size(), a.pgLookup.size() == 1 ? "" : "s", rows) },
        { "platforms", !a.platforms.empty(), fmt::format("{}", fmt::join(a.platforms, ", ")) },
    };
    std::vector<FieldProvenance> out;
    for (const auto& f : fields) {
        FieldProvenance p;
        p.field = f.key;
        std::string src;
        if (auto it = a.sources.find(f.key); it != a.sources.end())
            src = it->second;
        if (src.empty() && std::string_view(f.key) == "pg_lookup" && !tableSources.empty())
            src = fmt::format("{}", fmt::join(tableSources, "; "));
        const std::string l = lower(src);
        if (!src.empty() && l.rfind("unknown", 0) == 0) {
            p.status = "unknown"; // a stated reason why no figure is known ("unknown: …")
        } else if (!src.empty() && (l.rfind("inferred", 0) == 0 || l.rfind("unverified", 0) == 0)) {
            p.status = "inferred";
            const auto colon = src.find(':');
            p.from = colon == std::string::npos ? src : src.substr(colon + 1);
            while (!p.from.empty() && p.from.front() == ' ')
                p.from.erase(p.from.begin());
        } else if (!src.empty()) {
            p.status = "sourced";
        } else {
            p.status = f.known ? "unsourced" : "unknown";
        }
        // A sourced 0 (e.g. xon 0, dynamic_th 0) is a figure; an unsourced 0 is not.
        if (p.status != "unknown" && (f.known || !src.empty()))
            p.value = f.value;
        p.source = src;
        out.push_back(std::move(p));
    }
    return out;
}

} // namespace lfp
