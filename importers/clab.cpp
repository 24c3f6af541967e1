// SPDX-License-Identifier: GPL-3.0-or-later
// containerlab topology YAML (yaml-cpp): topology.nodes (kind, labels) and topology.links, in the brief
// form (endpoints: ["a:eth1", "b:eth1"]) and the extended form (type: veth, endpoints: [{node, interface}]).
#include "readutil.h"

#include "model/fielddescriptor.h"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

namespace lfp {
namespace {
    using namespace imp;

    /// yaml-cpp's marks count bytes; LFP's columns count characters (docs/formats/limits.md), so the
    /// line and column come from the mark's byte position in the text.
    SourceLocation at(const SourceText& src, const YAML::Mark& m)
    {
        if (m.is_null())
            return { src.name, 0, 0, {} };
        const auto [line, column] = lineColumn(src.text, static_cast<std::size_t>(std::max(0, m.pos)));
        return { src.name, line, column, {} };
    }
    SourceLocation at(const SourceText& src, const YAML::Node& n) { return at(src, n.Mark()); }

    std::string describeYaml(const YAML::Node& n)
    {
        switch (n.Type()) {
        case YAML::NodeType::Null:
            return "nothing";
        case YAML::NodeType::Scalar:
            return quote(n.Scalar());
        case YAML::NodeType::Sequence:
            return "a list";
        case YAML::NodeType::Map:
            return "a mapping";
        default:
            return "an undefined value";
        }
    }

    /// yaml-cpp recurses per nesting level; refuse absurd nesting before it can exhaust the stack.
    void checkDepth(const SourceText& src)
    {
        int depth = 0;
        for (std::size_t i = 0; i < src.text.size(); ++i) {
            const char c = src.text[i];
            if (c == '[' || c == '{') {
                if (++depth > 64)
                    failAt(src, i, "found more than 64 nested [ or {, expected a containerlab topology");
            } else if ((c == ']' || c == '}') && depth > 0) {
                --depth;
            }
        }
    }

    class ClabImporter : public Importer {
    public:
        std::string id() const override { return "clab"; }
        std::string description() const override { return "containerlab topology YAML: nodes (kind, labels) and links (brief and extended forms)"; }
        std::string inputs() const override { return "*.clab.yml / *.clab.yaml"; }

        ImportResult readTexts(const std::vector<SourceText>& sources, Feedback* feedback) const override
        {
            ImportResult out;
            // MTUs only where a link sets one: not a field every port knows, so merges do not compare it.
            FragmentBuilder fb(out);
            for (const auto& src : sources) {
                checkCancelled(feedback);
                readOne(src, fb, out);
            }
            fb.finish();
            return out;
        }

    private:
        static void readOne(const SourceText& src, FragmentBuilder& fb, ImportResult& out)
        {
            checkDepth(src);
            YAML::Node root;
            try {
                checkYamlNesting(src);
                root = YAML::Load(src.text);
            } catch (const YAML::Exception& e) {
                throw InputError(at(src, e.mark), "malformed YAML: " + e.msg);
            }
            try {
                build(src, root, fb, out);
            } catch (const YAML::Exception& e) {
                throw InputError(at(src, e.mark), "unexpected YAML structure: " + e.msg);
            }
        }

        static void build(const SourceText& src, const YAML::Node& root, FragmentBuilder& fb, ImportResult& out)
        {
            auto fail = [&](const YAML::Node& n, const std::string& what) { throw InputError(at(src, n), what); };
            if (!root.IsMap())
                fail(root, fmt::format("found {}, expected a containerlab topology (a mapping with name and topology)", describeYaml(root)));
            if (root["name"] && root["name"].IsScalar() && out.fragment.name.empty())
                out.fragment.name = root["name"].Scalar();
            const YAML::Node topo = root["topology"];
            if (!topo || !topo.IsMap())
                fail(topo ? topo : root, fmt::format("found {}, expected a topology: mapping with nodes and links", topo ? describeYaml(topo) : "no topology"));
            const YAML::Node nodes = topo["nodes"];
            if (nodes && !nodes.IsMap() && !nodes.IsNull())
                fail(nodes, fmt::format("found {}, expected nodes: as a mapping of node names", describeYaml(nodes)));
            if (nodes && nodes.IsMap()) {
                for (auto it = nodes.begin(); it != nodes.end(); ++it) {
                    if (!it->first.IsScalar() || it->first.Scalar().empty())
                        fail(it->first, "found a node without a name, expected a node name as the key");
                    const std::string name = it->first.Scalar();
                    const YAML::Node body = it->second;
                    if (body && !body.IsMap() && !body.IsNull())
                        fail(body, fmt::format("found {}, expected the node's settings (kind, image, labels)", describeYaml(body)));
                    std::optional<Role> role;
                    std::string kind;
                    if (body && body.IsMap()) {
                        if (body["kind"] && body["kind"].IsScalar())
                            kind = body["kind"].Scalar();
                        const YAML::Node labels = body["labels"];
                        if (labels && labels.IsMap())
                            for (const char* k : { "role", "graph-level", "tier", "layer" })
                                if (!role && labels[k] && labels[k].IsScalar())
                                    role = roleFromText(labels[k].Scalar());
                    }
                    if (!role && (kind == "linux" || kind == "host" || kind == "generic_vm"))
                        role = Role::Host;
                    Node& n = fb.node(name, role.value_or(Role::Leaf), role.has_value());
                    if (!kind.empty())
                        n.attributes["clab.kind"] = kind;
                }
            }
            const YAML::Node links = topo["links"];
            if (!links || links.IsNull())
                return;
            if (!links.IsSequence())
                fail(links, fmt::format("found {}, expected links: as a list", describeYaml(links)));
            for (std::size_t i = 0; i < links.size(); ++i) {
                const YAML::Node l = links[i];
                if (!l.IsMap())
                    fail(l, fmt::format("found {}, expected a link with endpoints", describeYaml(l)));
                const std::string type = l["type"] && l["type"].IsScalar() ? l["type"].Scalar() : "veth";
                const YAML::Node eps = l["endpoints"];
                if (type != "veth") {
                    fb.info(at(src, l), fmt::format("a link of type {} is not a cable between two nodes; skipped", type));
                    continue;
                }
                if (!eps || !eps.IsSequence() || eps.size() != 2)
                    fail(eps ? eps : l, fmt::format("found {}, expected endpoints: with two entries", eps ? describeYaml(eps) : "no endpoints"));
                Endpoint ends[2];
                for (std::size_t k = 0; k < 2; ++k) {
                    const YAML::Node e = eps[k];
                    if (e.IsScalar()) {
                        const std::string s = e.Scalar();
                        auto colon = s.find(':');
                        if (colon == std::string::npos || colon == 0 || colon + 1 >= s.size())
                            fail(e, fmt::format("found {}, expected \"node:interface\" as in \"leaf01:eth1\"", quote(s)));
                        ends[k] = { s.substr(0, colon), s.substr(colon + 1) };
                    } else if (e.IsMap()) {
                        const YAML::Node n = e["node"];
                        const YAML::Node itf = e["interface"];
                        if (!n || !n.IsScalar() || !itf || !itf.IsScalar())
                            fail(e, "found an endpoint without node and interface, expected {node: …, interface: …}");
                        ends[k] = { n.Scalar(), itf.Scalar() };
                    } else {
                        fail(e, fmt::format("found {}, expected \"node:interface\" or {{node, interface}}", describeYaml(e)));
                    }
                    if (!fb.hasNode(ends[k].node))
                        fail(e, fmt::format("found the node {}, expected a node declared under topology.nodes", quote(ends[k].node)));
                }
                Link link;
                link.medium = Medium::Unknown; // a containerlab link is a veth: no cable
                link.a = ends[0];
                link.b = ends[1];
                link.origin = LinkOrigin::Planned;
                link.length = Metres(0);
                if (fb.link(link, at(src, l), false) && l["mtu"] && l["mtu"].IsScalar()) {
                    auto mtu = parseInt(l["mtu"].Scalar());
                    if (!mtu || !fieldRange(ObjectRef::Kind::Port, "mtu").contains(*mtu))
                        fail(l["mtu"], fmt::format("found {}, expected an MTU in bytes ({}..{})", quote(l["mtu"].Scalar()), fieldRange(ObjectRef::Kind::Port, "mtu").lo, fieldRange(ObjectRef::Kind::Port, "mtu").hi));
                    for (const auto& ep : ends)
                        fb.port(ep.node, ep.port).mtu = static_cast<int>(*mtu);
                }
            }
        }
    };
} // namespace

std::unique_ptr<Importer> makeClabImporter() { return std::make_unique<ClabImporter>(); }

} // namespace lfp
