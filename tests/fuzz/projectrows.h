// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file projectrows.h
/// The structure-aware `.lfp` input of fuzz_project_rows (and of its regression replay in
/// tst_fuzz_regressions): the fuzz bytes are not an SQLite file (byte mutations of one mostly fail
/// SQLite's own page checks before LFP code runs) but the *rows* of a valid project, so mutations reach
/// the revision list, the checksum check, the format-version check and the fabric reader.
///
/// Layout: fields separated by NUL bytes. Field 0 holds `meta` rows, one `key=value` per line. Then
/// each revision is 8 fields, in the column order of the `revisions` table (model/projectstore.cpp):
/// created, author, message, format_version, node_count, link_count, checksum, fabric. The three number
/// columns are bound as text, so SQLite's INTEGER affinity converts what looks like a number and keeps
/// anything else as text (what a hand-edited file can hold). An empty checksum field is replaced by
/// the correct one (FNV-1a 64 of the fabric text), so most inputs get past the checksum to the reader;
/// any other value is stored as given. A trailing incomplete revision is ignored.

#include "model/projectstore.h"

#include <sqlite3.h>

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace lfp::fuzz {

/// FNV-1a 64 as the project store writes it ("fnv1a64:%016x", model/projectstore.cpp checksum()).
inline std::string projectChecksum(std::string_view text)
{
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (unsigned char c : text) {
        h ^= c;
        h *= 0x100000001b3ULL;
    }
    char buf[32];
    std::snprintf(buf, sizeof buf, "fnv1a64:%016llx", static_cast<unsigned long long>(h));
    return buf;
}

/// Splits @p data at NUL bytes (an empty input is one empty field).
inline std::vector<std::string_view> splitFields(std::string_view data)
{
    std::vector<std::string_view> out;
    std::size_t start = 0;
    for (;;) {
        const std::size_t nul = data.find('\0', start);
        out.push_back(data.substr(start, nul == std::string_view::npos ? std::string_view::npos : nul - start));
        if (nul == std::string_view::npos)
            return out;
        start = nul + 1;
    }
}

/// Writes a project at @p path (replaced) holding the rows @p data describes. Returns false when SQLite
/// refused a row (e.g. a NOT NULL or primary-key conflict): the file is then still a valid project with
/// the rows before it.
inline bool writeProjectRows(const std::string& path, std::string_view data)
{
    std::error_code ec;
    std::filesystem::remove(path, ec);
    std::filesystem::remove(path + "-journal", ec);
    { // the exact schema, application id and user version LFP writes
        auto created = ProjectStore::openOrCreate(path);
    }
    sqlite3* db = nullptr;
    if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE, nullptr) != SQLITE_OK) {
        sqlite3_close(db);
        return false;
    }
    bool ok = sqlite3_exec(db, "PRAGMA journal_mode = MEMORY; PRAGMA synchronous = OFF; BEGIN", nullptr, nullptr, nullptr) == SQLITE_OK;
    const auto fields = splitFields(data);
    auto bindText = [](sqlite3_stmt* s, int i, std::string_view v) {
        sqlite3_bind_text(s, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
    };
    if (ok && !fields.empty()) {
        sqlite3_stmt* meta = nullptr;
        sqlite3_prepare_v2(db, "INSERT OR REPLACE INTO meta(key, value) VALUES(?, ?)", -1, &meta, nullptr);
        std::string_view rows = fields[0];
        while (meta && !rows.empty()) {
            const std::size_t nl = rows.find('\n');
            const std::string_view line = rows.substr(0, nl);
            rows = nl == std::string_view::npos ? std::string_view() : rows.substr(nl + 1);
            const std::size_t eq = line.find('=');
            if (eq == std::string_view::npos)
                continue;
            bindText(meta, 1, line.substr(0, eq));
            bindText(meta, 2, line.substr(eq + 1));
            ok = sqlite3_step(meta) == SQLITE_DONE && ok;
            sqlite3_reset(meta);
        }
        sqlite3_finalize(meta);
    }
    sqlite3_stmt* rev = nullptr;
    sqlite3_prepare_v2(db,
        "INSERT INTO revisions(created, author, message, format_version, node_count, link_count, checksum, fabric) VALUES(?,?,?,?,?,?,?,?)",
        -1, &rev, nullptr);
    for (std::size_t i = 1; rev && i + 8 <= fields.size(); i += 8) {
        for (int c = 0; c < 8; ++c) {
            const std::string_view v = fields[i + static_cast<std::size_t>(c)];
            if (c == 6 && v.empty()) {
                const std::string sum = projectChecksum(fields[i + 7]);
                bindText(rev, 7, sum);
            } else {
                bindText(rev, c + 1, v);
            }
        }
        ok = sqlite3_step(rev) == SQLITE_DONE && ok;
        sqlite3_reset(rev);
    }
    sqlite3_finalize(rev);
    ok = sqlite3_exec(db, "COMMIT", nullptr, nullptr, nullptr) == SQLITE_OK && ok;
    sqlite3_close(db);
    return ok;
}

} // namespace lfp::fuzz
