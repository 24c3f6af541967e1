// SPDX-License-Identifier: GPL-3.0-or-later
// NetBox cables: the CSV of the cable import/export (side_a_device, side_a_type, side_a_name, …, type,
// status, length, length_unit) and the REST API JSON of /api/dcim/cables/ — current shape
// (a_terminations/b_terminations lists, NetBox ≥ 3.3) and the pre-3.3 shape (termination_a_type,
// termination_a). Only interface-to-interface cables become links; others are reported and skipped.
// Pages of /api/dcim/devices/ (device_type: manufacturer, model, slug; role) and /api/dcim/interfaces/
// (mtu) may come with them: they give the hardware an ASIC is inferred from (planner/buffer/asicinference.h)
// and the MTU of the ports that state one. Nothing is invented for what they do not state.
#include "readutil.h"

#include "model/fielddescriptor.h"
#include "model/fabricjson.h"

#include <fmt/format.h>

namespace lfp {
namespace {
    using namespace imp;
    using nlohmann::json;

    struct Term {
        std::string type, device, name;
    };

    std::string choiceValue(const json* v)
    {
        if (!v || v->is_null())
            return {};
        if (v->is_string())
            return v->get<std::string>();
        if (v->is_number())
            return v->dump();
        if (v->is_object()) {
            auto it = v->find("value");
            if (it != v->end() && it->is_string())
                return it->get<std::string>();
        }
        return {};
    }
    const json* member(const json& o, const char* k)
    {
        if (!o.is_object())
            return nullptr;
        auto it = o.find(k);
        return it == o.end() ? nullptr : &*it;
    }

    Term termFrom(const SourceText& src, const json& t, const std::string& ptr, const std::string& typeHint)
    {
        if (!t.is_object())
            failJson(src, ptr, fmt::format("found {}, expected a termination object", describe(t)));
        Term out;
        out.type = typeHint;
        if (auto ot = member(t, "object_type"); ot && ot->is_string())
            out.type = ot->get<std::string>();
        const json* obj = member(t, "object");
        if (!obj)
            obj = &t; // pre-3.3: termination_a is the interface itself
        if (!obj->is_object())
            failJson(src, ptr, fmt::format("found {}, expected the terminated object with \"name\" and \"device\"", describe(*obj)));
        if (auto n = member(*obj, "name"); n && n->is_string())
            out.name = n->get<std::string>();
        if (auto d = member(*obj, "device"); d && d->is_object()) {
            if (auto dn = member(*d, "name"); dn && dn->is_string())
                out.device = dn->get<std::string>();
            else if (auto dd = member(*d, "display"); dd && dd->is_string())
                out.device = dd->get<std::string>();
        }
        return out;
    }

    class NetboxImporter : public Importer {
    public:
        std::string id() const override { return "netbox"; }
        std::string description() const override
        {
            return "NetBox cables: CSV import/export columns, or REST JSON of /api/dcim/cables/ (pre-3.3 and current shapes)";
        }
        std::string inputs() const override
        {
            return "cables .csv, or .json pages of GET /api/dcim/cables/ (with pages of /api/dcim/devices/ and /api/dcim/interfaces/)";
        }

        ImportResult readTexts(const std::vector<SourceText>& sources, Feedback* feedback) const override
        {
            ImportResult out;
            out.knownFields = { known::kLinkLength, known::kLinkMedium };
            FragmentBuilder fb(out);
            for (const auto& src : sources) {
                checkCancelled(feedback);
                auto t = trim(src.text);
                if (startsWith(t, "\xEF\xBB\xBF"))
                    t.remove_prefix(3);
                if (!t.empty() && (t.front() == '{' || t.front() == '['))
                    readJson(src, fb, out);
                else
                    readCsv(src, fb);
            }
            fb.finish();
            return out;
        }

    private:
        static void addCable(FragmentBuilder& fb, const SourceLocation& where, const Term& a, const Term& b, const std::string& type,
            const std::string& status, std::optional<Metres> length, const std::string& label)
        {
            if (a.type != "dcim.interface" || b.type != "dcim.interface") {
                fb.info(where, fmt::format("cable {} joins {} and {}; only interface-to-interface cables are links, skipped",
                                   label.empty() ? "(no label)" : label, a.type.empty() ? "?" : a.type, b.type.empty() ? "?" : b.type));
                return;
            }
            if (a.device.empty() || a.name.empty() || b.device.empty() || b.name.empty()) {
                fb.warn(where, "a cable end has no device or interface name; skipped");
                return;
            }
            Link l;
            l.a = { a.device, a.name };
            l.b = { b.device, b.name };
            l.origin = status == "connected" ? LinkOrigin::Discovered : LinkOrigin::Planned;
            l.length = length.value_or(Metres(0));
            l.medium = mediumFromText(type).value_or(Medium::Unknown);
            if (l.medium == Medium::Fibre)
                l.fibre = fibreTypeFromText(type); // NetBox mmf-om3/om4/om5, smf(-os1/-os2)
            fb.link(l, where, false);
            if (!label.empty())
                fb.node(a.device).attributes["netbox.cable." + a.name] = label;
        }

        /// A device of /api/dcim/devices/: its device type (manufacturer, model, slug) and role.
        static void readDevice(FragmentBuilder& fb, const json& c, const SourceLocation& where)
        {
            const std::string name = choiceValue(member(c, "name"));
            if (name.empty()) {
                fb.warn(where, "a device without a name; skipped");
                return;
            }
            const json* dt = member(c, "device_type");
            std::string manufacturer;
            if (const json* m = member(*dt, "manufacturer"))
                manufacturer = choiceValue(member(*m, "name"));
            const std::string model = choiceValue(member(*dt, "model"));
            const std::string slug = choiceValue(member(*dt, "slug"));
            std::optional<Role> role;
            for (const char* k : { "role", "device_role" }) // NetBox ≥ 3.6 "role", before "device_role"
                if (const json* r = member(c, k); r && r->is_object() && !role)
                    for (const char* f : { "name", "slug" })
                        if (!role)
                            role = roleFromText(choiceValue(member(*r, f)));
            Node& n = role ? fb.node(name, *role, true) : fb.node(name);
            if (!manufacturer.empty())
                n.vendor = manufacturer;
            if (!model.empty()) {
                n.model = model;
                n.attributes["netbox.device_type"] = manufacturer.empty() ? model : manufacturer + " " + model;
            }
            if (!slug.empty())
                n.attributes["netbox.device_type_slug"] = slug;
        }

        /// An interface of /api/dcim/interfaces/: its MTU when NetBox has one (null otherwise).
        static void readInterface(const SourceText& src, FragmentBuilder& fb, ImportResult& out, const json& c, const std::string& ptr,
            const SourceLocation& where)
        {
            const json* dev = member(c, "device");
            const std::string device = dev && dev->is_object() ? choiceValue(member(*dev, "name")) : std::string();
            const std::string name = choiceValue(member(c, "name"));
            if (device.empty() || name.empty()) {
                fb.warn(where, "an interface without a device or a name; skipped");
                return;
            }
            const json* mtu = member(c, "mtu");
            if (!mtu || mtu->is_null())
                return; // NetBox has no MTU for it: unknown, nothing is set
            if (!mtu->is_number_integer() || !fieldRange(ObjectRef::Kind::Port, "mtu").contains(mtu->get<long long>()))
                failJson(src, ptr + "/mtu", fmt::format("found {}, expected an MTU from {} to {} bytes or null", describe(*mtu), fieldRange(ObjectRef::Kind::Port, "mtu").lo, fieldRange(ObjectRef::Kind::Port, "mtu").hi));
            fb.port(device, name).mtu = static_cast<int>(mtu->get<long long>());
            out.knownFields.insert(known::kPortMtu);
        }

        static void readJson(const SourceText& src, FragmentBuilder& fb, ImportResult& out)
        {
            const json root = parseJson(src);
            const json* list = &root;
            std::string base;
            if (root.is_object()) {
                if (auto r = member(root, "results")) {
                    list = r;
                    base = "/results";
                } else {
                    list = nullptr; // a single cable
                }
            }
            auto one = [&](const json& c, const std::string& ptr) {
                if (!c.is_object())
                    failJson(src, ptr, fmt::format("found {}, expected a cable object", describe(c)));
                auto [line, col] = locateJsonPointer(src.text, ptr);
                const SourceLocation where { src.name, line, col, ptr };
                if (const json* dt = member(c, "device_type"); dt && dt->is_object()) {
                    readDevice(fb, c, where);
                    return;
                }
                if (member(c, "mtu") && member(c, "device") && !member(c, "a_terminations") && !member(c, "termination_a")) {
                    readInterface(src, fb, out, c, ptr, where);
                    return;
                }
                const std::string label = choiceValue(member(c, "label")).empty() ? choiceValue(member(c, "display")) : choiceValue(member(c, "label"));
                std::optional<Metres> length;
                const std::string lv = choiceValue(member(c, "length"));
                if (!lv.empty()) {
                    std::string unit = choiceValue(member(c, "length_unit"));
                    length = lengthFromText(lv, unit.empty() ? "m" : unit);
                    if (!length)
                        failJson(src, ptr + "/length", fmt::format("found {} {}, expected a length in km, m, cm, mi, ft or in", quote(lv), quote(unit)));
                }
                const std::string type = choiceValue(member(c, "type"));
                const std::string status = choiceValue(member(c, "status"));
                if (member(c, "a_terminations") || member(c, "b_terminations")) {
                    const json* at = member(c, "a_terminations");
                    const json* bt = member(c, "b_terminations");
                    if (!at || !bt || !at->is_array() || !bt->is_array())
                        failJson(src, ptr, "found a cable without both a_terminations and b_terminations arrays, expected both (NetBox ≥ 3.3)");
                    if (at->empty() || bt->empty()) {
                        fb.warn(where, "a cable with an empty side; skipped");
                        return;
                    }
                    if (at->size() != bt->size())
                        fb.warn(where, fmt::format("the cable has {} A and {} B terminations; paired in order, the rest skipped", at->size(), bt->size()));
                    for (std::size_t i = 0; i < std::min(at->size(), bt->size()); ++i) {
                        Term a = termFrom(src, (*at)[i], fmt::format("{}/a_terminations/{}", ptr, i), "");
                        Term b = termFrom(src, (*bt)[i], fmt::format("{}/b_terminations/{}", ptr, i), "");
                        addCable(fb, where, a, b, type, status, length, label);
                    }
                    return;
                }
                if (member(c, "termination_a") || member(c, "termination_b")) {
                    const json* ta = member(c, "termination_a");
                    const json* tb = member(c, "termination_b");
                    if (!ta || !tb)
                        failJson(src, ptr, "found a cable with only one of termination_a / termination_b, expected both (NetBox ≤ 3.2)");
                    Term a = termFrom(src, *ta, ptr + "/termination_a", choiceValue(member(c, "termination_a_type")));
                    Term b = termFrom(src, *tb, ptr + "/termination_b", choiceValue(member(c, "termination_b_type")));
                    addCable(fb, where, a, b, type, status, length, label);
                    return;
                }
                failJson(src, ptr, "found a cable without terminations, expected a_terminations/b_terminations (NetBox ≥ 3.3) or termination_a/termination_b (≤ 3.2)");
            };
            if (!list) {
                one(root, "");
                return;
            }
            if (!list->is_array())
                failJson(src, base, fmt::format("found {}, expected an array of cables, devices or interfaces", describe(*list)));
            for (std::size_t i = 0; i < list->size(); ++i)
                one((*list)[i], fmt::format("{}/{}", base, i));
        }

        static void readCsv(const SourceText& src, FragmentBuilder& fb)
        {
            const auto rows = parseCsv(src);
            if (rows.empty())
                failAtLine(src.name, 1, 1, "found an empty file, expected a NetBox cable CSV header (side_a_device,side_a_type,side_a_name,…)");
            std::map<std::string, std::size_t> at;
            const std::map<std::string, std::string> aliases = {
                { "side a", "side_a_device" }, { "device a", "side_a_device" }, { "termination a", "side_a_name" },
                { "side b", "side_b_device" }, { "device b", "side_b_device" }, { "termination b", "side_b_name" },
                { "length unit", "length_unit" },
            };
            for (std::size_t i = 0; i < rows[0].size(); ++i) {
                std::string h = lower(rows[0][i].text);
                if (auto a = aliases.find(h); a != aliases.end())
                    h = a->second;
                at.emplace(h, i);
            }
            for (const char* req : { "side_a_device", "side_a_name", "side_b_device", "side_b_name" })
                if (!at.count(req))
                    failAtLine(src.name, rows[0].front().line, 1,
                        fmt::format("found no {} column, expected NetBox's cable columns side_a_device,side_a_type,side_a_name,side_b_device,side_b_type,side_b_name", req));
            for (std::size_t r = 1; r < rows.size(); ++r) {
                const CsvRow& row = rows[r];
                auto get = [&](const char* k) -> std::string {
                    auto it = at.find(k);
                    return it != at.end() && it->second < row.size() ? row[it->second].text : std::string();
                };
                auto cellAt = [&](const char* k) -> const CsvCell* {
                    auto it = at.find(k);
                    return it != at.end() && it->second < row.size() ? &row[it->second] : nullptr;
                };
                const SourceLocation where { src.name, row.front().line, 1, {} };
                Term a { get("side_a_type").empty() ? "dcim.interface" : get("side_a_type"), get("side_a_device"), get("side_a_name") };
                Term b { get("side_b_type").empty() ? "dcim.interface" : get("side_b_type"), get("side_b_device"), get("side_b_name") };
                std::optional<Metres> length;
                if (!get("length").empty()) {
                    length = lengthFromText(get("length"), get("length_unit").empty() ? "m" : lower(get("length_unit")));
                    if (!length) {
                        const CsvCell* c = cellAt("length");
                        failAtLine(src.name, c->line, c->column, fmt::format("found {} {}, expected a length and a length_unit of km, m, cm, mi, ft or in",
                                                                        quote(get("length")), quote(get("length_unit"))));
                    }
                }
                addCable(fb, where, a, b, get("type"), lower(get("status")), length, get("label"));
            }
        }
    };
} // namespace

std::unique_ptr<Importer> makeNetboxImporter() { return std::make_unique<NetboxImporter>(); }

} // namespace lfp
