// SPDX-License-Identifier: GPL-3.0-or-later
#include "importer.h"

namespace lfp {

namespace {
    std::vector<std::unique_ptr<Importer>>& store()
    {
        static std::vector<std::unique_ptr<Importer>> s;
        return s;
    }
} // namespace

const std::vector<std::unique_ptr<Importer>>& importers() { return store(); }

const Importer* findImporter(std::string_view id)
{
    for (const auto& i : store())
        if (i->id() == id)
            return i.get();
    return nullptr;
}

bool registerImporter(std::unique_ptr<Importer> importer)
{
    store().push_back(std::move(importer));
    return true;
}

} // namespace lfp
