// SPDX-License-Identifier: GPL-3.0-or-later
// Static route files (docs/deadlock.md "Static routes"): text lines or JSON. The names are checked
// against the topology by planner/routing/routing.h checkStaticRoutes.
#include "staticroutes.h"

#include "model/errors.h"
#include "model/jsontext.h"

#include <algorithm>
#include <fmt/format.h>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

namespace lfp {

std::vector<StaticRoute> readStaticRoutes(const std::string& path)
{
    std::ifstream in(path);
    if (!in)
        throw InputError(SourceLocation { path, 0, 0, {} }, "cannot open the static route file");
    std::stringstream ss;
    ss << in.rdbuf();
    const std::string text = ss.str();
    std::vector<StaticRoute> routes;
    const auto first = text.find_first_not_of(" \t\r\n");
    if (first != std::string::npos && text[first] == '{') {
        nlohmann::json j;
        checkJsonText(text, path); // nesting, size and duplicate keys (model/jsontext.h)
        try {
            j = nlohmann::json::parse(text);
        } catch (const nlohmann::json::parse_error& e) {
            // byte offset → line
            const auto upto = text.substr(0, std::min(text.size(), e.byte));
            const int line = 1 + static_cast<int>(std::count(upto.begin(), upto.end(), '\n'));
            throw InputError(SourceLocation { path, line, 0, {} }, fmt::format("not JSON: {}", e.what()));
        }
        if (!j.contains("routes") || !j["routes"].is_array())
            throw InputError(SourceLocation { path, 0, 0, "/routes" }, "expected an array \"routes\"");
        int i = 0;
        for (const auto& r : j["routes"]) {
            const SourceLocation where { path, 0, 0, fmt::format("/routes/{}", i++) };
            if (!r.is_object() || !r.contains("switch") || !r.contains("destination") || !r.contains("next_hops")
                || !r["switch"].is_string() || !r["destination"].is_string() || !r["next_hops"].is_array())
                throw InputError(where, "expected {\"switch\": string, \"destination\": string, \"next_hops\": [string]}");
            StaticRoute sr { r["switch"].get<std::string>(), r["destination"].get<std::string>(), {}, where };
            for (const auto& nh : r["next_hops"]) {
                if (!nh.is_string())
                    throw InputError(where, "next_hops must be strings");
                sr.nextHops.push_back(nh.get<std::string>());
            }
            routes.push_back(std::move(sr));
        }
        return routes;
    }
    std::istringstream lines(text);
    std::string line;
    int lineNo = 0;
    while (std::getline(lines, line)) {
        ++lineNo;
        if (auto hash = line.find('#'); hash != std::string::npos)
            line.erase(hash);
        std::istringstream ls(line);
        std::vector<std::string> words;
        for (std::string w; ls >> w;)
            words.push_back(w);
        if (words.empty())
            continue;
        const SourceLocation where { path, lineNo, 0, {} };
        if (words.size() < 3)
            throw InputError(where, "expected 'SWITCH DESTINATION NEXTHOP [NEXTHOP...]'");
        routes.push_back(StaticRoute { words[0], words[1], { words.begin() + 2, words.end() }, where });
    }
    return routes;
}

} // namespace lfp
