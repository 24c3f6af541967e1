// SPDX-License-Identifier: GPL-3.0-or-later
#include "projectstore.h"

#include "errors.h"
#include "fabricjson.h"
#include "fieldrules.h"
#include "textsafe.h"

#include <chrono>
#include <climits>
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

struct ProjectStoreGuard {
    std::chrono::steady_clock::time_point deadline;
};

namespace {

    [[noreturn]] void fail(const std::string& path, const std::string& what)
    {
        throw InputError(SourceLocation { path, 0, 0, {} }, what);
    }

    std::string sqliteMessage(sqlite3* db);

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
                fail(path, fmt::format("not a readable LFP project ({})", sqliteMessage(db)));
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
            fail(m_path, fmt::format("database error: {}", sqliteMessage(sqlite3_db_handle(m_stmt))));
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
            sqlite3_free(err);
            const std::string msg = sqliteMessage(db);
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

    // ------------------------------------------------------------ an untrusted file, a hardened connection

    /// Wall-clock budget of one public call (open, revisions, load, save). A statement still running
    /// after it is interrupted by the progress handler: our statements are fixed and small, so only a
    /// hostile or damaged file can make one run away.
    constexpr std::chrono::seconds kStatementBudget { 60 };
    /// Largest string or blob SQLite will build (a revision's fabric text), bytes.
    constexpr int kMaxValueBytes = 1 << 30;

    int onProgress(void* p)
    {
        const auto* g = static_cast<const ProjectStoreGuard*>(p);
        return std::chrono::steady_clock::now() > g->deadline ? 1 : 0;
    }

    std::string sqliteMessage(sqlite3* db)
    {
        const int code = sqlite3_errcode(db);
        if (code == SQLITE_INTERRUPT)
            return fmt::format("a database statement ran longer than {} s and was stopped; the project file may be damaged or hostile", kStatementBudget.count());
        if (code == SQLITE_CORRUPT || code == SQLITE_NOTADB)
            return fmt::format("the project file is corrupt ({}); it was not modified", sqlite3_errmsg(db));
        return sqlite3_errmsg(db);
    }

    /// Opens @p path with every defence SQLite offers against a hostile database file
    /// (https://www.sqlite.org/security.html, "Untrusted SQLite Database Files").
    sqlite3* openHardened(const std::string& path, int flags, ProjectStoreGuard* guard, const char* what)
    {
        sqlite3* db = nullptr;
        if (sqlite3_open_v2(path.c_str(), &db, flags, nullptr) != SQLITE_OK) {
            std::string msg = db ? sqlite3_errmsg(db) : "out of memory";
            sqlite3_close(db);
            fail(path, fmt::format("cannot open the project{}: {}", what, msg));
        }
        sqlite3_extended_result_codes(db, 0);
        sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, nullptr); // no writable_schema, no shadow-table writes
        sqlite3_db_config(db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, nullptr); // no functions from the schema
        sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, nullptr);
        sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_VIEW, 0, nullptr);
        sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, nullptr);
        sqlite3_limit(db, SQLITE_LIMIT_LENGTH, kMaxValueBytes);
        sqlite3_limit(db, SQLITE_LIMIT_SQL_LENGTH, 100'000);
        sqlite3_limit(db, SQLITE_LIMIT_COLUMN, 100);
        sqlite3_limit(db, SQLITE_LIMIT_EXPR_DEPTH, 100);
        sqlite3_limit(db, SQLITE_LIMIT_COMPOUND_SELECT, 3);
        sqlite3_limit(db, SQLITE_LIMIT_VDBE_OP, 25'000);
        sqlite3_limit(db, SQLITE_LIMIT_FUNCTION_ARG, 8);
        sqlite3_limit(db, SQLITE_LIMIT_ATTACHED, 0);
        sqlite3_limit(db, SQLITE_LIMIT_LIKE_PATTERN_LENGTH, 50);
        sqlite3_limit(db, SQLITE_LIMIT_VARIABLE_NUMBER, 16);
        sqlite3_limit(db, SQLITE_LIMIT_TRIGGER_DEPTH, 1);
        sqlite3_progress_handler(db, 10'000, onProgress, guard);
        sqlite3_busy_timeout(db, 2000);
        return db;
    }

    std::string collapseSpaces(std::string_view s)
    {
        std::string out;
        bool space = false;
        for (char c : s) {
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
                space = true;
                continue;
            }
            if (space && !out.empty() && out.back() != '(' && c != ')' && c != ',')
                out += ' ';
            space = false;
            out += c;
        }
        return out;
    }

    constexpr const char* kCreateMeta = "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL)";
    constexpr const char* kCreateRevisions = "CREATE TABLE revisions("
                                             "  id INTEGER PRIMARY KEY AUTOINCREMENT,"
                                             "  created TEXT NOT NULL,"
                                             "  author TEXT NOT NULL,"
                                             "  message TEXT NOT NULL,"
                                             "  format_version INTEGER NOT NULL,"
                                             "  node_count INTEGER NOT NULL,"
                                             "  link_count INTEGER NOT NULL,"
                                             "  checksum TEXT NOT NULL,"
                                             "  fabric TEXT NOT NULL)";

    /// The first statement on an untrusted file: its schema must be exactly the one LFP writes — two
    /// tables, the primary-key index SQLite makes for `meta`, and `sqlite_sequence` — and nothing else
    /// (no trigger that runs when we save, no view that shadows a table, no extra table or index).
    void verifySchema(sqlite3* db, const std::string& path)
    {
        struct Expected {
            const char* type;
            const char* name;
            const char* table;
            const char* sql; // nullptr: SQL NULL
            bool seen = false;
        };
        Expected expected[] = {
            { "table", "meta", "meta", kCreateMeta },
            { "index", "sqlite_autoindex_meta_1", "meta", nullptr },
            { "table", "revisions", "revisions", kCreateRevisions },
            { "table", "sqlite_sequence", "sqlite_sequence", "CREATE TABLE sqlite_sequence(name,seq)" },
        };
        Stmt s(db, "SELECT type, name, tbl_name, sql, sql IS NULL FROM sqlite_master LIMIT 50", path);
        int rows = 0;
        while (s.step()) {
            ++rows;
            const std::string type = s.text(0), name = s.text(1), table = s.text(2), sql = s.text(3);
            const bool sqlNull = s.integer(4) != 0;
            bool ok = false;
            for (auto& e : expected) {
                if (e.seen || type != e.type || name != e.name || table != e.table)
                    continue;
                if (e.sql ? (!sqlNull && collapseSpaces(sql) == collapseSpaces(e.sql)) : sqlNull) {
                    e.seen = ok = true;
                    break;
                }
            }
            if (!ok)
                fail(path, fmt::format("not a valid LFP project: unexpected {} \"{}\" in its schema (an LFP project holds only the tables meta and revisions); it was not modified",
                               type.size() > 16 ? type.substr(0, 16) : type, name.size() > 64 ? name.substr(0, 64) + "…" : name));
        }
        for (const auto& e : expected)
            if (!e.seen && std::string_view(e.name) != "sqlite_sequence")
                fail(path, fmt::format("not a valid LFP project: the {} \"{}\" is missing from its schema; it was not modified", e.type, e.name));
        (void)rows;
    }

    /// Revision ids are 1..INT_MAX (RevisionInfo::id is an int; issue 36 F9): a file with an id or an
    /// AUTOINCREMENT counter outside that range (only another program can write one) is refused rather
    /// than read with its ids truncated — two rows numbered 1, the wrong base revision for an edit.
    void verifyRevisionIds(sqlite3* db, const std::string& path)
    {
        std::int64_t seq = 0; // sqlite_sequence exists once the first revision was saved
        if (Stmt t(db, "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'sqlite_sequence'", path); t.step() && t.integer(0) > 0) {
            Stmt q(db, "SELECT MAX(seq) FROM sqlite_sequence WHERE name = 'revisions'", path);
            seq = q.step() ? q.integer(0) : 0;
        }
        Stmt s(db, "SELECT MIN(id), MAX(id) FROM revisions", path);
        if (!s.step())
            return;
        const bool empty = sqlite3_column_type(s.get(), 0) == SQLITE_NULL;
        const std::int64_t lo = s.integer(0), hi = s.integer(1);
        if ((!empty && (lo < 1 || hi > INT_MAX)) || seq < 0 || seq > INT_MAX)
            fail(path, fmt::format("not a valid LFP project: a revision id (or the next one) is outside 1..{} (found {}); it was not modified",
                           INT_MAX, !empty && lo < 1 ? lo : !empty && hi > INT_MAX ? hi : seq));
    }

    /// True when the file's header says WAL mode (bytes 18 and 19, the file format write and read
    /// versions, are 2; https://www.sqlite.org/fileformat2.html#the_database_header): another SQLite
    /// program switched it. LFP writes rollback-journal files only (one file, docs/formats/project-lfp.md).
    bool isWalMode(const std::string& path)
    {
        std::ifstream in(path, std::ios::binary);
        unsigned char header[20] = {};
        in.read(reinterpret_cast<char*>(header), sizeof header);
        return in.gcount() == 20 && (header[18] == 2 || header[19] == 2);
    }

    /// Verifies the opened database is an LFP project we can read. Throws otherwise.
    void verify(sqlite3* db, const std::string& path)
    {
        // application_id and user_version are read from the header and run no schema code.
        const int app = pragmaInt(db, "PRAGMA application_id", path);
        if (app != kProjectApplicationId)
            fail(path, "this SQLite database is not a Lossless Fabric Planner project (wrong application id); it was not modified");
        const int schema = pragmaInt(db, "PRAGMA user_version", path);
        if (schema > kProjectSchemaVersion)
            fail(path, fmt::format("this project was written by a newer Lossless Fabric Planner (project schema {}; this version reads up to {}). Update LFP to open it; the file was not modified",
                           schema, kProjectSchemaVersion));
        if (schema < 1)
            fail(path, "this project file has no schema version; it is not a valid LFP project");
        verifySchema(db, path);
        verifyRevisionIds(db, path);
        // quick_check reads every page: a corrupt file fails here rather than half-way through a load.
        {
            Stmt s(db, "PRAGMA quick_check(1)", path);
            if (!s.step() || s.text(0) != "ok")
                fail(path, "the project file is corrupt (SQLite quick_check failed); it was not modified");
        }
    }

    bool nonEmptyFile(const std::string& path)
    {
        std::error_code ec;
        return std::filesystem::is_regular_file(path, ec) && std::filesystem::file_size(path, ec) > 0 && !ec;
    }

    bool canWrite(const std::string& path)
    {
        const auto dir = std::filesystem::path(path).has_parent_path() ? std::filesystem::path(path).parent_path().string() : std::string(".");
        return ::access(path.c_str(), W_OK) == 0 && ::access(dir.c_str(), W_OK) == 0;
    }

    ProjectNoticeHandler& noticeHandler()
    {
        static ProjectNoticeHandler h;
        return h;
    }

    void notice(const std::string& path, const std::string& message)
    {
        if (auto& h = noticeHandler())
            h(path, message);
    }

} // namespace

void setProjectNoticeHandler(ProjectNoticeHandler handler) { noticeHandler() = std::move(handler); }

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
    , m_recovered(o.m_recovered)
    , m_guard(std::move(o.m_guard))
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
        m_recovered = o.m_recovered;
        m_guard = std::move(o.m_guard);
    }
    return *this;
}

bool ProjectStore::looksLikeProject(const std::string& path)
{
    if (!hasSqliteHeader(path))
        return false;
    // The application id is bytes 68..71 of the header (big-endian): no SQLite code runs on the file.
    std::ifstream in(path, std::ios::binary);
    unsigned char header[72] = {};
    in.read(reinterpret_cast<char*>(header), sizeof header);
    if (in.gcount() != 72)
        return false;
    const auto app = static_cast<int>((std::uint32_t(header[68]) << 24) | (std::uint32_t(header[69]) << 16) | (std::uint32_t(header[70]) << 8) | header[71]);
    return app == kProjectApplicationId;
}

ProjectStore ProjectStore::open(const std::string& path, bool writable)
{
    std::error_code ec;
    if (!std::filesystem::exists(path, ec))
        fail(path, "no such file");
    if (!hasSqliteHeader(path))
        fail(path, "not a Lossless Fabric Planner project (not an SQLite database); it was not modified");
    // A save that was interrupted (kill -9, power loss, full disk) leaves a hot rollback journal beside
    // the file. SQLite rolls it back — restoring the last committed state — on the first read of a
    // connection that may write; a read-only connection refuses the file instead. So a project with a
    // journal is opened read-write even for reading, when the file and its directory are writable.
    const std::string journal = path + "-journal";
    const bool hadJournal = nonEmptyFile(journal);
    auto guard = std::make_unique<ProjectStoreGuard>();
    guard->deadline = std::chrono::steady_clock::now() + kStatementBudget;
    // A WAL-mode file (issue 36 F10) may hold committed pages in its -wal file, and reading it leaves
    // -wal and -shm files: it is converted back to the one-file form on a writable open (as a hot
    // journal is rolled back), and refused when the file or its folder is read-only.
    const bool wal = isWalMode(path);
    if (wal && !looksLikeProject(path)) // no SQLite code runs on it (a WAL read would write beside it)
        fail(path, "this SQLite database is not a Lossless Fabric Planner project (wrong application id); it was not modified");
    const bool readWrite = writable || ((hadJournal || wal) && canWrite(path));
    if (wal && !readWrite)
        fail(path, "the project is in SQLite WAL mode (another SQLite program changed it); LFP converts it back to its one-file form, which needs "
                   "the file and its folder to be writable; make them writable and open it again; it was not modified");
    sqlite3* db = openHardened(path, readWrite ? SQLITE_OPEN_READWRITE : SQLITE_OPEN_READONLY, guard.get(), readWrite && writable ? " for writing" : "");
    ProjectStore store(path, db, writable);
    store.m_guard = std::move(guard);
    try {
        verify(db, path);
    } catch (const InputError& e) {
        if (hadJournal && !readWrite)
            fail(path, fmt::format("{} (the file has an unfinished save, {}, that only a writable open can roll back; make the file and its folder writable and open it again)",
                           e.detail(), journal));
        throw;
    }
    if (wal) {
        // Checkpoints the -wal file into the database, removes -wal and -shm and writes the
        // rollback-journal mode into the header (https://www.sqlite.org/pragma.html#pragma_journal_mode).
        Stmt mode(db, "PRAGMA journal_mode = DELETE", path);
        if (!mode.step() || mode.text(0) != "delete")
            fail(path, "the project is in SQLite WAL mode and could not be converted back to its one-file form (is another program using it?)");
        notice(path, "converted from SQLite WAL mode (set by another SQLite program) back to LFP's one-file form");
    }
    if (writable)
        exec(db, "PRAGMA synchronous = FULL", path); // a returned COMMIT is on disk (per connection)
    if (hadJournal && !nonEmptyFile(journal)) {
        store.m_recovered = true;
        notice(path, "recovered from an interrupted save: the unfinished save was rolled back; every committed revision is intact");
    }
    return store;
}

ProjectStore ProjectStore::openOrCreate(const std::string& path)
{
    std::error_code ec;
    if (std::filesystem::exists(path, ec)) {
        if (std::filesystem::file_size(path, ec) > 0 || ec)
            return open(path, true);
        // An empty file (e.g. made by mktemp) becomes a new project.
    }
    auto guard = std::make_unique<ProjectStoreGuard>();
    guard->deadline = std::chrono::steady_clock::now() + kStatementBudget;
    sqlite3* db = openHardened(path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, guard.get(), " (create)");
    ProjectStore store(path, db, true);
    store.m_guard = std::move(guard);
    exec(db, "PRAGMA journal_mode = DELETE; PRAGMA synchronous = FULL;", path);
    exec(db,
        fmt::format("BEGIN IMMEDIATE;"
                    "{};{};"
                    "INSERT OR REPLACE INTO meta(key, value) VALUES('application', 'Lossless Fabric Planner');"
                    "PRAGMA application_id = {}; PRAGMA user_version = {}; COMMIT;",
            kCreateMeta, kCreateRevisions, kProjectApplicationId, kProjectSchemaVersion)
            .c_str(),
        path);
    return store;
}

void ProjectStore::arm() const
{
    if (m_guard)
        m_guard->deadline = std::chrono::steady_clock::now() + kStatementBudget;
}

std::vector<RevisionInfo> ProjectStore::revisions() const
{
    arm();
    std::vector<RevisionInfo> out;
    // substr: a hostile file's megabyte-long author or message is not read whole.
    Stmt s(m_db, "SELECT id, substr(created, 1, 64), substr(author, 1, 1000), substr(message, 1, 10000), format_version, node_count, link_count FROM revisions ORDER BY id", m_path);
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
    arm();
    Stmt s(m_db, "SELECT MAX(id) FROM revisions", m_path);
    if (s.step() && sqlite3_column_type(s.get(), 0) != SQLITE_NULL)
        return static_cast<int>(s.integer(0));
    return std::nullopt;
}

std::string ProjectStore::revisionChecksum(int id) const
{
    arm();
    Stmt s(m_db, "SELECT checksum, fabric FROM revisions WHERE id = ?", m_path);
    sqlite3_bind_int(s.get(), 1, id);
    if (!s.step())
        return {};
    const std::string sum = s.text(0);
    if (checksum(s.text(1)) != sum)
        fail(m_path, fmt::format("revision {} is corrupt (its checksum does not match its contents); open another revision with --revision", id));
    return sum;
}

Fabric ProjectStore::load(std::optional<int> id) const { return loadWithLatest(id).fabric; }

LoadedFabric ProjectStore::loadWithLatest(std::optional<int> id) const
{
    arm();
    // One read transaction (a SHARED lock from the first SELECT to COMMIT in rollback-journal mode):
    // the latest id and the fabric's text come from the same state of the file (issue 36 F1).
    exec(m_db, "BEGIN", m_path);
    std::optional<int> latest;
    std::string text, sum;
    try {
        latest = latestRevision();
        if (!id) {
            id = latest;
            if (!id)
                fail(m_path, "the project has no saved revision yet");
        }
        Stmt s(m_db, "SELECT fabric, format_version, checksum FROM revisions WHERE id = ?", m_path);
        sqlite3_bind_int(s.get(), 1, *id);
        if (!s.step())
            fail(m_path, latest ? fmt::format("no revision {}; expected a revision from 1 to {}", *id, *latest)
                                : fmt::format("no revision {}; the project has no revision yet", *id));
        text = s.text(0);
        sum = s.text(2);
    } catch (...) {
        sqlite3_exec(m_db, "ROLLBACK", nullptr, nullptr, nullptr);
        throw;
    }
    exec(m_db, "COMMIT", m_path); // the lock is released before the (long) parse
    if (checksum(text) != sum)
        fail(m_path, fmt::format("revision {} is corrupt (its checksum does not match its contents); open another revision with --revision", *id));
    try {
        return { fabricFromJsonText(text, {}), id, latest };
    } catch (const InputError& e) {
        fail(m_path, fmt::format("revision {} cannot be read: {}", *id, e.what()));
    }
}

namespace {
    /// A revision's author and message are one line of printable text each, as `lfp revisions` and the
    /// GUI show them: a newline in -m would forge a row of the revision list, an escape sequence would
    /// reach the reader's terminal. Checked before a project file is created or locked.
    void checkRevisionText(const std::string& path, const std::string& author, const std::string& message)
    {
        for (const auto& [field, value] : { std::pair { "--author", &author }, std::pair { "--message", &message } })
            if (auto problem = textProblem(*value, TextKind::Name))
                throw InputError(SourceLocation { path, 0, 0, field }, fmt::format("the revision {} {}, expected one line of printable text", field + 2, *problem));
    }
} // namespace

int ProjectStore::save(const Fabric& fabric, const std::string& author, const std::string& message, std::optional<int> basedOn)
{
    if (!m_writable)
        fail(m_path, "the project is open read-only");
    checkRevisionText(m_path, author, message);
    requireWritable(fabric, m_path); // no revision a reader would refuse (fieldrules.h, issue 36 F2)
    const std::string text = fabricToCompactJsonText(fabric); // the bytes of fabricToJson(fabric).dump(), without the DOM
    arm();
    exec(m_db, "BEGIN IMMEDIATE", m_path);
    try {
        // Inside the write lock: the latest revision cannot change under us from here to COMMIT.
        std::optional<int> latest;
        {
            Stmt s(m_db, "SELECT id, checksum, fabric FROM revisions ORDER BY id DESC LIMIT 1", m_path);
            if (s.step()) {
                latest = static_cast<int>(s.integer(0));
                if (checksum(s.text(2)) != s.text(1))
                    fail(m_path, fmt::format("the latest revision ({}) is corrupt (its checksum does not match its contents); nothing was saved. "
                                             "Open an earlier revision with --revision and save it to a new project",
                                     *latest));
            }
        }
        if (basedOn && latest != basedOn)
            fail(m_path, fmt::format("{} (revision {} was read; the latest is now {}); nothing was saved — run the command again", kProjectChangedMessage,
                             *basedOn, latest ? std::to_string(*latest) : std::string("none")));
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
        if (text.size() >= static_cast<std::size_t>(kMaxValueBytes))
            fail(m_path, fmt::format("the fabric is too large to save ({} bytes of JSON; a revision holds at most {} bytes)", text.size(), kMaxValueBytes - 1));
        sqlite3_bind_text(s.get(), 8, text.data(), static_cast<int>(text.size()), SQLITE_STATIC);
        s.step();
        const sqlite3_int64 rowid = sqlite3_last_insert_rowid(m_db);
        if (rowid < 1 || rowid > INT_MAX)
            fail(m_path, fmt::format("the project has no revision id left (ids are 1..{}); nothing was saved. Save the fabric to a new project", INT_MAX));
        const int id = static_cast<int>(rowid);
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

LoadedFabric loadFabricFileWithRevision(const std::string& path, std::optional<int> revision)
{
    std::error_code ec;
    if (!std::filesystem::exists(path, ec))
        fail(path, "no such file");
    if (hasSqliteHeader(path))
        return ProjectStore::open(path, false).loadWithLatest(revision);
    if (revision)
        fail(path, "a JSON fabric file has no revisions; --revision needs a .lfp project");
    return { readFabricJson(path), std::nullopt, std::nullopt };
}

Fabric loadFabricFile(const std::string& path, std::optional<int> revision) { return loadFabricFileWithRevision(path, revision).fabric; }

int saveFabricFile(const Fabric& fabric, const std::string& path, const std::string& message, const std::string& author, std::optional<int> basedOn)
{
    const auto ext = std::filesystem::path(path).extension().string();
    if (ext == ".lfp") {
        checkRevisionText(path, author, message);
        auto store = ProjectStore::openOrCreate(path);
        return store.save(fabric, author.empty() ? defaultAuthor() : author, message, basedOn);
    }
    if (ext == ".json") {
        writeFabricJson(fabric, path);
        return 0;
    }
    fail(path, fmt::format("unknown file kind \"{}\", expected .json or .lfp", ext));
}

} // namespace lfp
