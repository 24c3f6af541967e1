// SPDX-License-Identifier: GPL-3.0-or-later
#include "objectsearch.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <string>

namespace lfp {
namespace {
    std::string lower(std::string_view s)
    {
        std::string out(s);
        std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
        return out;
    }

    /// 0 exact, 1 prefix, 2 anywhere, 3 no match (ASCII case-insensitive).
    int rank(std::string_view text, const std::string& q)
    {
        if (text.size() < q.size())
            return 3;
        auto eq = [](char a, char b) { return std::tolower(static_cast<unsigned char>(a)) == static_cast<unsigned char>(b); };
        const auto it = std::search(text.begin(), text.end(), q.begin(), q.end(), eq);
        if (it == text.end())
            return 3;
        if (it == text.begin())
            return text.size() == q.size() ? 0 : 1;
        return 2;
    }
} // namespace

SearchResult searchObjects(const FabricIndex& index, std::string_view query, std::size_t limit)
{
    SearchResult out;
    const std::string q = lower(query);
    if (q.empty())
        return out;
    const Fabric& f = index.fabric();
    const auto colon = q.find(':');
    std::array<std::vector<ObjectRef>, 3> byRank;
    auto take = [&](int r, ObjectRef ref) {
        ++out.total;
        if (byRank[static_cast<std::size_t>(r)].size() < limit)
            byRank[static_cast<std::size_t>(r)].push_back(std::move(ref));
    };
    for (const Node& n : f.nodes) {
        if (colon == std::string::npos) {
            // A role name ("host", "leaf", "spine") also finds the nodes of that role, after the
            // names that start with it.
            int r = rank(n.name, q);
            if (r == 3 && q == toString(n.role))
                r = 2;
            if (r < 3)
                take(r, ObjectRef::forNode(n.name));
            // Ports by their own name only when the query cannot be a node ("Ethernet48" finds every
            // switch's Ethernet48 after the devices).
            for (const Port& p : n.ports)
                if (const int r = rank(p.name, q); r < 3 && rank(n.name, q) == 3)
                    take(std::max(r, 1), ObjectRef::forPort({ n.name, p.name }));
            continue;
        }
        // "node:port": the node part must match the node's name, the rest the port's.
        const std::string nq = q.substr(0, colon), pq = q.substr(colon + 1);
        const int rn = nq.empty() ? 1 : rank(n.name, nq);
        if (rn == 3)
            continue;
        for (const Port& p : n.ports) {
            const int rp = pq.empty() ? 1 : rank(p.name, pq);
            if (rp < 3)
                take(std::max(rn, rp), ObjectRef::forPort({ n.name, p.name }));
        }
    }
    for (auto& v : byRank)
        for (auto& r : v)
            if (out.objects.size() < limit)
                out.objects.push_back(std::move(r));
    return out;
}

} // namespace lfp
