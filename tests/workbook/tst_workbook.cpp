// SPDX-License-Identifier: GPL-3.0-or-later
// The budget workbook: formulas present in the XLSX, cached values = the planner's, CSV rows, and a
// LibreOffice headless recalculation (workbook written WITHOUT cached results) that must give
// `lfp budget --json`'s numbers to the byte.
// Qt first: moc (Qt 6.4) cannot parse <concepts> when it meets it before the Qt headers.
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include "exporters/exportcontext.h"
#include "exporters/workbook.h"
#include "model/asiccatalog.h"
#include "model/fabricjson.h"
#include "model/generators.h"
#include "model/textsafe.h"
#include <map>
#include <nlohmann/json.hpp>

using namespace lfp;

namespace {

struct Run {
    int code = -1;
    QByteArray out;
    QByteArray err;
};

Run run(const QString& prog, const QStringList& args, int timeoutMs = 120000)
{
    QProcess p;
    p.start(prog, args);
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        return { -2, {}, "timeout" };
    }
    return { p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2, p.readAllStandardOutput(), p.readAllStandardError() };
}

/// The example (Spectrum-3), leaf1's first spine link at 300 m, leaf2 on Trident 4 (Broadcom XGS without a vendor table,
/// IEEE terms) and leaf3 on Spectrum-4 (kb_on_tile): every formula family of the workbook.
Fabric mixedFabric()
{
    Fabric f = exampleFabric();
    for (auto& l : f.links)
        if ((l.a.node == "leaf1" || l.b.node == "leaf1") && (l.a.node.rfind("spine", 0) == 0 || l.b.node.rfind("spine", 0) == 0)) {
            l.length = Metres(300);
            break;
        }
    for (auto& n : f.nodes) {
        if (n.name == "leaf2")
            n.asic = "trident-4";
        if (n.name == "leaf3")
            n.asic = "spectrum-4";
    }
    return f;
}

const WorkbookCell* cellAt(const WorkbookSheet& s, const std::string& addr)
{
    const auto digits = addr.find_first_of("0123456789");
    int col = 0;
    for (std::size_t i = 0; i < digits; ++i)
        col = col * 26 + (addr[i] - 'A' + 1);
    const int row = std::stoi(addr.substr(digits)) - 1;
    if (row >= static_cast<int>(s.rows.size()) || col - 1 >= static_cast<int>(s.rows[static_cast<std::size_t>(row)].size()))
        return nullptr;
    return &s.rows[static_cast<std::size_t>(row)][static_cast<std::size_t>(col - 1)];
}

/// Parses RFC 4180 CSV into rows of fields.
std::vector<std::vector<std::string>> parseCsv(const std::string& text)
{
    std::vector<std::vector<std::string>> rows(1);
    std::string field;
    bool quoted = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (quoted) {
            if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
                field += '"';
                ++i;
            } else if (c == '"')
                quoted = false;
            else
                field += c;
        } else if (c == '"')
            quoted = true;
        else if (c == ',') {
            rows.back().push_back(field);
            field.clear();
        } else if (c == '\n') {
            rows.back().push_back(field);
            field.clear();
            rows.emplace_back();
        } else if (c != '\r')
            field += c;
    }
    if (!field.empty() || !rows.back().empty())
        rows.back().push_back(field);
    if (rows.back().empty())
        rows.pop_back();
    return rows;
}

std::string value0(const Workbook& wb, const std::string& device, const std::string& key)
{
    for (const auto& s : wb.sheets)
        if (s.device == device)
            return std::to_string(static_cast<long long>(cellAt(s, s.address(key))->value));
    return {};
}

} // namespace

class TstWorkbook : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    AsicCatalog m_catalog = AsicCatalog::loadDefault();

private slots:
    void cachedValuesAreThePlannersAndFormulasAreLive()
    {
        const Fabric f = mixedFabric();
        const ExportContext ctx(f, m_catalog);
        const Workbook wb = buildBudgetWorkbook(ctx);
        QCOMPARE(wb.sheets.front().name, std::string("Summary"));
        int switches = 0;
        for (const auto& dev : ctx.devices())
            if (dev.node->isSwitch() && dev.budget)
                ++switches;
        QCOMPARE(static_cast<int>(wb.sheets.size()), switches + 1);
        for (std::size_t i = 1; i < wb.sheets.size(); ++i) {
            const WorkbookSheet& s = wb.sheets[i];
            const SwitchBudget& b = *ctx.device(s.device)->budget;
            for (const char* key : { "reserved", "shared_headroom_pool", "available", "ingress_lossless_pool", "dt_share_one", "dt_share_all" }) {
                const WorkbookCell* c = cellAt(s, s.address(key));
                QVERIFY2(c, key);
                QCOMPARE(c->kind, WorkbookCell::Kind::Formula);
            }
            QCOMPARE(cellAt(s, s.address("reserved"))->value, static_cast<double>(b.reserved.value()));
            QCOMPARE(cellAt(s, s.address("shared_headroom_pool"))->value, static_cast<double>(b.sharedHeadroomPool.value()));
            QCOMPARE(cellAt(s, s.address("available"))->value, static_cast<double>(b.available.value()));
            QCOMPARE(cellAt(s, s.address("ingress_lossless_pool"))->value, static_cast<double>(b.ingressLosslessPool.value()));
            for (const auto& p : b.ports) {
                if (!p.headroom)
                    continue;
                const WorkbookCell* xoff = cellAt(s, s.address("port:" + p.port + ":xoff"));
                QVERIFY(xoff);
                QCOMPARE(xoff->value, static_cast<double>(p.headroom->xoff.value()));
                QCOMPARE(xoff->kind, WorkbookCell::Kind::Formula);
                // xoff depends (through the term columns) on the row's cable cell
                const WorkbookCell* cable = cellAt(s, s.address("port:" + p.port + ":cable_length"));
                QCOMPARE(cable->kind, WorkbookCell::Kind::Number);
                QCOMPARE(cable->value, p.cable.value());
            }
        }
        const WorkbookSheet& leaf1 = *std::find_if(wb.sheets.begin(), wb.sheets.end(), [](const WorkbookSheet& s) { return s.device == "leaf1"; });
        // bytes_on_cable reads the cable column: the formula text contains the cable cell's address
        bool found = false;
        for (const auto& row : leaf1.rows)
            for (const auto& c : row)
                if (c.kind == WorkbookCell::Kind::Formula && c.text.find("*1000000000/198000000/(8*1000)") != std::string::npos)
                    found = true;
        QVERIFY(found);

        const std::string csv = workbookCsv(wb);
        QVERIFY(csv.find("Summary,") == 0);
        QVERIFY(csv.find("leaf1,xoff_base") == std::string::npos); // terms are columns, not rows
        QVERIFY(csv.find("leaf1,shared_headroom_pool,") != std::string::npos);
    }

    void xlsxHoldsFormulas()
    {
        if (QStandardPaths::findExecutable("unzip").isEmpty())
            QSKIP("unzip is not installed: cannot read the XLSX's sheet XML");
        const Fabric f = mixedFabric();
        const ExportContext ctx(f, m_catalog);
        const Workbook wb = buildBudgetWorkbook(ctx);
        const QString path = m_dir.filePath("budget.xlsx");
        writeWorkbookXlsx(wb, path.toStdString());
        const Run list = run("unzip", { "-l", path });
        QCOMPARE(list.code, 0);
        QVERIFY(list.out.contains("xl/worksheets/sheet2.xml"));
        const Run sheet = run("unzip", { "-p", path, "xl/worksheets/sheet2.xml" });
        QCOMPARE(sheet.code, 0);
        QVERIFY2(sheet.out.contains("<f>"), "no formula in the first switch sheet");
        QVERIFY(sheet.out.contains("198000000"));
        const Run summary = run("unzip", { "-p", path, "xl/worksheets/sheet1.xml" });
        QVERIFY(summary.out.contains("<f>"));
        QVERIFY(summary.out.contains("!$B$"));
    }

    void libreOfficeRecalculatesThePlannersNumbers()
    {
        QString soffice = QStandardPaths::findExecutable("soffice");
        if (soffice.isEmpty())
            soffice = QStandardPaths::findExecutable("libreoffice");
        if (soffice.isEmpty())
            QSKIP("LibreOffice (soffice) is not installed: the headless recalculation check is skipped (apt-get install libreoffice-calc-nogui)");
        const Fabric f = mixedFabric();
        const QString fabricPath = m_dir.filePath("mixed.json");
        writeFabricJson(f, fabricPath.toStdString());
        const Run budget = run(LFP_CLI_PATH, { "budget", fabricPath, "--json" });
        QVERIFY2(budget.code == 0 || budget.code == 1, budget.err.constData());
        const auto bj = nlohmann::json::parse(budget.out.toStdString());

        const ExportContext ctx(f, m_catalog);
        const Workbook wb = buildBudgetWorkbook(ctx);
        const QString xlsx = m_dir.filePath("nocache.xlsx");
        WorkbookOptions opt;
        opt.cachedResults = false; // every value LibreOffice shows is its own recalculation
        writeWorkbookXlsx(wb, xlsx.toStdString(), opt);
        // A reviewer's edit: leaf1's 300 m uplink set back to 6 m in the sheet (an input cell only).
        Workbook edited = wb;
        auto leaf1 = std::find_if(edited.sheets.begin(), edited.sheets.end(), [](const WorkbookSheet& s) { return s.device == "leaf1"; });
        QVERIFY(leaf1 != edited.sheets.end());
        std::string longPort;
        for (const auto& [k, a] : leaf1->named)
            if (k.size() > 13 && k.compare(k.size() - 13, 13, ":cable_length") == 0) {
                auto* c = const_cast<WorkbookCell*>(cellAt(*leaf1, a));
                if (c->value == 300) {
                    longPort = k.substr(5, k.size() - 5 - 13);
                    c->value = 6;
                }
            }
        QVERIFY(!longPort.empty());
        const QString editedXlsx = m_dir.filePath("edited.xlsx");
        writeWorkbookXlsx(edited, editedXlsx.toStdString(), opt);
        // A private profile that recalculates OOXML on load (org.openoffice.Office.Calc/Formula/Load).
        const QString profile = m_dir.filePath("lo-profile");
        QDir().mkpath(profile + "/user");
        QFile reg(profile + "/user/registrymodifications.xcu");
        QVERIFY(reg.open(QIODevice::WriteOnly));
        reg.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<oor:items xmlns:oor=\"http://openoffice.org/2001/registry\" "
                  "xmlns:xs=\"http://www.w3.org/2001/XMLSchema\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\">\n"
                  "<item oor:path=\"/org.openoffice.Office.Calc/Formula/Load\"><prop oor:name=\"OOXMLRecalcMode\" oor:op=\"fuse\"><value>0</value></prop></item>\n"
                  "</oor:items>\n");
        reg.close();
        const QString outDir = m_dir.filePath("lo-out");
        QDir().mkpath(outDir);
        const Run conv = run(soffice, { "-env:UserInstallation=file://" + profile, "--headless", "--norestore", "--convert-to",
                                          "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1", "--outdir", outDir, xlsx, editedXlsx },
            300000);
        QVERIFY2(conv.code == 0, (conv.out + conv.err).constData());

        for (const auto& sw : bj["switches"]) {
            const std::string name = sw["switch"];
            const auto it = std::find_if(wb.sheets.begin(), wb.sheets.end(), [&](const WorkbookSheet& s) { return s.device == name; });
            QVERIFY(it != wb.sheets.end());
            QFile csv(outDir + "/nocache-" + QString::fromStdString(it->name) + ".csv");
            QVERIFY2(csv.open(QIODevice::ReadOnly), qPrintable(csv.fileName()));
            const auto rows = parseCsv(csv.readAll().toStdString());
            auto value = [&](const std::string& key) -> std::string {
                const std::string a = it->address(key);
                const auto digits = a.find_first_of("0123456789");
                int col = 0;
                for (std::size_t i = 0; i < digits; ++i)
                    col = col * 26 + (a[i] - 'A' + 1);
                const auto r = static_cast<std::size_t>(std::stoi(a.substr(digits)) - 1);
                if (r >= rows.size() || static_cast<std::size_t>(col - 1) >= rows[r].size())
                    return "<missing " + a + ">";
                return rows[r][static_cast<std::size_t>(col - 1)];
            };
            auto same = [&](const std::string& key, const nlohmann::json& expected) {
                const std::string got = value(key);
                const std::string want = std::to_string(expected.get<long long>());
                if (got != want)
                    QFAIL(qPrintable(QString::fromStdString(name + " " + key + ": LibreOffice " + got + ", lfp budget " + want)));
            };
            same("reserved", sw["reserved"]);
            same("shared_headroom_pool", sw["shared_headroom_pool"]);
            same("available", sw["available"]);
            same("ingress_lossless_pool", sw["ingress_lossless_pool"]);
            same("dt_share_one", sw["dt_share_one"]);
            same("dt_share_all", sw["dt_share_all"]);
            for (const auto& pool : sw["pools"])
                same("pool:" + pool["name"].get<std::string>(), pool["size"]);
            int checked = 0;
            for (const auto& p : sw["ports"]) {
                if (!p.contains("xoff"))
                    continue;
                const std::string port = p["port"];
                same("port:" + port + ":xon", p["xon"]);
                same("port:" + port + ":xoff", p["xoff"]);
                same("port:" + port + ":size", p["size"]);
                ++checked;
            }
            QVERIFY(checked > 0);
        }

        // The edited sheet: that port's xoff and size are `lfp headroom` at 6 m, and the pool moved.
        QFile ecsv(outDir + "/edited-" + QString::fromStdString(leaf1->name) + ".csv");
        QVERIFY2(ecsv.open(QIODevice::ReadOnly), qPrintable(ecsv.fileName()));
        const auto erows = parseCsv(ecsv.readAll().toStdString());
        auto evalue = [&](const std::string& key) {
            const std::string a = leaf1->address(key);
            const auto digits = a.find_first_of("0123456789");
            int col = 0;
            for (std::size_t i = 0; i < digits; ++i)
                col = col * 26 + (a[i] - 'A' + 1);
            return erows.at(static_cast<std::size_t>(std::stoi(a.substr(digits)) - 1)).at(static_cast<std::size_t>(col - 1));
        };
        const Run hr = run(LFP_CLI_PATH, { "headroom", "--asic", "spectrum-3", "--speed", "400G", "--cable", "6m", "--lanes", "8", "--json" });
        QCOMPARE(hr.code, 0);
        const auto hj = nlohmann::json::parse(hr.out.toStdString());
        QCOMPARE(evalue("port:" + longPort + ":xoff"), std::to_string(hj["xoff"].get<long long>()));
        QCOMPARE(evalue("port:" + longPort + ":size"), std::to_string(hj["size"].get<long long>()));
        Fabric f6 = f;
        for (auto& l : f6.links)
            if (l.length.value() == 300)
                l.length = Metres(6);
        const QString f6Path = m_dir.filePath("six.json");
        writeFabricJson(f6, f6Path.toStdString());
        const Run b6 = run(LFP_CLI_PATH, { "budget", f6Path, "--switch", "leaf1", "--json" });
        const auto b6j = nlohmann::json::parse(b6.out.toStdString());
        QCOMPARE(evalue("ingress_lossless_pool"), std::to_string(b6j["switches"][0]["ingress_lossless_pool"].get<long long>()));
        QVERIFY(evalue("ingress_lossless_pool") != value0(wb, "leaf1", "ingress_lossless_pool"));
    }

    /// Issue 36 F3: a device named like a formula (`=cmd|' /C calc'!A0`, a DDE payload) becomes text in
    /// the CSV, never a cell LibreOffice or Excel evaluates: every field that starts with = + - @ TAB
    /// or CR is prefixed with an apostrophe; the XLSX writer stores names as strings already.
    void csvNeutralisesFormulaNames()
    {
        Fabric f = exampleFabric();
        const std::string evil = "=cmd|' /C calc'!A0";
        for (auto& n : f.nodes)
            if (n.name == "leaf1")
                n.name = evil;
        for (auto& l : f.links)
            for (Endpoint* e : { &l.a, &l.b })
                if (e->node == "leaf1")
                    e->node = evil;
        for (auto& o : f.overrides)
            if (o.port.node == "leaf1")
                o.port.node = evil;
        const ExportContext ctx(f, m_catalog);
        const std::string csv = workbookCsv(buildBudgetWorkbook(ctx));
        QVERIFY(csv.find(evil) != std::string::npos); // the name is there, as text
        int formulas = 0, neutralised = 0;
        for (const auto& row : parseCsv(csv))
            for (const auto& field : row) {
                if (!field.empty() && std::string_view("=+-@\t\r").find(field.front()) != std::string_view::npos)
                    ++formulas;
                if (field.rfind("'" + evil, 0) == 0)
                    ++neutralised;
            }
        QCOMPARE(formulas, 0);
        QVERIFY(neutralised > 0);
        QCOMPARE(csvField("=1+1"), std::string("'=1+1"));
        QCOMPARE(csvField("-3"), std::string("'-3"));
        QCOMPARE(csvField("@SUM(A1)"), std::string("'@SUM(A1)"));
        QCOMPARE(csvField("\tx"), std::string("'\tx"));
        QCOMPARE(csvField("a,\"b\""), std::string("\"a,\"\"b\"\"\""));
        QCOMPARE(csvField("leaf1"), std::string("leaf1"));
    }
};

QTEST_GUILESS_MAIN(TstWorkbook)
#include "tst_workbook.moc"
