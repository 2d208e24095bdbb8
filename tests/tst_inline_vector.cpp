// SPDX-License-Identifier: MIT
// InlineVector: the inline/heap transitions the reader relies on, with a
// trivial and a non-trivial element type.
#include "tileport/TileIR/Bytecode/InlineVector.h"

#include <QTest>

#include <string>
#include <vector>

using tileport::tileir::bc::InlineVector;

class TestInlineVector : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void staysInlineUpToItsSize()
    {
        InlineVector<uint32_t, 2> v;
        QVERIFY(v.empty());
        v.push_back(1);
        v.push_back(2);
        QCOMPARE(v.capacity(), size_t(2));
        QCOMPARE(v, (std::vector<uint32_t>{1, 2}));
        QCOMPARE(v.back(), uint32_t(2));
    }

    void growsToTheHeapAndBack()
    {
        InlineVector<uint32_t, 2> v;
        for (uint32_t i = 0; i < 100; ++i)
            v.push_back(i);
        QCOMPARE(v.size(), size_t(100));
        QVERIFY(v.capacity() >= 100);
        for (uint32_t i = 0; i < 100; ++i)
            QCOMPARE(v[i], i);
        v.clear();
        QVERIFY(v.empty());
        v.push_back(7);
        QCOMPARE(v.at(0), uint32_t(7));
        QVERIFY_THROWS_EXCEPTION(std::out_of_range, v.at(1));
    }

    void pushesAnElementOfItself()
    {
        InlineVector<std::string, 1> v;
        v.push_back(std::string(40, 'a'));
        v.push_back(v[0]); // moves to the heap while the argument lives inline
        v.push_back(v[1]);
        QCOMPARE(v.size(), size_t(3));
        for (const std::string &s : v)
            QCOMPARE(s, std::string(40, 'a'));
    }

    void copiesAndMovesOwnedElements()
    {
        for (size_t n : {size_t(1), size_t(5)}) { // inline, heap
            InlineVector<std::string, 2> a;
            for (size_t i = 0; i < n; ++i)
                a.push_back(std::string(30, char('a' + i)));
            InlineVector<std::string, 2> copy = a;
            QCOMPARE(copy, a);
            InlineVector<std::string, 2> moved = std::move(a);
            QCOMPARE(moved, copy);
            QVERIFY(a.empty()); // a moved-from InlineVector is empty
            a = moved;
            QCOMPARE(a, copy);
            InlineVector<std::string, 2> assigned;
            assigned.push_back("x");
            assigned = std::move(moved);
            QCOMPARE(assigned, copy);
        }
    }

    void resizesWithDefaults()
    {
        InlineVector<std::vector<int>, 0> v;
        v.resize(3);
        QCOMPARE(v.size(), size_t(3));
        v[2].push_back(5);
        v.resize(1);
        QCOMPARE(v.size(), size_t(1));
        QVERIFY(v[0].empty());
    }

    void comparesAcrossInlineSizes()
    {
        const InlineVector<uint32_t, 4> a{1, 2, 3};
        InlineVector<uint32_t, 2> b{1, 2, 3};
        QVERIFY(a == b);
        b.push_back(4);
        QVERIFY(!(a == b));
    }
};

QTEST_GUILESS_MAIN(TestInlineVector)
#include "tst_inline_vector.moc"
