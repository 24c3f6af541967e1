// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli.h"

#include "model/errors.h"
#include "model/projectstore.h"
#include "model/textsafe.h"

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <iostream>
#include <unistd.h>

namespace lfp::cli {

std::vector<Registration>& registry()
{
    static std::vector<Registration> r;
    return r;
}

bool registerCommand(int order, Setup setup)
{
    registry().push_back({ order, std::move(setup) });
    return true;
}

void printJson(const nlohmann::json& j) { std::cout << j.dump(2) << '\n'; }

namespace {
    ConsoleFeedback* g_active = nullptr;
    void onSigint(int)
    {
        if (g_active)
            g_active->cancel();
    }
} // namespace

ConsoleFeedback::ConsoleFeedback()
    : m_tty(::isatty(STDERR_FILENO) != 0)
{
    g_active = this;
    std::signal(SIGINT, onSigint);
}

ConsoleFeedback::~ConsoleFeedback()
{
    g_active = nullptr;
    std::signal(SIGINT, SIG_DFL);
    if (m_tty)
        std::fprintf(stderr, "\r\033[K");
}

void ConsoleFeedback::progressChanged(double percent)
{
    if (m_tty)
        std::fprintf(stderr, "\r%5.1f%%  %s\033[K", percent, message().c_str());
}

} // namespace lfp::cli

int main(int argc, char** argv)
{
    using namespace lfp::cli;
    lfp::setProjectNoticeHandler([](const std::string& path, const std::string& message) { std::cerr << "lfp: " << lfp::escapeTerminal(path) << ": " << message << '\n'; });
    CLI::App app { "Lossless Fabric Planner: plan and check lossless RDMA fabrics (RoCEv2, InfiniBand)", "lfp" };
    app.require_subcommand(1);
    app.set_version_flag("--version", "lfp 0.1.0");
    app.footer("Exit status: 0 ok, 1 findings of severity error, 2 usage or input error.\n"
               "Run `lfp COMMAND --help` for a command's options.");
    auto& regs = registry();
    std::stable_sort(regs.begin(), regs.end(), [](const Registration& a, const Registration& b) { return a.order < b.order; });
    std::vector<std::pair<CLI::App*, Runner>> runners;
    for (auto& r : regs) {
        const auto before = app.get_subcommands({}).size();
        Runner run = r.setup(app);
        auto subs = app.get_subcommands({});
        if (subs.size() > before)
            runners.emplace_back(subs.back(), std::move(run));
    }
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        app.exit(e);
        return kExitUsage;
    }
    try {
        for (auto& [cmd, run] : runners)
            if (cmd->parsed())
                return run();
    } catch (const lfp::InputError& e) {
        std::cerr << "lfp: " << lfp::escapeTerminal(e.what()) << '\n';
        return kExitUsage;
    } catch (const lfp::UnitError& e) {
        std::cerr << "lfp: " << lfp::escapeTerminal(e.what()) << '\n';
        return kExitUsage;
    } catch (const std::invalid_argument& e) {
        std::cerr << "lfp: " << lfp::escapeTerminal(e.what()) << '\n';
        return kExitUsage;
    } catch (const lfp::Cancelled&) {
        std::cerr << "lfp: cancelled\n";
        return 130;
    } catch (const std::exception& e) {
        std::cerr << "lfp: internal error: " << lfp::escapeTerminal(e.what()) << '\n';
        return 3;
    }
    return kExitUsage;
}
