// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file cli.h
/// The `lfp` command line: each command lives in its own cmd_*.cpp and registers itself here.
/// Commands only parse arguments, call the libraries and print text or --json.
/// Exit codes (a contract): 0 ok; 1 findings of severity error exist (or, for deadlock, a cycle);
/// 2 usage or input errors, with the message on stderr.

#include "model/counttext.h" // countOf, groupThousands: counts and numbers in text output
#include "model/feedback.h"

#include <CLI/CLI.hpp>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace lfp::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitFindings = 1;
inline constexpr int kExitUsage = 2;

/// Runs a parsed command and returns its exit code.
using Runner = std::function<int()>;
/// Adds a subcommand to @p app and returns the runner to call when it was chosen.
using Setup = std::function<Runner(CLI::App& app)>;

struct Registration {
    int order; ///< position in `lfp --help`
    Setup setup;
};

std::vector<Registration>& registry();
bool registerCommand(int order, Setup setup);

/// Prints @p j to stdout (indented).
void printJson(const nlohmann::json& j);

/// Progress on stderr (only when stderr is a terminal), and Ctrl-C cancels.
class ConsoleFeedback : public Feedback {
public:
    ConsoleFeedback();
    ~ConsoleFeedback() override;

protected:
    void progressChanged(double percent) override;

private:
    bool m_tty = false;
};

/// Holds Ctrl-C around a save (docs/formats/project-lfp.md "Ctrl-C"): from construction a SIGINT only
/// sets a flag, so the save commits or rolls back whole; after committed() SIGINT stays ignored up to
/// the process's exit, so a command whose revision was saved never exits 130.
class SaveSigintGuard {
public:
    SaveSigintGuard();
    ~SaveSigintGuard();
    SaveSigintGuard(const SaveSigintGuard&) = delete;
    SaveSigintGuard& operator=(const SaveSigintGuard&) = delete;
    void committed() { m_committed = true; }

private:
    std::unique_ptr<ConsoleFeedback> m_hold;
    bool m_committed = false;
};

/// Adds the common --json flag.
inline CLI::Option* addJsonFlag(CLI::App* cmd, bool& flag)
{
    return cmd->add_flag("--json", flag, "Print machine-readable JSON on stdout");
}

} // namespace lfp::cli

#define LFP_CONCAT_INNER(a, b) a##b
#define LFP_CONCAT(a, b) LFP_CONCAT_INNER(a, b)
/// Registers a command setup function at static-initialisation time.
#define LFP_REGISTER_COMMAND(order, fn) \
    static const bool LFP_CONCAT(lfp_registered_, __LINE__) = ::lfp::cli::registerCommand(order, fn)
