// SPDX-License-Identifier: GPL-3.0-or-later
// Every input kept by the fuzzers (tests/fuzz/regressions/<reader>/, crashes found and fixed, plus
// interesting corpus entries) is read by every reader, as an ASIC profile file and as a .lfp project
// (fuzz_asic_json, fuzz_project): InputError is fine, a crash, a hang or any other exception is not.
#include <QtTest>

#ifndef Q_MOC_RUN
#include "importers/importer.h"
#include "importers/nicevidence.h"
#include "model/asiccatalog.h"
#include "model/fabricjson.h"
#include "model/projectstore.h"
#include "projectrows.h"

#include <QTemporaryDir>
#include <filesystem>
#endif

class TestFuzzRegressions : public QObject {
    Q_OBJECT
private slots:
    void everyReaderSurvivesEveryInput()
    {
        namespace fs = std::filesystem;
        const fs::path root(LFP_FUZZ_REGRESSIONS_DIR);
        QVERIFY(fs::is_directory(root));
        std::size_t inputs = 0, accepted = 0, refused = 0;
        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        for (const auto& entry : fs::recursive_directory_iterator(root)) {
            if (!entry.is_regular_file() || entry.path().filename().string().front() == '.')
                continue;
            ++inputs;
            const std::string file = entry.path().string();
            const std::string text = lfp::readWholeFile(file);
            try { // the native reader too (issue 13: deep nesting, duplicate keys, control characters, huge values)
                (void)lfp::fabricFromJsonText(text, file);
                ++accepted;
            } catch (const lfp::InputError&) {
                ++refused;
            }
            try { // an ASIC profile file (fuzz_asic_json)
                lfp::AsicCatalog catalog;
                catalog.loadFile(file, "regression");
                ++accepted;
            } catch (const lfp::InputError&) {
                ++refused;
            }
            try { // a project (fuzz_project), on a copy: opening may roll back a journal
                const std::string copy = (fs::path(tmp.path().toStdString()) / "input.lfp").string();
                fs::copy_file(file, copy, fs::copy_options::overwrite_existing);
                fs::remove(copy + "-journal");
                auto store = lfp::ProjectStore::open(copy, false);
                (void)store.revisions();
                (void)store.load();
                ++accepted;
            } catch (const lfp::InputError&) {
                ++refused;
            }
            // The host evidence readers (importers/nicevidence.h): mlnx_qos, mlx5 ECN sysfs, bnxt_re
            // configfs, NicConfigurationTemplate. Each accepts or refuses with an InputError, never crashes.
            const auto tryRead = [&](const auto& read) {
                try {
                    read();
                    ++accepted;
                } catch (const lfp::InputError&) {
                    ++refused;
                }
            };
            tryRead([&] { lfp::NicEvidence e; lfp::parseMlnxQos(text, file, e); });
            tryRead([&] { lfp::NicEvidence e; lfp::parseEcnSysfs(text, file, e); });
            tryRead([&] { lfp::NicEvidence e; lfp::parseBnxtReCc(text, file, e); });
            tryRead([&] { (void)lfp::parseNicConfigurationTemplates(text, file); });
            for (const auto& imp : lfp::importers()) {
                if (imp->id() == "verbs")
                    continue; // reads no input
                try {
                    if (imp->id() == "ibnd-cache")
                        (void)imp->read({ file }, nullptr);
                    else
                        (void)imp->readTexts({ { file, text } }, nullptr);
                    ++accepted;
                } catch (const lfp::InputError&) {
                    ++refused;
                } catch (const std::exception& e) {
                    QFAIL(qPrintable(QString("%1 on %2 threw %3").arg(QString::fromStdString(imp->id()), QString::fromStdString(file), e.what())));
                }
            }
        }
        qInfo("%zu inputs, %zu reads accepted, %zu refused with InputError", inputs, accepted, refused);
        QVERIFY(inputs > 0);
    }

    /// The inputs of fuzz_project_rows (tests/fuzz/projectrows.h: the rows of a project, not its bytes),
    /// replayed as that harness runs them: every revision listed and loaded, then a save onto the latest,
    /// which must read back.
    void projectRowsInputs()
    {
        namespace fs = std::filesystem;
        const fs::path dir = fs::path(LFP_FUZZ_REGRESSIONS_DIR) / "project-rows";
        QVERIFY(fs::is_directory(dir));
        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        const std::string path = (fs::path(tmp.path().toStdString()) / "rows.lfp").string();
        std::size_t inputs = 0, loaded = 0, saved = 0;
        for (const auto& entry : fs::directory_iterator(dir)) {
            if (!entry.is_regular_file() || entry.path().filename().string().front() == '.')
                continue;
            ++inputs;
            const std::string file = entry.path().string();
            lfp::fuzz::writeProjectRows(path, lfp::readWholeFile(file));
            try {
                auto store = lfp::ProjectStore::open(path, false);
                for (const auto& r : store.revisions()) {
                    try {
                        (void)store.load(r.id);
                        ++loaded;
                    } catch (const lfp::InputError&) {
                    }
                }
            } catch (const lfp::InputError&) {
            }
            int id = 0;
            try {
                auto store = lfp::ProjectStore::open(path, true);
                const auto latest = store.latestRevision();
                id = store.save(store.load(), "test", "replay", latest);
            } catch (const lfp::InputError&) {
                continue;
            }
            ++saved;
            try {
                (void)lfp::ProjectStore::open(path, false).load(id);
            } catch (const lfp::InputError& e) {
                QFAIL(qPrintable(QString("%1: the saved revision does not read back: %2").arg(QString::fromStdString(file), e.what())));
            }
        }
        qInfo("%zu row inputs, %zu revisions loaded, %zu saves", inputs, loaded, saved);
        QVERIFY(inputs > 0);
    }

    /// The hand-made fuzz seeds (tests/fuzz/seeds/fabric-json/) stay valid fabrics that reach every optional
    /// section: the coverage replay (tests/fuzz/coverage.sh) showed that no mutation of the example built
    /// one, so a seed that stops reading would silently take a fifth of the reader out of the fuzzing.
    void fabricSeedsReachEveryOptionalSection()
    {
        namespace fs = std::filesystem;
        const fs::path dir = fs::path(LFP_FUZZ_REGRESSIONS_DIR).parent_path() / "seeds" / "fabric-json";
        QVERIFY(fs::is_directory(dir));
        bool asics = false, ibQos = false, overrides = false, guid = false, attributes = false, buffer = false,
             breakout = false, fibre = false;
        std::size_t seeds = 0;
        for (const auto& entry : fs::directory_iterator(dir)) {
            if (!entry.is_regular_file() || entry.path().extension() != ".json")
                continue;
            ++seeds;
            lfp::Fabric f;
            try {
                f = lfp::fabricFromJsonText(lfp::readWholeFile(entry.path().string()), entry.path().string());
            } catch (const lfp::InputError& e) {
                QFAIL(qPrintable(QString("the seed no longer reads: %1").arg(e.what())));
            }
            QVERIFY2(lfp::fabricFromJsonText(lfp::fabricToJsonText(f), "again.json") == f, entry.path().c_str());
            asics |= !f.asics.empty();
            ibQos |= !f.ibQos.empty();
            overrides |= !f.overrides.empty();
            for (const auto& n : f.nodes) {
                guid |= n.guid != 0;
                attributes |= !n.attributes.empty();
                buffer |= !n.buffer.empty();
                for (const auto& p : n.ports)
                    breakout |= !p.breakoutParent.empty();
            }
            for (const auto& l : f.links)
                fibre |= l.fibre != lfp::FibreType::Unknown;
        }
        QVERIFY(seeds > 0);
        QVERIFY(asics);
        QVERIFY(ibQos);
        QVERIFY(overrides);
        QVERIFY(guid);
        QVERIFY(attributes);
        QVERIFY(buffer);
        QVERIFY(breakout);
        QVERIFY(fibre);
    }

    /// tests/fuzz/seeds/fabric-json/variant-*.json (make-refused.py): each changes one accepted value of the
    /// every-field seed to take a branch no other seed takes. They must read and round-trip (checked with the
    /// other seeds above) and still carry what they were made for, seen in what the writer writes (nodes and
    /// links one compact line each, the rest indented).
    void variantSeedsReachTheirBranches_data()
    {
        QTest::addColumn<QString>("seed");
        QTest::addColumn<QStringList>("written");
        QTest::newRow("release-legacy") << "variant-release-legacy.json" << QStringList { "\"buffer.sonic_release\":\"legacy\"" };
        // a commit id names the release; the writer writes its name
        QTest::newRow("release-pr3235") << "variant-release-pr3235.json" << QStringList { "\"buffer.sonic_release\":\"pr3235\"" };
        QTest::newRow("absolute-pools") << "variant-absolute-pools.json"
                                        << QStringList { "\"max_headroom_per_port\": 196608", "\"queue_reserved\": 1024",
                                                         "\"size\": 25165824", "\"size\": 4194304" };
        QTest::newRow("unit-forms") << "variant-unit-forms.json"
                                    << QStringList { "\"length\":\"1500m\"", "\"length\":\"2.5m\"", "\"speed\":\"2.5M\"",
                                                     "\"speed\":\"1.5G\"", "\"buffer.gearbox_delay\":\"2us\"", "\"detection\": \"1s\"", "\"restoration\": \"400us\"" };
    }

    void variantSeedsReachTheirBranches()
    {
        QFETCH(QString, seed);
        QFETCH(QStringList, written);
        namespace fs = std::filesystem;
        const fs::path file = fs::path(LFP_FUZZ_REGRESSIONS_DIR).parent_path() / "seeds" / "fabric-json" / seed.toStdString();
        const lfp::Fabric f = lfp::fabricFromJsonText(lfp::readWholeFile(file.string()), file.string());
        const std::string text = lfp::fabricToJsonText(f);
        for (const QString& w : written)
            QVERIFY2(text.find(w.toStdString()) != std::string::npos, qPrintable(seed + ": the writer did not write " + w));
    }

    /// The refused seeds (tests/fuzz/seeds/*/refused-*.bad, written by make-refused.py) each carry one
    /// fault past which no corpus input had reached; each must still be refused, by the fast and the
    /// strict fabric reader alike, with the JSON pointer of the faulty field.
    void refusedSeedsAreRefused()
    {
        namespace fs = std::filesystem;
        const fs::path seeds = fs::path(LFP_FUZZ_REGRESSIONS_DIR).parent_path() / "seeds";
        std::size_t fabrics = 0, asics = 0;
        for (const auto& entry : fs::directory_iterator(seeds / "fabric-json")) {
            if (entry.path().extension() != ".bad")
                continue;
            ++fabrics;
            const std::string file = entry.path().string();
            const std::string text = lfp::readWholeFile(file);
            try {
                (void)lfp::fabricFromJsonText(text, file);
                QFAIL(qPrintable(QString("%1: accepted").arg(QString::fromStdString(file))));
            } catch (const lfp::InputError& e) {
                // file:line:column always; the field's pointer too, unless the text is not JSON at all
                // (refused-name-not-utf8: the parser refuses an ill-formed UTF-8 byte before any field is read)
                const std::string_view what = e.what();
                QVERIFY2(what.starts_with(file + ":") && e.where().line > 0 && e.where().column > 0, e.what());
                QVERIFY2(what.find(": /") != std::string_view::npos || what.find("malformed JSON") != std::string_view::npos, e.what());
            }
            QVERIFY_THROWS_EXCEPTION(lfp::InputError, (void)lfp::strictFabricFromJsonText(text, file));
        }
        for (const auto& entry : fs::directory_iterator(seeds / "asic-json")) {
            if (entry.path().extension() != ".bad")
                continue;
            ++asics;
            lfp::AsicCatalog c;
            try {
                c.loadFile(entry.path().string(), "seed");
                QFAIL(qPrintable(QString("%1: accepted").arg(entry.path().c_str())));
            } catch (const lfp::InputError& e) {
                QVERIFY2(std::string_view(e.what()).find(": /") != std::string_view::npos, e.what());
            }
        }
        qInfo("%zu refused fabric seeds, %zu refused ASIC seeds", fabrics, asics);
        QVERIFY(fabrics > 0);
        QVERIFY(asics > 0);
    }
};

QTEST_GUILESS_MAIN(TestFuzzRegressions)
#include "tst_fuzz_regressions.moc"
