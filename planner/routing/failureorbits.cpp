// SPDX-License-Identifier: GPL-3.0-or-later
// Orbits of failure sets of 1..k links under the fabric's automorphism group, by a stabiliser chain
// (failuresymmetry.h failureSetOrbits; docs/deadlock.md "Certificate"). Sources: C. C. Sims,
// "Computational methods in the study of permutation groups" (1970) for the chain and Schreier trees;
// Á. Seress, "Permutation Group Algorithms" (Cambridge, 2003), ch. 4; the orbit–stabiliser theorem
// |G·(a,b)| = |G·a|·|G_a·b|. The stabilisers come from Traces (McKay & Piperno 2014) with the prefix
// links individualised; each generator is verified against the topology (failuresymmetry.cpp).
#include "planner/routing/failuresymmetry.h"

#include "model/feedback.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <numeric>
#include <stdexcept>

namespace lfp {
namespace {
    inline std::size_t sz(int i) { return static_cast<std::size_t>(i); }

    std::size_t binomial(std::size_t n, std::size_t k)
    {
        if (k > n)
            return 0;
        std::size_t r = 1;
        for (std::size_t i = 1; i <= k; ++i)
            r = r * (n - k + i) / i; // exact: r·(n−k+i) is divisible by i at every step
        return r;
    }
} // namespace

/// One level per prefix of representatives: the prefix's stabiliser, its orbits on the switch links
/// and a Schreier tree per orbit (BFS over the generators from the orbit's smallest link).
class FailureOrbitChain {
public:
    struct Level {
        std::vector<int> prefix;
        std::vector<std::vector<int>> gens, inv;
        std::vector<int> rep, parent, via; ///< per link: orbit representative (-1: not a switch link), tree
        std::vector<int> reps; ///< ascending
        std::vector<std::size_t> orbitSize; ///< per link (valid at representatives)
        std::map<int, int> child; ///< representative → level of prefix + representative
    };
    std::vector<Level> levels;
    std::vector<int> switchLinks;
    int linkCount = 0;

    void build(Level& lv) const
    {
        lv.inv.clear();
        for (const auto& g : lv.gens) {
            std::vector<int> i(g.size());
            for (std::size_t x = 0; x < g.size(); ++x)
                i[sz(g[x])] = static_cast<int>(x);
            lv.inv.push_back(std::move(i));
        }
        lv.rep.assign(sz(linkCount), -1);
        lv.parent.assign(sz(linkCount), -1);
        lv.via.assign(sz(linkCount), -1);
        lv.orbitSize.assign(sz(linkCount), 0);
        std::vector<int> queue;
        for (int l : switchLinks) {
            if (lv.rep[sz(l)] >= 0)
                continue;
            lv.reps.push_back(l);
            lv.rep[sz(l)] = l;
            queue.assign(1, l);
            for (std::size_t qi = 0; qi < queue.size(); ++qi)
                for (std::size_t gi = 0; gi < lv.gens.size(); ++gi) {
                    const int y = lv.gens[gi][sz(queue[qi])];
                    if (lv.rep[sz(y)] >= 0)
                        continue;
                    lv.rep[sz(y)] = l;
                    lv.parent[sz(y)] = queue[qi];
                    lv.via[sz(y)] = static_cast<int>(gi);
                    queue.push_back(y);
                }
            lv.orbitSize[sz(l)] = queue.size();
        }
    }

    /// The canonical ordered form of @p tuple (distinct switch links; levels for its prefixes exist).
    [[nodiscard]] std::vector<int> canonical(std::vector<int> tuple) const
    {
        std::vector<int> out;
        int level = 0;
        for (std::size_t i = 0; i < tuple.size(); ++i) {
            const Level& lv = levels[sz(level)];
            // apply u_x⁻¹ (x = tuple[i]) to the rest: walk x's Schreier tree path to its representative
            for (int x = tuple[i]; lv.parent[sz(x)] >= 0; x = lv.parent[sz(x)])
                for (std::size_t j = i + 1; j < tuple.size(); ++j)
                    tuple[j] = lv.inv[sz(lv.via[sz(x)])][sz(tuple[j])];
            const int r = lv.rep[sz(tuple[i])];
            out.push_back(r);
            if (i + 1 < tuple.size()) {
                const auto it = lv.child.find(r);
                if (it == lv.child.end())
                    return {};
                level = it->second;
            }
        }
        return out;
    }

    std::map<std::vector<int>, int> orbitOfSet; ///< canonical ordered form → orbit index
};

int FailureSetOrbits::orbitIndex(std::vector<int> links) const
{
    if (!chain) {
        std::sort(links.begin(), links.end());
        for (std::size_t i = 0; i < orbits.size(); ++i)
            if (orbits[i].links == links)
                return static_cast<int>(i);
        return -1;
    }
    const auto c = chain->canonical(std::move(links));
    const auto it = chain->orbitOfSet.find(c);
    return it == chain->orbitOfSet.end() ? -1 : it->second;
}

namespace {
    struct OrderedClass {
        std::vector<int> tuple;
        std::size_t size = 0;
    };

    /// Every failure set of 1..k links, each its own orbit (no symmetry).
    void listEverySet(FailureSetOrbits& out, int k, std::size_t maxSets, const std::vector<int>& links)
    {
        std::size_t total = 0;
        for (int m = 1; m <= k; ++m)
            total += out.setsOfSize[sz(m)];
        if (total > maxSets)
            throw std::length_error("too many failure sets to list without symmetry");
        for (int m = 1; m <= k; ++m) {
            std::vector<int> idx(sz(m));
            std::iota(idx.begin(), idx.end(), 0);
            const int L = static_cast<int>(links.size());
            if (m > L)
                break;
            while (true) {
                FailureSetOrbit o;
                for (int i : idx)
                    o.links.push_back(links[sz(i)]);
                o.size = 1;
                out.orbits.push_back(std::move(o));
                int i = m - 1;
                while (i >= 0 && idx[sz(i)] == L - m + i)
                    --i;
                if (i < 0)
                    break;
                ++idx[sz(i)];
                for (int j = i + 1; j < m; ++j)
                    idx[sz(j)] = idx[sz(j - 1)] + 1;
            }
            out.orbitsOfSize[sz(m)] = out.setsOfSize[sz(m)];
        }
    }

    struct ChainBuilder {
        const Topology& t;
        const std::vector<ClassMask>& classes;
        RoutingModel model;
        bool statics;
        Feedback* fb;
        FailureOrbitChain& chain;
        FailureSetOrbits& out;

        /// The level of prefix + @p r below @p level (built once: Traces with the prefix individualised).
        int child(int level, int r)
        {
            if (auto it = chain.levels[sz(level)].child.find(r); it != chain.levels[sz(level)].child.end())
                return it->second;
            checkCancelled(fb);
            FailureOrbitChain::Level lv;
            lv.prefix = chain.levels[sz(level)].prefix;
            lv.prefix.push_back(r);
            const auto s = computeLinkStabiliser(t, classes, model, statics, true, lv.prefix);
            ++out.stabilisers;
            if (!s.applied)
                throw std::runtime_error("stabiliser of " + t.linkName(r) + ": " + s.reason);
            lv.gens = s.perms;
            chain.build(lv);
            chain.levels.push_back(std::move(lv));
            const int idx = static_cast<int>(chain.levels.size()) - 1;
            chain.levels[sz(level)].child[r] = idx;
            return idx;
        }

        /// Ordered classes of @p m-tuples extending the prefix of @p level (@p mult: their count so far).
        void enumerate(int level, int depth, int m, std::size_t mult, std::vector<OrderedClass>& outClasses)
        {
            const std::vector<int> reps = chain.levels[sz(level)].reps; // copy: levels may grow
            const std::vector<int> prefix = chain.levels[sz(level)].prefix;
            for (int r : reps) {
                if (std::find(prefix.begin(), prefix.end(), r) != prefix.end())
                    continue; // a fixed link is its own orbit in the stabiliser
                const std::size_t n = mult * chain.levels[sz(level)].orbitSize[sz(r)];
                auto tuple = prefix;
                tuple.push_back(r);
                if (depth + 1 == m)
                    outClasses.push_back({ std::move(tuple), n });
                else
                    enumerate(child(level, r), depth + 1, m, n, outClasses);
            }
        }

        /// Joins the ordered classes of m-tuples into orbits of m-sets (see failuresymmetry.h).
        void unordered(int m, const std::vector<OrderedClass>& classesM)
        {
            std::map<std::vector<int>, int> index;
            for (std::size_t i = 0; i < classesM.size(); ++i)
                index[classesM[i].tuple] = static_cast<int>(i);
            std::vector<int> uf(classesM.size());
            std::iota(uf.begin(), uf.end(), 0);
            auto find = [&uf](int x) {
                while (uf[sz(x)] != x)
                    x = uf[sz(x)] = uf[sz(uf[sz(x)])];
                return x;
            };
            for (std::size_t i = 0; i < classesM.size(); ++i) {
                auto perm = classesM[i].tuple;
                std::sort(perm.begin(), perm.end());
                do {
                    const auto it = index.find(chain.canonical(perm));
                    if (it == index.end())
                        throw std::runtime_error("an ordering of a representative has no ordered class");
                    const int a = find(static_cast<int>(i)), b = find(it->second);
                    uf[sz(std::max(a, b))] = std::min(a, b);
                } while (std::next_permutation(perm.begin(), perm.end()));
            }
            std::size_t factorial = 1;
            for (int i = 2; i <= m; ++i)
                factorial *= sz(i);
            std::map<int, std::pair<std::size_t, std::vector<int>>> orbit; // root → (ordered tuples, smallest set)
            for (std::size_t i = 0; i < classesM.size(); ++i) {
                auto set = classesM[i].tuple;
                std::sort(set.begin(), set.end());
                auto& o = orbit[find(static_cast<int>(i))];
                o.first += classesM[i].size;
                if (o.second.empty() || set < o.second)
                    o.second = set;
            }
            std::size_t total = 0;
            const std::size_t first = out.orbits.size();
            for (const auto& [root, o] : orbit) {
                if (o.first % factorial)
                    throw std::runtime_error("an orbit's ordered tuples are not a multiple of k!");
                out.orbits.push_back({ o.second, o.first / factorial });
                total += o.first / factorial;
            }
            if (total != out.setsOfSize[sz(m)])
                throw std::runtime_error("the orbits do not add up to C(L, k)");
            std::sort(out.orbits.begin() + static_cast<std::ptrdiff_t>(first), out.orbits.end(),
                [](const FailureSetOrbit& a, const FailureSetOrbit& b) { return a.links < b.links; });
            // every ordered class (the canonical form of any ordering of any member) → its orbit
            std::map<std::vector<int>, int> orbitOfRep;
            for (std::size_t i = first; i < out.orbits.size(); ++i)
                orbitOfRep[out.orbits[i].links] = static_cast<int>(i);
            for (std::size_t i = 0; i < classesM.size(); ++i)
                chain.orbitOfSet[classesM[i].tuple] = orbitOfRep.at(orbit.at(find(static_cast<int>(i))).second);
            out.orbitsOfSize[sz(m)] = out.orbits.size() - first;
        }
    };
} // namespace

FailureSetOrbits failureSetOrbits(const Topology& t, const std::vector<ClassMask>& classes, RoutingModel m, bool staticRoutes, int k,
    std::size_t maxSets, Feedback* fb, bool useSymmetry)
{
    const auto t0 = std::chrono::steady_clock::now();
    FailureSetOrbits out;
    std::vector<int> links;
    for (int l = 0; l < t.linkCount; ++l)
        if (t.chFrom[sz(2 * l)] >= 0 && t.isSwitchLink(l))
            links.push_back(l);
    out.switchLinks = links.size();
    out.setsOfSize.assign(sz(k) + 1, 0);
    out.orbitsOfSize.assign(sz(k) + 1, 0);
    for (int i = 0; i <= k; ++i)
        out.setsOfSize[sz(i)] = binomial(links.size(), sz(i));
    auto finish = [&] {
        out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        return out;
    };
    const auto g = useSymmetry ? computeLinkSymmetry(t, classes, m, staticRoutes, true) : LinkSymmetry {};
    out.stabilisers = useSymmetry ? 1 : 0;
    if (!g.applied || links.empty()) {
        out.reason = links.empty() ? "no switch links" : useSymmetry ? g.reason : "every set analysed (--exhaustive)";
        listEverySet(out, k, maxSets, links);
        return finish();
    }
    auto chain = std::make_shared<FailureOrbitChain>();
    chain->switchLinks = links;
    chain->linkCount = t.linkCount;
    FailureOrbitChain::Level root;
    root.gens = g.perms;
    chain->build(root);
    chain->levels.push_back(std::move(root));
    ChainBuilder cb { t, classes, m, staticRoutes, fb, *chain, out };
    try {
        for (int size = 1; size <= k; ++size) {
            std::vector<OrderedClass> ordered;
            cb.enumerate(0, 0, size, 1, ordered);
            cb.unordered(size, ordered);
        }
    } catch (const std::runtime_error& e) {
        out.orbits.clear();
        std::fill(out.orbitsOfSize.begin(), out.orbitsOfSize.end(), 0);
        out.reason = std::string("the stabiliser chain failed its check (") + e.what() + "): every set is listed";
        listEverySet(out, k, maxSets, links);
        return finish();
    }
    out.applied = true;
    out.source = g.source;
    out.generators = g.generators;
    out.groupOrderLog10 = g.groupOrderLog10;
    out.chain = std::move(chain);
    return finish();
}

} // namespace lfp
