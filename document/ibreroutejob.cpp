// SPDX-License-Identifier: GPL-3.0-or-later
#include "document/ibreroutejob.h"

#include "importers/ibdump.h"
#include "model/errors.h"
#include "planner/routing/deadlockjob.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QThread>

#include <chrono>
#include <fmt/format.h>
#include <memory>
#include <set>

namespace lfp {

namespace {

    QString q(const std::string& s) { return QString::fromStdString(s); }

    std::string findProgram(const char* name)
    {
        const QString n = QString::fromLatin1(name);
        QString p = QStandardPaths::findExecutable(n);
        if (p.isEmpty())
            p = QStandardPaths::findExecutable(n, { QStringLiteral("/usr/sbin"), QStringLiteral("/sbin"), QStringLiteral("/usr/bin") });
        return p.toStdString();
    }

    /// libumad2sim.so of Debian's libumad2sim0 (/usr/lib/<triplet>/umad2sim/), or $LFP_UMAD2SIM.
    std::string findUmad2sim()
    {
        const QString env = qEnvironmentVariable("LFP_UMAD2SIM");
        if (!env.isEmpty() && QFileInfo::exists(env))
            return env.toStdString();
        for (const QString& base : { QStringLiteral("/usr/lib"), QStringLiteral("/usr/local/lib") }) {
            const QDir d(base);
            for (const QString& sub : d.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
                const QString p = base + QStringLiteral("/") + sub + QStringLiteral("/umad2sim/libumad2sim.so");
                if (QFileInfo::exists(p))
                    return p.toStdString();
            }
            const QString p = base + QStringLiteral("/umad2sim/libumad2sim.so");
            if (QFileInfo::exists(p))
                return p.toStdString();
        }
        return {};
    }

    QString readAll(const QString& path)
    {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
    }

    bool writeText(const QString& path, const std::string& text)
    {
        QFile f(path);
        return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(text.data(), static_cast<qint64>(text.size())) == static_cast<qint64>(text.size());
    }

    /// The processes of one state; stopped (SIGTERM, then SIGKILL) however the state ends.
    struct Procs {
        std::unique_ptr<QProcess> sim, sm;
        static void stop(QProcess* p)
        {
            if (!p || p->state() == QProcess::NotRunning)
                return;
            p->terminate();
            if (!p->waitForFinished(2000)) {
                p->kill();
                p->waitForFinished(2000);
            }
        }
        ~Procs()
        {
            stop(sm.get());
            stop(sim.get());
        }
    };

    /// Polls @p pred every 50 ms until it holds, @p p exits, or @p ms pass. Cancellation through @p fb.
    template <typename Pred>
    bool waitFor(Pred&& pred, const QProcess* p, int ms, Feedback* fb)
    {
        QDeadlineTimer deadline(ms);
        while (!pred()) {
            checkCancelled(fb);
            if (deadline.hasExpired() || (p && p->state() == QProcess::NotRunning))
                return pred();
            QThread::msleep(50);
        }
        return true;
    }

    struct StateRun {
        const IbRerouteTools& tools;
        const IbRerouteJob& job;
        QString dir;
        QProcessEnvironment env; ///< the ibsim socket of this state
        QProcessEnvironment simEnv; ///< env + the umad2sim preload (OpenSM, diagnostics)
    };

    /// Runs a diagnostic under the simulator, its standard output to @p out. False on timeout or failure.
    bool runDiag(const StateRun& r, const std::string& program, const QStringList& args, QByteArray& out)
    {
        QProcess p;
        p.setProcessEnvironment(r.simEnv);
        p.setWorkingDirectory(r.dir);
        p.start(q(program), args);
        if (!p.waitForFinished(r.job.timeoutMs)) {
            Procs::stop(&p);
            return false;
        }
        out = p.readAllStandardOutput();
        return p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
    }

    /// ibsim on the net file, then OpenSM until SUBNET UP and its dumps are written.
    std::string startFabric(const StateRun& r, Procs& procs, const std::string& engine, Feedback* fb)
    {
        procs.sim = std::make_unique<QProcess>();
        procs.sim->setProcessEnvironment(r.env);
        procs.sim->setWorkingDirectory(r.dir);
        procs.sim->setProcessChannelMode(QProcess::MergedChannels);
        procs.sim->setStandardOutputFile(r.dir + QStringLiteral("/ibsim.log"));
        procs.sim->start(q(r.tools.ibsim), { QStringLiteral("-s"), QStringLiteral("-n"), QStringLiteral("net") });
        const QString simLog = r.dir + QStringLiteral("/ibsim.log");
        if (!waitFor([&] { return readAll(simLog).contains(QStringLiteral("simulator ready")); }, procs.sim.get(), r.job.timeoutMs, fb))
            return "ibsim did not start: " + readAll(simLog).left(300).toStdString();
        procs.sm = std::make_unique<QProcess>();
        procs.sm->setProcessEnvironment(r.simEnv);
        procs.sm->setWorkingDirectory(r.dir);
        procs.sm->setStandardOutputFile(r.dir + QStringLiteral("/opensm.out"));
        procs.sm->setStandardErrorFile(r.dir + QStringLiteral("/opensm.out"), QIODevice::Append);
        // -d2: flush the log after each message (we poll it); -D 0x43: errors, info, verbose (osm_log.h);
        // -Q: QoS on, so the SL2VL tables are programmed and dumped; -s 0: no periodic sweep.
        procs.sm->start(q(r.tools.opensm), { QStringLiteral("-d2"), QStringLiteral("-D"), QStringLiteral("0x43"), QStringLiteral("-R"), q(engine),
                                               QStringLiteral("-Q"), QStringLiteral("-s"), QStringLiteral("0"), QStringLiteral("-f"),
                                               r.dir + QStringLiteral("/osm.log"), QStringLiteral("--dump_files_dir"), r.dir });
        const QString log = r.dir + QStringLiteral("/osm.log");
        if (!waitFor([&] { return readAll(log).contains(QStringLiteral("SUBNET UP")); }, procs.sm.get(), r.job.timeoutMs, fb))
            return "OpenSM did not bring the subnet up";
        // OpenSM writes its dumps after SUBNET UP (osm_state_mgr.c do_sweep → osm_dump_all).
        const auto dumped = [&] {
            return QFileInfo::exists(r.dir + QStringLiteral("/opensm-lfts.dump")) && QFileInfo::exists(r.dir + QStringLiteral("/opensm-sl2vl.dump"));
        };
        if (!waitFor(dumped, procs.sm.get(), r.job.timeoutMs, fb))
            return "OpenSM wrote no opensm-lfts.dump / opensm-sl2vl.dump";
        QThread::msleep(200); // let the dump writes finish
        return {};
    }

    /// path_sl.txt in the `0x<source node GUID> <DLID> <SL>` form ibdmchk -c reads: the SA's PathRecord SL
    /// of every ordered CA pair (saquery -p --slid --dlid) for engines with a path SL, else 0 (the SL the SA
    /// gives every path without a QoS policy file: OpenSM qos_level default, sl 0).
    std::string writePathSl(const StateRun& r, const IbFabric& ib, bool askSa, Feedback* fb)
    {
        std::vector<std::pair<std::uint64_t, int>> cas; // (node GUID, LID)
        for (const auto& n : ib.nodes)
            if (!n.isSwitch)
                for (const auto& [port, lid] : n.lids)
                    cas.push_back({ n.guid, lid });
        std::string out;
        for (const auto& [sg, slid] : cas)
            for (const auto& [dg, dlid] : cas) {
                if (sg == dg)
                    continue;
                int sl = 0;
                if (askSa) {
                    checkCancelled(fb);
                    QByteArray rec;
                    if (!runDiag(r, r.tools.saquery, { QStringLiteral("-p"), QStringLiteral("--slid"), QString::number(slid), QStringLiteral("--dlid"), QString::number(dlid) }, rec))
                        continue; // no PathRecord: the analysis counts the pair on SL 0 and says so
                    const int at = rec.indexOf("sl......");
                    if (at < 0)
                        continue;
                    const int hex = rec.indexOf("0x", at);
                    sl = hex < 0 ? 0 : rec.mid(hex + 2, 2).trimmed().toInt(nullptr, 16);
                }
                out += fmt::format("0x{:016x} {} {}\n", sg, dlid, sl);
            }
        writeText(r.dir + QStringLiteral("/path_sl.txt"), out);
        return r.dir.toStdString() + "/path_sl.txt";
    }

    std::size_t caCount(const IbFabric& ib)
    {
        std::size_t n = 0;
        for (const auto& v : ib.nodes)
            n += !v.isSwitch && !v.peers.empty();
        return n;
    }

    /// Reads the state's dumps and runs the credit-loop analysis on them.
    void analyseState(const StateRun& r, IbRerouteState& s, std::size_t healthyPairs, Feedback* fb)
    {
        const std::string d = r.dir.toStdString();
        QByteArray disc;
        if (!runDiag(r, r.tools.ibnetdiscover, {}, disc) || !writeText(r.dir + QStringLiteral("/ibnetdiscover.txt"), disc.toStdString())) {
            s.error = "ibnetdiscover failed under ibsim";
            return;
        }
        IbFabric ib = readIbnetdiscover(d + "/ibnetdiscover.txt");
        readLftDump(ib, d + "/opensm-lfts.dump");
        readSl2vl(ib, d + "/opensm-sl2vl.dump");
        readPathSl(ib, writePathSl(r, ib, opensmEngineSetsPathSl(s.used), fb));
        DeadlockJob dj;
        dj.fixes = false;
        dj.explainFailures = false;
        const DeadlockOutcome o = runLftDeadlockJob(dj, ib, fb);
        s.ran = true;
        s.creditLoop = o.report.hasCycle();
        if (!o.report.cycles.empty())
            for (const auto& h : o.report.cycles.front().hops)
                s.cycle.push_back(h.vl >= 0 ? fmt::format("{} VL{}", h.buffer, h.vl) : h.buffer);
        const std::size_t cas = caCount(ib);
        // Pairs cut off from the SM's part of the subnet are not discovered: count them as missing too.
        s.missingPairs = o.report.unreachable.pairs + (healthyPairs > cas * (cas ? cas - 1 : 0) ? healthyPairs - cas * (cas ? cas - 1 : 0) : 0);
        s.vls = o.report.vlsUsed;
        s.sls = o.report.slsUsed;
    }

    void keepFiles(const QString& from, const std::string& to)
    {
        QDir().mkpath(q(to));
        for (const char* f : { "net", "osm.log", "opensm-lfts.dump", "opensm-sl2vl.dump", "opensm-subnet.lst", "opensm.fdbs", "opensm.mcfdbs",
                 "ibnetdiscover.txt", "path_sl.txt" }) {
            const QString dst = q(to) + QStringLiteral("/") + QString::fromLatin1(f);
            QFile::remove(dst);
            QFile::copy(from + QStringLiteral("/") + QString::fromLatin1(f), dst);
        }
    }

    /// One (engine, failure set): simulate, route, read, analyse.
    IbRerouteState runState(const IbRerouteJob& job, const IbRerouteTools& tools, const IbRerouteReport& rep, const IbFabric& healthy,
        const std::string& engine, std::size_t setIndex, Feedback* fb)
    {
        IbRerouteState s;
        s.engine = engine;
        std::vector<IbSwitchLink> down;
        for (int l : rep.sets[setIndex]) {
            down.push_back(rep.links[static_cast<std::size_t>(l)]);
            s.links.push_back(down.back().name);
        }
        QTemporaryDir tmp(QDir::tempPath() + QStringLiteral("/lfp-reroute-XXXXXX"));
        StateRun r { tools, job, tmp.path(), QProcessEnvironment::systemEnvironment(), {} };
        // Its own ibsim socket (IBSIM_SOCKNAME, read by ibsim and umad2sim): never another run's simulator.
        static int counter = 0;
        r.env.insert(QStringLiteral("IBSIM_SOCKNAME"), QStringLiteral("lfp-reroute-%1-%2").arg(QCoreApplication::applicationPid()).arg(++counter));
        r.env.insert(QStringLiteral("OSM_TMP_DIR"), r.dir);
        r.env.insert(QStringLiteral("OSM_CACHE_DIR"), r.dir);
        r.simEnv = r.env;
        r.simEnv.insert(QStringLiteral("LD_PRELOAD"), q(tools.umad2sim));
        if (!tmp.isValid() || !writeText(r.dir + QStringLiteral("/net"), ibsimNetText(healthy, down))) {
            s.error = "cannot write the ibsim net file in " + QDir::tempPath().toStdString();
            return s;
        }
        {
            Procs procs;
            s.error = startFabric(r, procs, engine, fb);
            s.used = opensmEngineUsed(readAll(r.dir + QStringLiteral("/osm.log")).toStdString());
            if (s.error.empty()) {
                try {
                    analyseState(r, s, rep.caPairs, fb);
                } catch (const InputError& e) {
                    s.ran = false;
                    s.error = std::string("reading the dumps: ") + e.what();
                }
            }
        }
        if (!job.keepDir.empty())
            keepFiles(r.dir, fmt::format("{}/{}/{}", job.keepDir, engine, setIndex));
        return s;
    }

} // namespace

IbRerouteTools findIbRerouteTools()
{
    IbRerouteTools t;
    t.ibsim = findProgram("ibsim");
    t.opensm = findProgram("opensm");
    t.ibnetdiscover = findProgram("ibnetdiscover");
    t.saquery = findProgram("saquery");
    t.umad2sim = findUmad2sim();
    auto need = [&](const std::string& found, const char* pkg) {
        if (found.empty() && std::find(t.missingPackages.begin(), t.missingPackages.end(), pkg) == t.missingPackages.end())
            t.missingPackages.emplace_back(pkg);
    };
    need(t.ibsim, "ibsim-utils");
    need(t.umad2sim, "libumad2sim0");
    need(t.opensm, "opensm");
    need(t.ibnetdiscover, "infiniband-diags");
    need(t.saquery, "infiniband-diags");
    return t;
}

IbRerouteReport runIbRerouteJob(const IbRerouteJob& job, const IbRerouteTools& tools, Feedback* fb)
{
    const auto t0 = std::chrono::steady_clock::now();
    const IbFabric healthy = readIbnetdiscover(job.topology);
    IbRerouteReport rep;
    rep.failures = job.failures;
    rep.seed = job.seed;
    rep.links = ibSwitchLinks(healthy);
    rep.sets = ibFailureSets(rep.links.size(), job.failures, job.sample, job.seed, rep.setsTotal);
    rep.sampled = rep.sets.size() < rep.setsTotal;
    const std::size_t cas = caCount(healthy);
    rep.caPairs = cas * (cas ? cas - 1 : 0);
    const std::size_t total = job.engines.size() * rep.sets.size();
    std::size_t done = 0;
    for (const auto& engine : job.engines)
        for (std::size_t i = 0; i < rep.sets.size(); ++i) {
            checkCancelled(fb);
            if (fb)
                fb->setSteps("re-routed failure states", done, total, "states");
            rep.states.push_back(runState(job, tools, rep, healthy, engine, i, fb));
            ++done;
        }
    if (fb)
        fb->setSteps("re-routed failure states", done, total, "states");
    for (const auto& engine : job.engines)
        rep.engines.push_back(tallyReroute(engine, rep.states));
    rep.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return rep;
}

} // namespace lfp
