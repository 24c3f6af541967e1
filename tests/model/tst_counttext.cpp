// SPDX-License-Identifier: GPL-3.0-or-later
// Counts and numbers in text output (model/counttext.h, issue 38): "1 change", "2 changes", "8,192".
#include "model/counttext.h"
#include "model/units.h"

#include <QtTest>

#include <cstdint>
#include <limits>

using namespace lfp;

class TestCountText : public QObject {
    Q_OBJECT
private slots:
    void groupsThousands()
    {
        QCOMPARE(groupThousands(0), std::string("0"));
        QCOMPARE(groupThousands(999), std::string("999"));
        QCOMPARE(groupThousands(1000), std::string("1,000"));
        QCOMPARE(groupThousands(8192), std::string("8,192"));
        QCOMPARE(groupThousands(158229504), std::string("158,229,504"));
        QCOMPARE(groupThousands(-1048576), std::string("-1,048,576"));
        QCOMPARE(groupThousands(std::numeric_limits<std::int64_t>::min()), std::string("-9,223,372,036,854,775,808"));
        // The one helper: formatBytesHuman groups as it does.
        QCOMPARE(formatBytesHuman(Bytes(152880)), std::string("152,880 B"));
    }

    void nounsFollowTheCount()
    {
        QCOMPARE(countOf(0, "change"), std::string("0 changes"));
        QCOMPARE(countOf(1, "change"), std::string("1 change"));
        QCOMPARE(countOf(2, "change"), std::string("2 changes"));
        QCOMPARE(countOf(1, "switch", "switches"), std::string("1 switch"));
        QCOMPARE(countOf(40, "switch", "switches"), std::string("40 switches"));
        QCOMPARE(countOf(1024, "port"), std::string("1,024 ports"));
        QCOMPARE(countOf(1, "policy", "policies"), std::string("1 policy"));
        QCOMPARE(nounFor(3, "leaf", "leaves"), std::string("leaves"));
    }
};

QTEST_APPLESS_MAIN(TestCountText)
#include "tst_counttext.moc"
