// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli.h"

#include "lfp_version.h"

#include "model/errors.h"
#include "model/projectstore.h"
#include "model/textsafe.h"

#include <algorithm>
#include <fmt/ranges.h>
#include <fmt/format.h>
#include <map>
#include <regex>
#include <csignal>
#include <cstdio>
#include <iostream>
#include <unistd.h>
#include <vector>

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

SaveSigintGuard::SaveSigintGuard()
    : m_hold(std::make_unique<ConsoleFeedback>())
{
}

SaveSigintGuard::~SaveSigintGuard()
{
    m_hold.reset(); // restores the default action…
    if (m_committed)
        std::signal(SIGINT, SIG_IGN); // …which a committed save must not meet before the exit
}

void ConsoleFeedback::progressChanged(double percent)
{
    if (m_tty)
        std::fprintf(stderr, "\r%5.1f%%  %s\033[K", percent, message().c_str());
}

namespace {
    std::size_t editDistance(const std::string& a, const std::string& b)
    {
        std::vector<std::size_t> prev(b.size() + 1), cur(b.size() + 1);
        for (std::size_t j = 0; j <= b.size(); ++j)
            prev[j] = j;
        for (std::size_t i = 1; i <= a.size(); ++i) {
            cur[0] = i;
            for (std::size_t j = 1; j <= b.size(); ++j) {
                const std::size_t sub = prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
                cur[j] = std::min({ prev[j] + 1, cur[j - 1] + 1, sub });
            }
            std::swap(prev, cur);
        }
        return prev[b.size()];
    }
} // namespace

/// A mistyped command: "lfp chek" names the closest commands instead of CLI11's "A subcommand is
/// required". Walks the command words of argv (up to the first option); returns true and prints the
/// message when a word is not a command where one is required.
bool reportUnknownCommand(CLI::App& app, int argc, char** argv)
{
    CLI::App* cur = &app;
    std::string path = "lfp";
    for (int i = 1; i < argc; ++i) {
        const std::string word = argv[i];
        if (word.empty() || word[0] == '-')
            return false;
        const auto subs = cur->get_subcommands({});
        if (subs.empty())
            return false;
        CLI::App* next = nullptr;
        for (auto* s : subs)
            if (s->check_name(word))
                next = s;
        if (next) {
            cur = next;
            path += " " + word;
            continue;
        }
        if (cur->get_require_subcommand_min() == 0)
            return false;
        std::vector<std::pair<std::size_t, std::string>> close;
        std::vector<std::string> all;
        for (auto* s : subs) {
            if (s->get_group().empty())
                continue; // hidden developer and packaging commands are never suggested
            const std::string& name = s->get_name();
            all.push_back(name);
            const std::size_t d = editDistance(word, name);
            const bool prefix = name.rfind(word, 0) == 0 || word.rfind(name, 0) == 0;
            if (d <= std::max<std::size_t>(2, name.size() / 3) || (prefix && word.size() >= 2))
                close.emplace_back(prefix ? 0 : d, name);
        }
        std::sort(close.begin(), close.end());
        std::string msg = path + ": unknown command \"" + word + "\"";
        if (!close.empty()) {
            msg += "; did you mean ";
            for (std::size_t k = 0; k < close.size() && k < 3; ++k)
                msg += (k ? (k + 1 == std::min<std::size_t>(close.size(), 3) ? " or " : ", ") : "") + close[k].second;
            msg += "?";
        }
        msg += "\ncommands:";
        for (const auto& n : all)
            msg += " " + n;
        std::cerr << msg << "\nRun `" << path << " --help` for more.\n";
        return true;
    }
    return false;
}

/// "--vendor: cisco not in {sonic,nvue,…}" (CLI11's IsMember) as LFP says an unknown value: with the
/// lfp: prefix, the accepted values and the closest of them — by spelling, or by the vendor a word names
/// (Cisco's switches run NX-OS: --vendor cisco → nxos). Empty when @p what is no such message.
std::string closestValueMessage(const std::string& what)
{
    static const std::regex notIn(R"(^(\S+): (.+) not in \{(.*)\}$)");
    std::smatch m;
    if (!std::regex_match(what, m, notIn))
        return {};
    const std::string option = m[1], value = m[2];
    std::vector<std::string> choices;
    std::string item;
    for (char c : std::string(m[3]) + ",")
        if (c == ',') {
            if (!item.empty())
                choices.push_back(item);
            item.clear();
        } else if (c != ' ')
            item += c;
    // Vendor and product words people type for an export target (docs/export.md lists the targets).
    static const std::map<std::string, std::string> aliases { { "cisco", "nxos" }, { "nx-os", "nxos" }, { "arista", "eos" },
        { "juniper", "junos" }, { "cumulus", "nvue" }, { "nvidia", "nvue" }, { "mellanox", "sonic" }, { "host", "linux" },
        { "hosts", "linux" }, { "ce", "huawei" } };
    std::string lowerValue;
    for (char c : value)
        lowerValue += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    std::string best;
    if (auto a = aliases.find(lowerValue); a != aliases.end() && std::find(choices.begin(), choices.end(), a->second) != choices.end())
        best = a->second;
    std::size_t bestDistance = std::max<std::size_t>(2, value.size() / 3) + 1;
    for (const auto& c : choices)
        if (const std::size_t d = editDistance(lowerValue, c); best.empty() && d < bestDistance) {
            bestDistance = d;
            best = c;
        }
    std::string msg = fmt::format("{}: \"{}\" is not one of {}", option, value, fmt::join(choices, ", "));
    if (!best.empty() && best != value)
        msg += fmt::format("; did you mean {}?", best);
    return msg;
}

} // namespace lfp::cli

int main(int argc, char** argv)
{
    using namespace lfp::cli;
    lfp::setProjectNoticeHandler([](const std::string& path, const std::string& message) { std::cerr << "lfp: " << lfp::escapeTerminal(path) << ": " << message << '\n'; });
    CLI::App app { "Lossless Fabric Planner: plan and check lossless RDMA fabrics (RoCEv2, InfiniBand)", "lfp" };
    app.require_subcommand(1);
    app.set_version_flag("--version", "lfp " LFP_VERSION " (source " LFP_SOURCE_COMMIT ")");
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
    if (reportUnknownCommand(app, argc, argv))
        return kExitUsage;
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ValidationError& e) {
        if (const std::string msg = closestValueMessage(e.what()); !msg.empty()) {
            std::cerr << "lfp: " << lfp::escapeTerminal(msg) << "\nRun with --help for more information.\n";
            return kExitUsage;
        }
        app.exit(e);
        return kExitUsage;
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
