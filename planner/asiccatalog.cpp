// SPDX-License-Identifier: GPL-3.0-or-later
#include "asiccatalog.h"

#include "model/errors.h"
#include "model/fabricjson.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#ifndef LFP_RESOURCE_DIR
#define LFP_RESOURCE_DIR ""
#endif

namespace lfp {

namespace fs = std::filesystem;

std::vector<std::string> AsicCatalog::builtinDirectories()
{
    std::vector<std::string> out;
    const std::string res = LFP_RESOURCE_DIR;
    if (!res.empty())
        out.push_back((fs::path(res) / "asics").string());
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (!ec)
        out.push_back((exe.parent_path().parent_path() / "share" / "lfp" / "asics").lexically_normal().string());
    return out;
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

} // namespace lfp
