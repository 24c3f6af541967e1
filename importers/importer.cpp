// SPDX-License-Identifier: GPL-3.0-or-later
#include "importer.h"
#include "readutil.h"

#include "model/fabricjson.h"

#include <mutex>

namespace lfp {

// Factories of the built-in readers, one per reader .cpp.
std::unique_ptr<Importer> makeIbnetdiscoverImporter();
std::unique_ptr<Importer> makeIbndCacheImporter();
std::unique_ptr<Importer> makeVerbsImporter();
std::unique_ptr<Importer> makeLldpImporter();
std::unique_ptr<Importer> makeSonicImporter();
std::unique_ptr<Importer> makeNetboxImporter();
std::unique_ptr<Importer> makeCsvImporter();
std::unique_ptr<Importer> makeGraphmlImporter();
std::unique_ptr<Importer> makeClabImporter();

namespace {
    std::vector<std::unique_ptr<Importer>>& store()
    {
        static std::vector<std::unique_ptr<Importer>> s;
        return s;
    }
    std::once_flag g_builtins;
} // namespace

void registerBuiltinImporters()
{
    std::call_once(g_builtins, [] {
        auto& s = store();
        std::vector<std::unique_ptr<Importer>> builtins;
        builtins.push_back(makeIbnetdiscoverImporter());
        builtins.push_back(makeIbndCacheImporter());
        builtins.push_back(makeVerbsImporter());
        builtins.push_back(makeLldpImporter());
        builtins.push_back(makeSonicImporter());
        builtins.push_back(makeNetboxImporter());
        builtins.push_back(makeCsvImporter());
        builtins.push_back(makeGraphmlImporter());
        builtins.push_back(makeClabImporter());
        // Built-ins first, then anything registered before (plugins, tests).
        for (auto& i : s)
            builtins.push_back(std::move(i));
        s = std::move(builtins);
    });
}

const std::vector<std::unique_ptr<Importer>>& importers()
{
    registerBuiltinImporters();
    return store();
}

const Importer* findImporter(std::string_view id)
{
    for (const auto& i : importers())
        if (i->id() == id)
            return i.get();
    return nullptr;
}

bool registerImporter(std::unique_ptr<Importer> importer)
{
    store().push_back(std::move(importer));
    return true;
}

ImportResult Importer::read(const std::vector<std::string>& files, Feedback* feedback) const
{
    std::vector<SourceText> sources;
    sources.reserve(files.size());
    for (const auto& f : files) {
        checkCancelled(feedback);
        sources.push_back({ f, readWholeFile(f) });
    }
    try {
        return readTexts(sources, feedback);
    } catch (const imp::NameError& e) {
        // Where the name is: its bytes as they stand, or JSON-escaped ("a\nb").
        const std::string raw = e.value();
        std::string escaped = nlohmann::json(raw).dump();
        escaped = escaped.substr(1, escaped.size() - 2);
        for (const auto& src : sources) {
            auto at = raw.empty() ? std::string::npos : src.text.find(raw);
            if (at == std::string::npos && !escaped.empty())
                at = src.text.find(escaped);
            if (at != std::string::npos) {
                const auto [line, col] = imp::lineColumn(src.text, at);
                throw InputError(SourceLocation { src.name, line, col, e.field() }, e.detail());
            }
        }
        throw InputError(SourceLocation { sources.size() == 1 ? sources.front().name : std::string(), 0, 0, e.field() }, e.detail());
    }
}

ImportResult Importer::readTexts(const std::vector<SourceText>& sources, Feedback*) const
{
    throw InputError(SourceLocation { sources.empty() ? std::string() : sources.front().name, 0, 0, {} },
        "the " + id() + " reader reads files, not text");
}

} // namespace lfp
