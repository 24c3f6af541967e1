// SPDX-License-Identifier: GPL-3.0-or-later
#include "planner/findings/findingsjson.h"

#include "model/errors.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <fmt/format.h>
#include <set>

namespace lfp {

using nlohmann::json;

namespace {

    [[noreturn]] void bad(const std::string& path, const std::string& what) { throw InputError(SourceLocation { {}, 0, 0, path }, what); }

    const char* typeName(const json& j)
    {
        return j.type_name();
    }

    void expectObject(const json& j, const std::string& path)
    {
        if (!j.is_object())
            bad(path.empty() ? "/" : path, fmt::format("found {}, expected an object", typeName(j)));
    }

    void checkKeys(const json& j, const std::string& path, const std::set<std::string>& allowed)
    {
        for (auto it = j.begin(); it != j.end(); ++it)
            if (!allowed.count(it.key())) {
                std::string list;
                for (const auto& k : allowed)
                    list += (list.empty() ? "" : ", ") + k;
                bad(path + "/" + it.key(), fmt::format("unknown member \"{}\", expected one of: {}", it.key(), list));
            }
    }

    std::string optString(const json& j, const std::string& path, const char* key)
    {
        auto it = j.find(key);
        if (it == j.end() || it->is_null())
            return {};
        if (!it->is_string())
            bad(path + "/" + key, fmt::format("found {}, expected a string", typeName(*it)));
        return it->get<std::string>();
    }

} // namespace

json evidenceToJson(const Evidence& e)
{
    json j;
    j["name"] = e.name;
    if (std::isfinite(e.value) && e.value == std::floor(e.value) && std::abs(e.value) < 9.0e15)
        j["value"] = static_cast<std::int64_t>(e.value); // 9100, not 9100.0
    else if (std::isfinite(e.value))
        j["value"] = e.value;
    else
        j["value"] = nullptr;
    j["unit"] = e.unit;
    j["note"] = e.note;
    return j;
}

json findingToJson(const Finding& f)
{
    json ev = json::array();
    for (const auto& e : f.evidence)
        ev.push_back(evidenceToJson(e));
    json j;
    j["severity"] = toString(f.severity);
    j["code"] = f.code;
    j["objects"] = toStrings(f.objects); // the text forms (model/objectref.h)
    j["message"] = f.message;
    j["evidence"] = ev;
    j["fix"] = f.fix;
    if (!f.facts.empty())
        j["facts"] = f.facts;
    return j;
}

json findingsToJson(const std::vector<Finding>& findings)
{
    json a = json::array();
    for (const auto& f : findings)
        a.push_back(findingToJson(f));
    return a;
}

json summaryToJson(const FindingSummary& s)
{
    return { { "errors", s.errors }, { "warnings", s.warnings }, { "infos", s.infos } };
}

Evidence evidenceFromJson(const json& j, const std::string& path)
{
    expectObject(j, path);
    checkKeys(j, path, { "name", "value", "unit", "note" });
    Evidence e;
    e.name = optString(j, path, "name");
    if (auto it = j.find("value"); it != j.end()) {
        if (it->is_null())
            e.value = std::nan("");
        else if (it->is_number())
            e.value = it->get<double>();
        else
            bad(path + "/value", fmt::format("found {}, expected a number", typeName(*it)));
    }
    e.unit = optString(j, path, "unit");
    e.note = optString(j, path, "note");
    return e;
}

Finding findingFromJson(const json& j, const std::string& path)
{
    expectObject(j, path);
    checkKeys(j, path, { "severity", "code", "objects", "message", "evidence", "fix", "facts" });
    Finding f;
    auto sev = j.find("severity");
    if (sev == j.end())
        bad(path + "/severity", "missing, expected \"error\", \"warning\" or \"info\"");
    if (!sev->is_string() || !severityFromString(sev->get<std::string>(), f.severity))
        bad(path + "/severity", fmt::format("found {}, expected \"error\", \"warning\" or \"info\"", sev->dump()));
    auto code = j.find("code");
    if (code == j.end() || !code->is_string() || code->get<std::string>().empty())
        bad(path + "/code", "missing or not a string, expected a finding code such as \"LFP-LINK-MTU-MISMATCH\"");
    f.code = code->get<std::string>();
    if (auto o = j.find("objects"); o != j.end()) {
        if (!o->is_array())
            bad(path + "/objects", fmt::format("found {}, expected an array of strings", typeName(*o)));
        for (std::size_t i = 0; i < o->size(); ++i) {
            if (!(*o)[i].is_string())
                bad(fmt::format("{}/objects/{}", path, i), fmt::format("found {}, expected a string", typeName((*o)[i])));
            f.objects.push_back(ObjectRef::fromText((*o)[i].get<std::string>()));
        }
    }
    f.message = optString(j, path, "message");
    if (auto ev = j.find("evidence"); ev != j.end()) {
        if (!ev->is_array())
            bad(path + "/evidence", fmt::format("found {}, expected an array", typeName(*ev)));
        for (std::size_t i = 0; i < ev->size(); ++i)
            f.evidence.push_back(evidenceFromJson((*ev)[i], fmt::format("{}/evidence/{}", path, i)));
    }
    f.fix = optString(j, path, "fix");
    if (auto fa = j.find("facts"); fa != j.end()) {
        if (!fa->is_array())
            bad(path + "/facts", fmt::format("found {}, expected an array of strings", typeName(*fa)));
        for (std::size_t i = 0; i < fa->size(); ++i) {
            if (!(*fa)[i].is_string())
                bad(fmt::format("{}/facts/{}", path, i), fmt::format("found {}, expected a string", typeName((*fa)[i])));
            f.facts.push_back((*fa)[i].get<std::string>());
        }
    }
    return f;
}

std::vector<Finding> findingsFromJson(const json& j)
{
    const json* arr = &j;
    std::string path;
    if (j.is_object()) {
        auto it = j.find("findings");
        if (it == j.end())
            bad("/findings", "missing, expected an array of findings");
        arr = &*it;
        path = "/findings";
    }
    if (!arr->is_array())
        bad(path.empty() ? "/" : path, fmt::format("found {}, expected an array of findings", typeName(*arr)));
    std::vector<Finding> out;
    out.reserve(arr->size());
    for (std::size_t i = 0; i < arr->size(); ++i)
        out.push_back(findingFromJson((*arr)[i], fmt::format("{}/{}", path, i)));
    return out;
}

std::string findingKey(const Finding& f)
{
    auto objects = toStrings(f.objects);
    std::sort(objects.begin(), objects.end());
    std::string o;
    for (const auto& s : objects)
        o += (o.empty() ? "" : ", ") + s;
    return fmt::format("{} {} [{}]", f.code, toString(f.severity), o);
}

} // namespace lfp
