// SPDX-License-Identifier: GPL-3.0-or-later
#include "exporter.h"

#include "model/errors.h"
#include "planner/findingregistry.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <random>
#include <set>
#include <tbb/parallel_for.h>

namespace lfp {

std::unique_ptr<Exporter> makeSonicExporter();
std::unique_ptr<Exporter> makeNvueExporter();
std::unique_ptr<Exporter> makeEosExporter();
std::unique_ptr<Exporter> makeNxosExporter();
std::unique_ptr<Exporter> makeJunosExporter();
std::unique_ptr<Exporter> makeHuaweiExporter();
std::unique_ptr<Exporter> makeLinuxExporter();

const char* toString(NameKind k)
{
    switch (k) {
    case NameKind::Device:
        return "device";
    case NameKind::Port:
        return "port";
    case NameKind::NeighbourPort:
        return "port";
    case NameKind::Policy:
        return "policy";
    case NameKind::EcnProfile:
        return "ECN profile";
    }
    return "name";
}

const std::vector<std::unique_ptr<Exporter>>& exporters()
{
    static const std::vector<std::unique_ptr<Exporter>> all = [] {
        std::vector<std::unique_ptr<Exporter>> v;
        v.push_back(makeSonicExporter());
        v.push_back(makeNvueExporter());
        v.push_back(makeEosExporter());
        v.push_back(makeNxosExporter());
        v.push_back(makeJunosExporter());
        v.push_back(makeHuaweiExporter());
        v.push_back(makeLinuxExporter());
        return v;
    }();
    return all;
}

const Exporter* findExporter(std::string_view id)
{
    for (const auto& e : exporters())
        if (e->id() == id)
            return e.get();
    return nullptr;
}

std::string exporterIds()
{
    std::string s;
    for (const auto& e : exporters())
        s += (s.empty() ? "" : ", ") + e->id();
    return s;
}

Finding exportFinding(Severity severity, std::string_view code, std::vector<std::string> objects, FindingParams params, std::vector<Evidence> evidence)
{
    return makeFinding(code, std::move(objects), std::move(params), std::move(evidence), severity);
}

void sortExportFindings(std::vector<Finding>& findings)
{
    // Merge identical findings of one device (same code, message, first object's device).
    auto deviceOf = [](const Finding& f) { return f.objects.empty() ? std::string() : f.objects.front().substr(0, f.objects.front().find(':')); };
    std::map<std::tuple<std::string, std::string, std::string>, std::size_t> seen;
    std::vector<Finding> merged;
    for (auto& f : findings) {
        auto key = std::make_tuple(deviceOf(f), f.code, f.message);
        auto it = seen.find(key);
        if (it == seen.end()) {
            seen.emplace(key, merged.size());
            merged.push_back(std::move(f));
        } else {
            auto& m = merged[it->second];
            for (auto& o : f.objects)
                if (std::find(m.objects.begin(), m.objects.end(), o) == m.objects.end())
                    m.objects.push_back(std::move(o));
        }
    }
    auto rank = [](Severity s) { return s == Severity::Error ? 0 : s == Severity::Warning ? 1 : 2; };
    std::stable_sort(merged.begin(), merged.end(), [&](const Finding& a, const Finding& b) {
        if (rank(a.severity) != rank(b.severity))
            return rank(a.severity) < rank(b.severity);
        if (a.code != b.code)
            return a.code < b.code;
        return a.objects < b.objects;
    });
    findings = std::move(merged);
}

std::string printableName(std::string_view name)
{
    std::string out;
    for (unsigned char c : name) {
        if (c == '\n')
            out += "\\n";
        else if (c == '\r')
            out += "\\r";
        else if (c == '\t')
            out += "\\t";
        else if (c == '\\')
            out += "\\\\";
        else if (c == '"')
            out += "\\\"";
        else if (c < 0x20 || c >= 0x7f)
            out += fmt::format("\\x{:02x}", c);
        else
            out += static_cast<char>(c);
    }
    return out;
}

namespace {
    std::string describeChar(unsigned char c)
    {
        switch (c) {
        case '\n':
            return "a newline (U+000A)";
        case '\r':
            return "a carriage return (U+000D)";
        case '\t':
            return "a tab (U+0009)";
        case ' ':
            return "a space";
        case ';':
            return "';'";
        case '"':
            return "a double quote";
        case '\'':
            return "a single quote";
        default:
            break;
        }
        if (c < 0x20 || c == 0x7f)
            return fmt::format("the control character U+{:04X}", c);
        if (c >= 0x80)
            return fmt::format("the non-ASCII byte 0x{:02X}", c);
        return fmt::format("'{}'", static_cast<char>(c));
    }
} // namespace

NameRule Exporter::nameRule(NameKind kind) const
{
    NameRule r;
    const bool port = kind == NameKind::Port || kind == NameKind::NeighbourPort;
    r.allowedPunctuation = port ? "-_./:" : "-_.";
    r.maxLength = port ? 64 : 63;
    r.why = "letters, digits and " + r.allowedPunctuation;
    return r;
}

void Exporter::checkNames(const ExportContext& ctx) const
{
    // One rule per kind, looked up once; a name is checked in O(length) and every occurrence is checked
    // (cheaper than remembering which were). The object text is only built for a refusal.
    std::map<NameKind, NameRule> rules;
    for (NameKind k : { NameKind::Device, NameKind::Port, NameKind::NeighbourPort, NameKind::Policy, NameKind::EcnProfile })
        rules.emplace(k, nameRule(k));
    auto check = [&](NameKind kind, const std::string& name, auto&& where) {
        const NameRule& rule = rules.at(kind);
        auto refuse = [&](const std::string& what) {
            const std::string object = fmt::format("{} \"{}\"{}", toString(kind), printableName(name), where());
            throw InputError(SourceLocation { {}, 0, 0, object },
                fmt::format("{}; a {} config accepts {} (at most {} characters): nothing was written", what, id(), rule.why, rule.maxLength));
        };
        if (name.empty())
            refuse("the name is empty");
        for (std::size_t i = 0; i < name.size(); ++i) {
            const auto c = static_cast<unsigned char>(name[i]);
            const bool alnum = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
            if (alnum)
                continue;
            if (i == 0 && rule.firstAlnum)
                refuse(fmt::format("it starts with {}, expected a letter or digit", describeChar(c)));
            if (c >= 0x20 && c < 0x7f && rule.allowedPunctuation.find(static_cast<char>(c)) != std::string::npos)
                continue;
            refuse(fmt::format("it contains {} at position {}", describeChar(c), i + 1));
        }
        if (name.size() > rule.maxLength)
            refuse(fmt::format("it is {} characters long", name.size()));
    };
    for (const auto& d : ctx.devices()) {
        if (!handles(*d.node))
            continue;
        const std::string& dev = d.node->name;
        check(NameKind::Device, dev, [] { return std::string(); });
        for (const auto& p : d.ports) {
            check(NameKind::Port, p.port->name, [&] { return fmt::format(" of {}", printableName(dev)); });
            if (p.link) {
                check(NameKind::Device, p.peer.node, [&] { return fmt::format(" (neighbour of {})", printableName(dev)); });
                check(NameKind::NeighbourPort, p.peer.port, [&] { return fmt::format(" of {} (neighbour of {})", printableName(p.peer.node), printableName(dev)); });
            }
        }
        for (const QosPolicy* pol : d.policies) {
            check(NameKind::Policy, pol->name, [&] { return fmt::format(" (used by {})", printableName(dev)); });
            for (const auto& e : pol->ecn)
                check(NameKind::EcnProfile, e.name, [&] { return fmt::format(" of policy {}", printableName(pol->name)); });
        }
    }
}

ExportResult Exporter::run(const ExportContext& ctx, Feedback* feedback) const
{
    checkNames(ctx);
    std::vector<const DevicePlan*> todo;
    for (const auto& d : ctx.devices())
        if (handles(*d.node))
            todo.push_back(&d);
    std::vector<DeviceExport> out(todo.size());
    std::atomic<std::size_t> done { 0 };
    std::atomic<bool> cancelled { false };
    tbb::parallel_for(std::size_t(0), todo.size(), [&](std::size_t i) {
        if (cancelled.load(std::memory_order_relaxed))
            return;
        if (feedback && feedback->isCancelled()) {
            cancelled = true;
            return;
        }
        out[i] = exportDevice(ctx, *todo[i]);
        ++done;
    });
    checkCancelled(feedback);
    ExportResult r;
    for (std::size_t i = 0; i < todo.size(); ++i) {
        for (auto& [name, text] : out[i].files) {
            r.deviceOf[name] = todo[i]->node->name;
            r.files.emplace(name, std::move(text));
        }
        for (auto& f : out[i].findings)
            r.findings.push_back(std::move(f));
    }
    sortExportFindings(r.findings);
    return r;
}

// ------------------------------------------------------------------------------------------------

void writeExportDirectory(const std::string& dir, const ExportFiles& files)
{
    namespace fs = std::filesystem;
    const fs::path target = fs::absolute(fs::path(dir)).lexically_normal();
    std::error_code ec;
    if (fs::exists(target, ec) && !fs::is_directory(target, ec))
        throw InputError(SourceLocation { dir, 0, 0, "-o" }, "found a file, expected a directory to write the export into");
    for (const auto& [name, text] : files) {
        const fs::path rel(name);
        if (rel.is_absolute() || name.find("..") != std::string::npos || name.empty())
            throw InputError(SourceLocation { dir, 0, 0, name }, "an export file name must be relative and inside the directory");
    }
    const fs::path parent = target.has_parent_path() ? target.parent_path() : fs::current_path();
    fs::create_directories(parent, ec);
    std::random_device rd;
    fs::path tmp;
    for (int attempt = 0; attempt < 16; ++attempt) {
        tmp = parent / fmt::format(".{}.lfp-export-{:08x}", target.filename().string(), rd());
        if (fs::create_directory(tmp, ec))
            break;
        tmp.clear();
    }
    if (tmp.empty())
        throw InputError(SourceLocation { parent.string(), 0, 0, "-o" }, fmt::format("cannot create a temporary directory beside {}: {}", dir, ec.message()));
    auto cleanup = [&] {
        std::error_code e2;
        fs::remove_all(tmp, e2);
    };
    try {
        for (const auto& [name, text] : files) {
            const fs::path p = tmp / name;
            fs::create_directories(p.parent_path());
            std::ofstream o(p, std::ios::binary | std::ios::trunc);
            o.write(text.data(), static_cast<std::streamsize>(text.size()));
            o.close();
            if (!o)
                throw InputError(SourceLocation { (target / name).string(), 0, 0, {} }, "cannot write the file (disk full or not writable?)");
            if (name.size() > 3 && name.compare(name.size() - 3, 3, ".sh") == 0)
                fs::permissions(p, fs::perms::owner_exec | fs::perms::group_exec | fs::perms::others_exec, fs::perm_options::add);
        }
        fs::create_directories(target);
        for (const auto& [name, text] : files) {
            const fs::path dest = target / name;
            fs::create_directories(dest.parent_path());
            fs::rename(tmp / name, dest);
        }
    } catch (const fs::filesystem_error& e) {
        cleanup();
        throw InputError(SourceLocation { dir, 0, 0, "-o" }, fmt::format("cannot write the export: {}", e.what()));
    } catch (...) {
        cleanup();
        throw;
    }
    cleanup();
}

// ------------------------------------------------------------------------------------------------
// SHA-256, FIPS 180-4 §6.2.

std::string sha256Hex(std::string_view data)
{
    static constexpr std::array<std::uint32_t, 64> k = { 0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc,
        0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3,
        0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2 };
    std::array<std::uint32_t, 8> h = { 0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19 };
    auto rotr = [](std::uint32_t x, int n) { return (x >> n) | (x << (32 - n)); };
    std::string msg(data);
    const std::uint64_t bits = static_cast<std::uint64_t>(data.size()) * 8;
    msg.push_back(static_cast<char>(0x80));
    while (msg.size() % 64 != 56)
        msg.push_back('\0');
    for (int i = 7; i >= 0; --i)
        msg.push_back(static_cast<char>((bits >> (i * 8)) & 0xff));
    for (std::size_t off = 0; off < msg.size(); off += 64) {
        std::array<std::uint32_t, 64> w {};
        for (int i = 0; i < 16; ++i) {
            const auto* p = reinterpret_cast<const unsigned char*>(msg.data() + off + static_cast<std::size_t>(i) * 4);
            w[static_cast<std::size_t>(i)] = (std::uint32_t(p[0]) << 24) | (std::uint32_t(p[1]) << 16) | (std::uint32_t(p[2]) << 8) | std::uint32_t(p[3]);
        }
        for (std::size_t i = 16; i < 64; ++i) {
            const std::uint32_t s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3);
            const std::uint32_t s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10);
            w[i] = w[i - 16] + s0 + w[i - 7] + s1;
        }
        auto a = h;
        for (std::size_t i = 0; i < 64; ++i) {
            const std::uint32_t S1 = rotr(a[4], 6) ^ rotr(a[4], 11) ^ rotr(a[4], 25);
            const std::uint32_t ch = (a[4] & a[5]) ^ (~a[4] & a[6]);
            const std::uint32_t t1 = a[7] + S1 + ch + k[i] + w[i];
            const std::uint32_t S0 = rotr(a[0], 2) ^ rotr(a[0], 13) ^ rotr(a[0], 22);
            const std::uint32_t maj = (a[0] & a[1]) ^ (a[0] & a[2]) ^ (a[1] & a[2]);
            const std::uint32_t t2 = S0 + maj;
            a[7] = a[6];
            a[6] = a[5];
            a[5] = a[4];
            a[4] = a[3] + t1;
            a[3] = a[2];
            a[2] = a[1];
            a[1] = a[0];
            a[0] = t1 + t2;
        }
        for (std::size_t i = 0; i < 8; ++i)
            h[i] += a[i];
    }
    std::string out;
    for (auto v : h)
        out += fmt::format("{:08x}", v);
    return out;
}

} // namespace lfp
