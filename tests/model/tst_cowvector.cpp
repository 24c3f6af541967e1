// SPDX-License-Identifier: GPL-3.0-or-later
// CowVector (model/cowvector.h, issue 30): chunks shared between copies, one chunk copied per write,
// and the same results as std::vector under a random sequence of operations.
#include "model/cowvector.h"
#include "model/fabric.h"
#include "model/fieldaccess.h"
#include "model/generators.h"

#include <QtTest>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

using namespace lfp;

namespace {
using V = CowVector<std::string, 2>; // chunks of 4: the chunk edges are crossed often

std::vector<std::string> items(const V& v) { return v.toVector(); }
} // namespace

class TestCowVector : public QObject {
    Q_OBJECT
private slots:
    void copiesShareUntilWritten()
    {
        V a;
        for (int i = 0; i < 10; ++i)
            a.push_back("s" + std::to_string(i));
        QCOMPARE(a.chunkCount(), std::size_t(3));
        const V b = a; // shares the three chunks
        for (std::size_t c = 0; c < 3; ++c)
            QVERIFY(a.sharesChunk(b, c));
        a[5] = "five"; // copies chunk 1 only
        QVERIFY(a.sharesChunk(b, 0));
        QVERIFY(!a.sharesChunk(b, 1));
        QVERIFY(a.sharesChunk(b, 2));
        QCOMPARE(b[5], std::string("s5")); // the copy does not see the write
        QCOMPARE(a[5], std::string("five"));
        // Reading through const never copies.
        const V& ca = a;
        QCOMPARE(ca[9], std::string("s9"));
        QVERIFY(a.sharesChunk(b, 2));
        // A non-const iteration may write anywhere: every chunk becomes a's own.
        for (auto& s : a)
            s += "!";
        for (std::size_t c = 0; c < 3; ++c)
            QVERIFY(!a.sharesChunk(b, c));
        QCOMPARE(b.front(), std::string("s0"));
        QCOMPARE(a.front(), std::string("s0!"));
        // A push onto a shared last chunk copies that chunk, not the first ones.
        V d = b;
        d.push_back("s10");
        QVERIFY(d.sharesChunk(b, 0));
        QVERIFY(!d.sharesChunk(b, 2));
        QCOMPARE(b.size(), std::size_t(10));
        QCOMPARE(d.size(), std::size_t(11));
    }

    void indexOfFindsElements()
    {
        V a { "a", "b", "c", "d", "e", "f" };
        const V& ca = a;
        QCOMPARE(ca.indexOf(&ca[4]).value(), std::size_t(4));
        const std::string other;
        QVERIFY(!ca.indexOf(&other));
        QCOMPARE((ca.begin() + 3).index(), std::size_t(3));
    }

    void behavesAsStdVector()
    {
        // A random sequence of the operations the code base uses, on a CowVector, on copies of it taken
        // now and then (which must keep their contents) and on a std::vector: always equal.
        std::mt19937 rng(7);
        V v;
        std::vector<std::string> ref;
        std::vector<std::pair<V, std::vector<std::string>>> copies;
        for (int step = 0; step < 4000; ++step) {
            const int op = int(rng() % 11);
            const std::string s = std::to_string(rng() % 1000);
            const std::size_t n = ref.size();
            switch (op) {
            case 0:
            case 1:
                v.push_back(s);
                ref.push_back(s);
                break;
            case 2:
                if (n) {
                    const std::size_t i = rng() % n;
                    v[i] = s;
                    ref[i] = s;
                }
                break;
            case 3:
                if (n) {
                    v.pop_back();
                    ref.pop_back();
                }
                break;
            case 4: {
                const std::size_t i = n ? rng() % (n + 1) : 0;
                v.insert(std::as_const(v).begin() + std::ptrdiff_t(i), s);
                ref.insert(ref.begin() + std::ptrdiff_t(i), s);
                break;
            }
            case 5:
                if (n) {
                    const std::size_t i = rng() % n, j = i + rng() % (n - i + 1);
                    v.erase(std::as_const(v).begin() + std::ptrdiff_t(i), std::as_const(v).begin() + std::ptrdiff_t(j));
                    ref.erase(ref.begin() + std::ptrdiff_t(i), ref.begin() + std::ptrdiff_t(j));
                }
                break;
            case 6: {
                const char c = s.back();
                erase_if(v, [&](const std::string& x) { return x.back() == c; });
                std::erase_if(ref, [&](const std::string& x) { return x.back() == c; });
                break;
            }
            case 7:
                copies.emplace_back(v, ref);
                if (copies.size() > 8)
                    copies.erase(copies.begin());
                break;
            case 8: {
                const std::size_t m = rng() % 20;
                v.resize(m, s);
                ref.resize(m, s);
                break;
            }
            case 9:
                std::sort(v.begin(), v.end());
                std::sort(ref.begin(), ref.end());
                break;
            case 10:
                if (!copies.empty() && rng() % 4 == 0) { // continue from an older copy
                    v = copies.front().first;
                    ref = copies.front().second;
                }
                break;
            }
            QCOMPARE(v.size(), ref.size());
            QVERIFY(v == ref);
        }
        for (const auto& [c, r] : copies)
            QVERIFY(items(c) == r);
    }

    void fabricCopySharesNodesAnEditTouchesOne()
    {
        // A leaf-spine fabric's copy shares every chunk of nodes and links; setting a port's MTU
        // through the field access copies the one chunk of nodes that holds the node.
        const Fabric f = generateLeafSpine(4, 32, 16);
        QVERIFY(f.nodes.chunkCount() > 2);
        Fabric g = f;
        const Node& leaf = f.nodes[f.nodes.size() - 1];
        QVERIFY(!leaf.ports.empty());
        const ObjectRef port = ObjectRef::forPort(Endpoint { leaf.name, leaf.ports.front().name });
        QCOMPARE(getField(g, port, "mtu"), std::string("9100"));
        for (std::size_t c = 0; c < f.nodes.chunkCount(); ++c)
            QVERIFY(g.nodes.sharesChunk(f.nodes, c)); // reading copied nothing
        setField(g, port, "mtu", "4200");
        std::size_t shared = 0;
        for (std::size_t c = 0; c < f.nodes.chunkCount(); ++c)
            shared += g.nodes.sharesChunk(f.nodes, c);
        QCOMPARE(shared, f.nodes.chunkCount() - 1);
        for (std::size_t c = 0; c < f.links.chunkCount(); ++c)
            QVERIFY(g.links.sharesChunk(f.links, c));
        QCOMPARE(getField(f, port, "mtu"), std::string("9100"));
        QCOMPARE(getField(g, port, "mtu"), std::string("4200"));
        QVERIFY(!(f == g));
    }
};

QTEST_APPLESS_MAIN(TestCowVector)
#include "tst_cowvector.moc"
