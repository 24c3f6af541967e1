// SPDX-License-Identifier: GPL-3.0-or-later
#include "projectstore.h"

#include "errors.h"
#include "fabricjson.h"

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sqlite3.h>
#include <unistd.h>

namespace lfp {

namespace {

    [[noreturn]] void fail(const std::string& path, const std::string& what)
    {
        throw InputError(SourceLocation { path, 0, 0, {} }, what);
    }

    /// RAII statement.
    class Stmt {
    public:
        Stmt(sqlite3* db, const char* sql, const std::string& path)
            : m_path(path)
        {
            const int rc = sqlite3_prepare_v2(db, sql, -1, &m_stmt, nullptr);
            if (rc == SQLITE_BUSY || rc == SQLITE_LOCKED)
                fail(path, "the project is in use by another program (database is locked); try again later");
            if (rc != SQLITE_OK)
                fail(path, fmt::format("not a readable LFP project ({})", sqlite3_errmsg(db)));
        }
        ~Stmt() { sqlite3_finalize(m_stmt); }
        Stmt(const Stmt&) = delete;
        Stmt& operator=(const Stmt&) = delete;
        sqlite3_stmt* get() { return m_stmt; }
        bool step()
        {
            const int rc = sqlite3_step(m_stmt);
            if (rc == SQLITE_ROW)
                return true;
            if (rc == SQLITE_DONE)
                return false;
            if (rc == SQLITE_BUSY || rc == SQLITE_LOCKED)
                fail(m_path, "the project is in use by another program (database is locked); try again later");
            fail(m_path, fmt::format("database error: {}", sqlite3_errmsg(sqlite3_db_handle(m_stmt))));
        }
        std::string text(int col)
        {
            const auto* p = sqlite3_column_text(m_stmt, col);
            return p ? std::string(reinterpret_cast<const char*>(p), static_cast<std::size_t>(sqlite3_column_bytes(m_stmt, col))) : std::string();
        }
        std::int64_t integer(int col) { return sqlite3_column_int64(m_stmt, col); }

    private:
        sqlite3_stmt* m_stmt = nullptr;
        std::string m_path;
    };

    int pragmaInt(sqlite3* db, const char* pragma, const std::string& path)
    {
        Stmt s(db, pragma, path);
        return s.step() ? static_cast<int>(s.integer(0)) : 0;
    }

    void exec(sqlite3* db, const char* sql, const std::string& path)
    {
        char* err = nullptr;
        if (sqlite3_exec(db, sql, nullptr, nullptr, &err) != SQLITE_OK) {
            std::string msg = err ? err : "unknown error";
            sqlite3_free(err);
            const int code = sqlite3_errcode(db);
            if (code == SQLITE_BUSY || code == SQLITE_LOCKED)
                fail(path, "the project is in use by another program (database is locked); try again later");
            fail(path, fmt::format("database error: {}", msg));
        }
    }

    bool hasSqliteHeader(const std::string& path)
    {
        std::ifstream in(path, std::ios::binary);
        char header[16] = {};
        in.read(header, sizeof header);
        return in.gcount() == 16 && std::memcmp(header, "SQLite format 3\0", 16) == 0;
    }

    /// FNV-1a 64-bit of the stored text: catches a damaged revision before it is parsed.
    std::string checksum(std::string_view text)
    {
        std::uint64_t h = 0xcbf29ce484222325ULL;
        for (unsigned char c : text) {
            h ^= c;
            h *= 0x100000001b3ULL;
        }
        return fmt::format("fnv1a64:{:016x}", h);
    }

    std::string utcNow()
    {
        const auto now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
        std::tm tm {};
        gmtime_r(&now, &tm);
        char buf[32];
        std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
        return buf;
    }

    /// Verifies the opened database is an LFP project we can read. Throws otherwise.
    void verify(sqlite3* db, const std::string& path)
    {
        // quick_check reads every page: a corrupt file fails here rather than half-way through a load.
        {
            Stmt s(db, "PRAGMA quick_check", path);
            if (!s.step() || s.text(0) != "ok")
                fail(path, "the project file is corrupt (SQLite quick_check failed); it was not modified");
        }
        const int app = pragmaInt(db, "PRAGMA application_id", path);
        if (app != kProjectApplicationId)
            fail(path, "this SQLite database is not a Lossless Fabric Planner project (wrong application id); it was not modified");
        const int schema = pragmaInt(db, "PRAGMA user_version", path);
        if (schema > kProjectSchemaVersion)
            fail(path, fmt::format("this project was written by a newer Lossless Fabric Planner (project schema {}; this version reads up to {}). Update LFP to open it; the file was not modified",
                           schema, kProjectSchemaVersion));
        if (schema < 1)
            fail(path, "this project file has no schema version; it is not a valid LFP project");
    }

} // namespace

ProjectStore::ProjectStore(std::string path, sqlite3* db, bool writable)
    : m_path(std::move(path))
    , m_db(db)
    , m_writable(writable)
{
}

ProjectStore::~ProjectStore()
{
    if (m_db)
        sqlite3_close(m_db);
}

ProjectStore::ProjectStore(ProjectStore&& o) noexcept
    : m_path(std::move(o.m_path))
    , m_db(std::exchange(o.m_db, nullptr))
    , m_writable(o.m_writable)
{
}

ProjectStore& ProjectStore::operator=(ProjectStore&& o) noexcept
{
    if (this != &o) {
        if (m_db)
            sqlite3_close(m_db);
        m_path = std::move(o.m_path);
        m_db = std::exchange(o.m_db, nullptr);
        m_writable = o.m_writable;
    }
    return *this;
}

bool ProjectStore::looksLikeProject(const std::string& path)
{
    if (!hasSqliteHeader(path))
        return false;
    sqlite3* db = nullptr;
    if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
        sqlite3_close(db);
        return false;
    }
    sqlite3_stmt* st = nullptr;
    int app = 0;
    if (sqlite3_prepare_v2(db, "PRAGMA application_id", -1, &st, nullptr) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
        app = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    sqlite3_close(db);
    return app == kProjectApplicationId;
}

ProjectStore ProjectStore::open(const std::string& path, bool writable)
{
    std::error_code ec;
    if (!std::filesystem::exists(path, ec))
        fail(path, "no such file");
    if (!hasSqliteHeader(path))
        fail(path, "not a Lossless Fabric Planner project (not an SQLite database); it was not modified");
    // Always verify read-only first: nothing is written to a file we would refuse.
    sqlite3* db = nullptr;
    if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
        std::string msg = db ? sqlite3_errmsg(db) : "out of memory";
        sqlite3_close(db);
        fail(path, fmt::format("cannot open the project: {}", msg));
    }
    sqlite3_busy_timeout(db, 2000);
    ProjectStore ro(path, db, false);
    verify(db, path);
    if (!writable)
        return ro;
    sqlite3* wdb = nullptr;
    if (sqlite3_open_v2(path.c_str(), &wdb, SQLITE_OPEN_READWRITE, nullptr) != SQLITE_OK) {
        std::string msg = wdb ? sqlite3_errmsg(wdb) : "out of memory";
        sqlite3_close(wdb);
        fail(path, fmt::format("cannot open the project for writing: {}", msg));
    }
    sqlite3_busy_timeout(wdb, 2000);
    return ProjectStore(path, wdb, true);
}

ProjectStore ProjectStore::openOrCreate(const std::string& path)
{
    std::error_code ec;
    if (std::filesystem::exists(path, ec)) {
        if (std::filesystem::file_size(path, ec) > 0 || ec)
            return open(path, true);
        // An empty file (e.g. made by mktemp) becomes a new project.
    }
    sqlite3* db = nullptr;
    if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) != SQLITE_OK) {
        std::string msg = db ? sqlite3_errmsg(db) : "out of memory";
        sqlite3_close(db);
        fail(path, fmt::format("cannot create the project: {}", msg));
    }
    ProjectStore store(path, db, true);
    exec(db,
        "BEGIN IMMEDIATE;"
        "CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);"
        "CREATE TABLE IF NOT EXISTS revisions("
        "  id INTEGER PRIMARY KEY AUTOINCREMENT,"
        "  created TEXT NOT NULL,"
        "  author TEXT NOT NULL,"
        "  message TEXT NOT NULL,"
        "  format_version INTEGER NOT NULL,"
        "  node_count INTEGER NOT NULL,"
        "  link_count INTEGER NOT NULL,"
        "  checksum TEXT NOT NULL,"
        "  fabric TEXT NOT NULL);"
        "INSERT OR REPLACE INTO meta(key, value) VALUES('application', 'Lossless Fabric Planner');",
        path);
    exec(db, fmt::format("PRAGMA application_id = {}; PRAGMA user_version = {}; COMMIT;", kProjectApplicationId, kProjectSchemaVersion).c_str(), path);
    sqlite3_busy_timeout(db, 2000);
    return store;
}

std::vector<RevisionInfo> ProjectStore::revisions() const
{
    std::vector<RevisionInfo> out;
    Stmt s(m_db, "SELECT id, created, author, message, format_version, node_count, link_count FROM revisions ORDER BY id", m_path);
    while (s.step()) {
        RevisionInfo r;
        r.id = static_cast<int>(s.integer(0));
        r.time = s.text(1);
        r.author = s.text(2);
        r.message = s.text(3);
        r.formatVersion = static_cast<int>(s.integer(4));
        r.nodes = static_cast<std::size_t>(s.integer(5));
        r.links = static_cast<std::size_t>(s.integer(6));
        out.push_back(std::move(r));
    }
    return out;
}

std::optional<int> ProjectStore::latestRevision() const
{
    Stmt s(m_db, "SELECT MAX(id) FROM revisions", m_path);
    if (s.step() && sqlite3_column_type(s.get(), 0) != SQLITE_NULL)
        return static_cast<int>(s.integer(0));
    return std::nullopt;
}

Fabric ProjectStore::load(std::optional<int> id) const
{
    if (!id) {
        id = latestRevision();
        if (!id)
            fail(m_path, "the project has no saved revision yet");
    }
    Stmt s(m_db, "SELECT fabric, format_version, checksum FROM revisions WHERE id = ?", m_path);
    sqlite3_bind_int(s.get(), 1, *id);
    if (!s.step()) {
        auto latest = latestRevision();
        fail(m_path, latest ? fmt::format("no revision {}; expected a revision from 1 to {}", *id, *latest)
                            : fmt::format("no revision {}; the project has no revision yet", *id));
    }
    const std::string text = s.text(0);
    if (checksum(text) != s.text(2))
        fail(m_path, fmt::format("revision {} is corrupt (its checksum does not match its contents); open another revision with --revision", *id));
    try {
        return fabricFromJsonText(text, {});
    } catch (const InputError& e) {
        fail(m_path, fmt::format("revision {} cannot be read: {}", *id, e.what()));
    }
}

int ProjectStore::save(const Fabric& fabric, const std::string& author, const std::string& message)
{
    if (!m_writable)
        fail(m_path, "the project is open read-only");
    const std::string text = fabricToJson(fabric).dump();
    exec(m_db, "BEGIN IMMEDIATE", m_path);
    try {
        Stmt s(m_db, "INSERT INTO revisions(created, author, message, format_version, node_count, link_count, checksum, fabric) VALUES(?,?,?,?,?,?,?,?)", m_path);
        const std::string now = utcNow();
        sqlite3_bind_text(s.get(), 1, now.c_str(), -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(s.get(), 2, author.c_str(), -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(s.get(), 3, message.c_str(), -1, SQLITE_TRANSIENT);
        sqlite3_bind_int(s.get(), 4, kFabricFormatVersion);
        sqlite3_bind_int64(s.get(), 5, static_cast<sqlite3_int64>(fabric.nodes.size()));
        sqlite3_bind_int64(s.get(), 6, static_cast<sqlite3_int64>(fabric.links.size()));
        const std::string sum = checksum(text);
        sqlite3_bind_text(s.get(), 7, sum.c_str(), -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(s.get(), 8, text.data(), static_cast<int>(text.size()), SQLITE_STATIC);
        s.step();
        const int id = static_cast<int>(sqlite3_last_insert_rowid(m_db));
        exec(m_db, "COMMIT", m_path);
        return id;
    } catch (...) {
        sqlite3_exec(m_db, "ROLLBACK", nullptr, nullptr, nullptr);
        throw;
    }
}

std::string defaultAuthor()
{
    if (const char* a = std::getenv("LFP_AUTHOR"); a && *a)
        return a;
    std::string user;
    if (const char* u = std::getenv("USER"); u && *u)
        user = u;
    else if (const char* l = std::getenv("LOGNAME"); l && *l)
        user = l;
    else
        user = "unknown";
    char host[256] = {};
    if (gethostname(host, sizeof host - 1) == 0 && host[0])
        return user + "@" + host;
    return user;
}

Fabric loadFabricFile(const std::string& path, std::optional<int> revision)
{
    std::error_code ec;
    if (!std::filesystem::exists(path, ec))
        fail(path, "no such file");
    if (hasSqliteHeader(path))
        return ProjectStore::open(path, false).load(revision);
    if (revision)
        fail(path, "a JSON fabric file has no revisions; --revision needs a .lfp project");
    return readFabricJson(path);
}

int saveFabricFile(const Fabric& fabric, const std::string& path, const std::string& message, const std::string& author)
{
    const auto ext = std::filesystem::path(path).extension().string();
    if (ext == ".lfp") {
        auto store = ProjectStore::openOrCreate(path);
        return store.save(fabric, author.empty() ? defaultAuthor() : author, message);
    }
    if (ext == ".json") {
        writeFabricJson(fabric, path);
        return 0;
    }
    fail(path, fmt::format("unknown file kind \"{}\", expected .json or .lfp", ext));
}

} // namespace lfp
