// SPDX-License-Identifier: GPL-3.0-or-later
// GraphML (pugixml): nodes are devices, edges are cables. Attributes are <key> declarations referred to
// by <data key="id">; the reader looks at their attr.name: node role/type/kind, rack, vendor, model;
// edge ports (src_port/dst_port and aliases, or GraphML's own sourceport/targetport), speed, length,
// medium. yEd's graphics payload is ignored.
#include "readutil.h"

#include <fmt/format.h>
#include <pugixml.hpp>

namespace lfp {
namespace {
    using namespace imp;

    struct Key {
        std::string name; ///< attr.name (lower case)
        std::string def;
    };

    bool oneOf(const std::string& s, std::initializer_list<const char*> names)
    {
        for (const char* n : names)
            if (s == n)
                return true;
        return false;
    }

    class GraphmlImporter : public Importer {
    public:
        std::string id() const override { return "graphml"; }
        std::string description() const override { return "GraphML graph: nodes are devices, edges are cables with port/speed/length data"; }
        std::string inputs() const override { return ".graphml files (networkx, yEd, Gephi)"; }

        ImportResult readTexts(const std::vector<SourceText>& sources, Feedback* feedback) const override
        {
            ImportResult out;
            out.knownFields = { known::kPortSpeed };
            FragmentBuilder fb(out);
            bool anyLength = false, anyMedium = false;
            for (const auto& src : sources) {
                checkCancelled(feedback);
                readOne(src, fb, anyLength, anyMedium);
            }
            if (anyLength)
                out.knownFields.insert(known::kLinkLength);
            if (anyMedium)
                out.knownFields.insert(known::kLinkMedium);
            fb.finish();
            return out;
        }

    private:
        static void readOne(const SourceText& src, FragmentBuilder& fb, bool& anyLength, bool& anyMedium)
        {
            checkXmlNesting(src);
            pugi::xml_document doc;
            auto res = doc.load_buffer(src.text.data(), src.text.size(), pugi::parse_default, pugi::encoding_auto);
            if (!res)
                failAt(src, static_cast<std::size_t>(std::max<std::ptrdiff_t>(0, res.offset)), fmt::format("malformed XML: {}", res.description()));
            auto where = [&](const pugi::xml_node& n) {
                // offset_debug() is the element name; point at its '<'.
                const std::ptrdiff_t off = n.offset_debug() - (n.type() == pugi::node_element ? 1 : 0);
                auto [l, c] = lineColumn(src.text, static_cast<std::size_t>(std::max<std::ptrdiff_t>(0, off)));
                return SourceLocation { src.name, l, c, {} };
            };
            auto fail = [&](const pugi::xml_node& n, const std::string& what) {
                auto w = where(n);
                throw InputError(w, what);
            };
            pugi::xml_node root = doc.child("graphml");
            if (!root) {
                pugi::xml_node first = doc.first_child();
                while (first && first.type() != pugi::node_element)
                    first = first.next_sibling();
                if (!first)
                    failAt(src, 0, "found no element, expected a <graphml> document");
                fail(first, fmt::format("found <{}>, expected <graphml>", first.name()));
            }
            std::map<std::string, Key> keys;
            for (auto k : root.children("key")) {
                const std::string id = k.attribute("id").value();
                if (id.empty())
                    fail(k, "found a <key> without id, expected id=\"…\"");
                std::string name = lower(k.attribute("attr.name").value());
                if (name.empty())
                    name = lower(id);
                keys[id] = { name, k.child("default").text().get() };
            }
            auto dataOf = [&](const pugi::xml_node& el, const char* forWhat) {
                std::map<std::string, std::pair<std::string, pugi::xml_node>> d;
                for (const auto& [id, k] : keys)
                    if (!k.def.empty())
                        d[k.name] = { k.def, el };
                (void)forWhat;
                for (auto x : el.children("data")) {
                    const std::string key = x.attribute("key").value();
                    auto k = keys.find(key);
                    if (k == keys.end())
                        fail(x, fmt::format("found <data key=\"{}\">, expected the id of a declared <key>", key));
                    d[k->second.name] = { std::string(trim(x.text().get())), x };
                }
                return d;
            };
            pugi::xml_node graph = root.child("graph");
            if (!graph)
                fail(root, "found no <graph>, expected one <graph> in <graphml>");
            for (auto n : graph.children("node")) {
                const std::string id = n.attribute("id").value();
                if (id.empty())
                    fail(n, "found a <node> without id, expected id=\"…\"");
                auto d = dataOf(n, "node");
                const std::string name = d.count("name") && !d["name"].first.empty() ? d["name"].first : d.count("label") && !d["label"].first.empty() ? d["label"].first : id;
                std::optional<Role> role;
                for (const char* k : { "role", "type", "kind", "layer", "tier" })
                    if (!role && d.count(k))
                        role = roleFromText(d[k].first);
                Node& node = fb.node(id, role.value_or(Role::Leaf), role.has_value());
                if (name != id)
                    node.attributes["graphml.label"] = name;
                if (d.count("rack"))
                    node.rack = d["rack"].first;
                if (d.count("vendor"))
                    node.vendor = d["vendor"].first;
                if (d.count("model"))
                    node.model = d["model"].first;
            }
            int auto_ = 0;
            for (auto e : graph.children("edge")) {
                const std::string s = e.attribute("source").value();
                const std::string t = e.attribute("target").value();
                if (s.empty() || t.empty())
                    fail(e, "found an <edge> without source or target, expected both");
                if (!fb.hasNode(s))
                    fail(e, fmt::format("found source=\"{}\", expected the id of a <node>", s));
                if (!fb.hasNode(t))
                    fail(e, fmt::format("found target=\"{}\", expected the id of a <node>", t));
                auto d = dataOf(e, "edge");
                auto pick = [&](std::initializer_list<const char*> names) -> std::pair<std::string, pugi::xml_node> {
                    for (const auto& [k, v] : d)
                        if (oneOf(k, names) && !v.first.empty())
                            return v;
                    return {};
                };
                std::string sp = e.attribute("sourceport").value();
                std::string tp = e.attribute("targetport").value();
                if (auto v = pick({ "src_port", "source_port", "sport", "a_port", "port_a", "srcport", "sourceport", "src_if", "local_port" }); !v.first.empty())
                    sp = v.first;
                if (auto v = pick({ "dst_port", "target_port", "tport", "b_port", "port_b", "dstport", "targetport", "dst_if", "remote_port" }); !v.first.empty())
                    tp = v.first;
                ++auto_;
                if (sp.empty())
                    sp = fmt::format("p{}", auto_);
                if (tp.empty())
                    tp = fmt::format("p{}", auto_);
                Link l;
                l.a = { s, sp };
                l.b = { t, tp };
                l.origin = LinkOrigin::Planned;
                std::optional<BitsPerSecond> speed;
                if (auto v = pick({ "speed_gbps", "speed", "bandwidth", "rate", "speed_g" }); !v.first.empty()) {
                    speed = speedFromText(v.first);
                    if (!speed)
                        fail(v.second, fmt::format("found {}, expected a speed as in 400 (Gb/s) or 400G", quote(v.first)));
                }
                if (auto v = pick({ "length_m", "length", "cable_m", "cable_length", "len" }); !v.first.empty()) {
                    auto len = lengthFromText(v.first);
                    if (!len)
                        fail(v.second, fmt::format("found {}, expected a length in metres", quote(v.first)));
                    l.length = *len;
                    anyLength = true;
                }
                l.medium = Medium::Unknown; // when the graph does not say
                if (auto v = pick({ "medium", "media", "cable_type", "cable" }); !v.first.empty()) {
                    auto m = mediumFromText(v.first);
                    if (!m)
                        fail(v.second, fmt::format("found {}, expected DAC, AOC or fibre", quote(v.first)));
                    l.medium = *m;
                    anyMedium = true;
                }
                if (fb.link(l, where(e), false) && speed)
                    for (const auto& ep : { l.a, l.b })
                        fb.port(ep.node, ep.port).speed = *speed;
            }
        }
    };
} // namespace

std::unique_ptr<Importer> makeGraphmlImporter() { return std::make_unique<GraphmlImporter>(); }

} // namespace lfp
