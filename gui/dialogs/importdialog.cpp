// SPDX-License-Identifier: GPL-3.0-or-later
#include "gui/dialogs/importdialog.h"
#include "gui/plaintext.h"

#include "gui/appearance.h"
#include "document/changecommands.h"
#include "document/fabricdocument.h"
#include "model/qos.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <set>

namespace lfp::gui {

namespace {
    /// The readers' descriptions and inputs (importers/*.cpp, description() and inputs()), for lupdate:
    /// the importers are Qt-free, so the GUI keeps a copy of their English, keyed by the stable id.
    /// tst_importdialog checks that every registered reader has a current copy.
    struct ImporterText {
        const char* id;
        const char* description;
        const char* inputs;
    };
    constexpr ImporterText kImporterTexts[] = {
        { "clab", QT_TRANSLATE_NOOP("Importer", "containerlab topology YAML: nodes (kind, labels) and links (brief and extended forms)"),
            QT_TRANSLATE_NOOP("Importer", "*.clab.yml / *.clab.yaml") },
        { "csv", QT_TRANSLATE_NOOP("Importer", "cabling plan CSV: a_device,a_port,b_device,b_port,speed,cable_m,medium (+ optional columns)"),
            QT_TRANSLATE_NOOP("Importer", "CSV with a header row (',' ';' or tab; UTF-8, BOM allowed)") },
        { "graphml", QT_TRANSLATE_NOOP("Importer", "GraphML graph: nodes are devices, edges are cables with port/speed/length data"),
            QT_TRANSLATE_NOOP("Importer", ".graphml files (networkx, yEd, Gephi)") },
        { "ibnd-cache", QT_TRANSLATE_NOOP("Importer", "InfiniBand fabric cache written by `ibnetdiscover --cache FILE`, loaded with libibnetdisc"),
            QT_TRANSLATE_NOOP("Importer", "binary cache files of `ibnetdiscover --cache`") },
        { "ibnetdiscover",
            QT_TRANSLATE_NOOP("Importer", "InfiniBand topology from `ibnetdiscover` text output: switches, HCAs, ports, GUIDs, LIDs, width/speed"),
            QT_TRANSLATE_NOOP("Importer", "text output of `ibnetdiscover` (with or without -g)") },
        { "lldp",
            QT_TRANSLATE_NOOP("Importer",
                "LLDP neighbours from `lldpcli -f json0 show neighbors details` (or -f json), one file per device, merged; SONiC port aliases resolved"),
            QT_TRANSLATE_NOOP("Importer",
                "DEVICE.json0 / DEVICE.json per device (the device is the file name up to the first '.'); optional SONiC config_db.json for aliases") },
        { "netbox",
            QT_TRANSLATE_NOOP("Importer", "NetBox cables: CSV import/export columns, or REST JSON of /api/dcim/cables/ (pre-3.3 and current shapes)"),
            QT_TRANSLATE_NOOP("Importer",
                "cables .csv, or .json pages of GET /api/dcim/cables/ (with pages of /api/dcim/devices/ and /api/dcim/interfaces/)") },
        { "sonic",
            QT_TRANSLATE_NOOP("Importer",
                "SONiC config_db.json per switch: ports, neighbours, cable lengths, and the QoS policy (maps, PFC, buffers, WRED, schedulers, watchdog)"),
            QT_TRANSLATE_NOOP("Importer", "config_db.json files (one per switch)") },
        { "verbs", QT_TRANSLATE_NOOP("Importer", "this machine's RDMA devices via libibverbs: ports, link layer, speed, MTU, GIDs with RoCE versions"),
            QT_TRANSLATE_NOOP("Importer", "no file: reads the local RDMA devices") },
    };

    const ImporterText* importerText(const std::string& id)
    {
        for (const auto& t : kImporterTexts)
            if (id == t.id)
                return &t;
        return nullptr;
    }

    /// The translation of @p copy when it is still the reader's @p english, else the reader's text.
    QString importerTr(const char* copy, const std::string& english)
    {
        if (copy && english == copy)
            return QCoreApplication::translate("Importer", copy);
        return QString::fromStdString(english);
    }

    QString kindName(MergeConflict::Kind k)
    {
        switch (k) {
        case MergeConflict::Kind::LinkPeer:
            return ImportPreviewModel::tr("Link peer");
        case MergeConflict::Kind::LinkLength:
            return ImportPreviewModel::tr("Cable length");
        case MergeConflict::Kind::LinkMedium:
            return ImportPreviewModel::tr("Cable medium");
        case MergeConflict::Kind::PortSpeed:
            return ImportPreviewModel::tr("Port speed");
        case MergeConflict::Kind::PortMtu:
            return ImportPreviewModel::tr("Port MTU");
        case MergeConflict::Kind::PortFec:
            return ImportPreviewModel::tr("Port FEC");
        case MergeConflict::Kind::NodeGuid:
            return ImportPreviewModel::tr("Node GUID");
        case MergeConflict::Kind::Policy:
            return ImportPreviewModel::tr("Policy");
        case MergeConflict::Kind::Override:
            return ImportPreviewModel::tr("Port override");
        }
        return {};
    }

    QString typeName(const std::string& t)
    {
        if (t == "node")
            return ImportPreviewModel::tr("Device");
        if (t == "port")
            return ImportPreviewModel::tr("Port");
        if (t == "link")
            return ImportPreviewModel::tr("Link");
        if (t == "policy")
            return ImportPreviewModel::tr("Policy");
        return qs(t);
    }

    QString resolutionName(MergeResolution r)
    {
        switch (r) {
        case MergeResolution::KeepExisting:
            return ImportPreviewModel::tr("Keep plan");
        case MergeResolution::TakeIncoming:
            return ImportPreviewModel::tr("Take source");
        case MergeResolution::Ask:
            break;
        }
        return ImportPreviewModel::tr("Unresolved");
    }
} // namespace

// ---------------------------------------------------------------------------------------------
// ImportPreviewModel

ImportPreviewModel::ImportPreviewModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void ImportPreviewModel::setSession(ImportSession* session)
{
    beginResetModel();
    m_session = session;
    m_rows.clear();
    if (m_session) {
        const MergeReport& r = m_session->report();
        // Additions first (what the import brings), then conflicts (what needs a decision), then what
        // only the plan has (kept as it is).
        for (std::size_t i = 0; i < r.unknowns.size(); ++i)
            if (r.unknowns[i].side == MergeUnknown::Side::OnlyIncoming)
                m_rows.push_back({ RowKind::Add, i });
        for (std::size_t i = 0; i < r.conflicts.size(); ++i)
            m_rows.push_back({ RowKind::Conflict, i });
        for (std::size_t i = 0; i < r.unknowns.size(); ++i)
            if (r.unknowns[i].side == MergeUnknown::Side::OnlyExisting)
                m_rows.push_back({ RowKind::OnlyInPlan, i });
    }
    endResetModel();
}

void ImportPreviewModel::refreshResolutions()
{
    if (!m_rows.empty())
        emit dataChanged(index(0, ResolutionColumn), index(rowCount() - 1, ResolutionColumn));
}

int ImportPreviewModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(m_rows.size()); }
int ImportPreviewModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

ImportPreviewModel::RowKind ImportPreviewModel::rowKind(int row) const { return m_rows.at(std::size_t(row)).kind; }

const MergeConflict* ImportPreviewModel::conflictAt(int row) const
{
    if (!m_session || row < 0 || row >= rowCount() || m_rows[std::size_t(row)].kind != RowKind::Conflict)
        return nullptr;
    return &m_session->report().conflicts[m_rows[std::size_t(row)].index];
}

int ImportPreviewModel::count(RowKind k) const
{
    return int(std::count_if(m_rows.begin(), m_rows.end(), [k](const Row& r) { return r.kind == k; }));
}

QVariant ImportPreviewModel::data(const QModelIndex& index, int role) const
{
    if (!m_session || !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row& row = m_rows[std::size_t(index.row())];
    const MergeReport& rep = m_session->report();
    if (row.kind == RowKind::Conflict) {
        const MergeConflict& c = rep.conflicts[row.index];
        const MergeResolution res = m_session->resolutionOf(c);
        if (role == ResolutionIdRole)
            return QString::fromLatin1(ImportSession::toString(res));
        if (role == Qt::ForegroundRole && index.column() == ResolutionColumn && res == MergeResolution::Ask)
            return Appearance::severityColour(Severity::Warning);
        if (role == Qt::ToolTipRole && !c.ports.empty()) {
            QStringList ports;
            for (const auto& p : c.ports)
                ports << qs(p);
            return tr("Ports: %1").arg(ports.join(QStringLiteral(", ")));
        }
        if (role != Qt::DisplayRole && role != Qt::EditRole)
            return {};
        switch (index.column()) {
        case ChangeColumn:
            return tr("Conflict");
        case TypeColumn:
            return kindName(c.kind);
        case ObjectColumn:
            return qs(c.id);
        case PlanColumn:
            return qs(c.existing);
        case SourceColumn:
            return qs(c.incoming);
        case ResolutionColumn:
            return role == Qt::EditRole ? QString::fromLatin1(ImportSession::toString(res)) : resolutionName(res);
        default:
            return {};
        }
    }
    const MergeUnknown& u = rep.unknowns[row.index];
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case ChangeColumn:
        return row.kind == RowKind::Add ? tr("Add") : tr("Only in plan");
    case TypeColumn:
        return typeName(u.objectType);
    case ObjectColumn:
        return qs(u.id);
    case PlanColumn:
        return row.kind == RowKind::Add ? QString() : tr("kept");
    case SourceColumn:
        return row.kind == RowKind::Add ? tr("added") : QString();
    default:
        return {};
    }
}

QVariant ImportPreviewModel::headerData(int section, Qt::Orientation o, int role) const
{
    if (o != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, o, role);
    switch (section) {
    case ChangeColumn:
        return tr("Change");
    case TypeColumn:
        return tr("What");
    case ObjectColumn:
        return tr("Object");
    case PlanColumn:
        return tr("Plan");
    case SourceColumn:
        return tr("Source");
    case ResolutionColumn:
        return tr("Resolution");
    default:
        return {};
    }
}

Qt::ItemFlags ImportPreviewModel::flags(const QModelIndex& index) const
{
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    if (index.isValid() && index.column() == ResolutionColumn && conflictAt(index.row()))
        f |= Qt::ItemIsEditable;
    return f;
}

bool ImportPreviewModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (role != Qt::EditRole || !index.isValid() || index.column() != ResolutionColumn)
        return false;
    const MergeConflict* c = conflictAt(index.row());
    if (!c)
        return false;
    const QString v = value.toString().trimmed().toLower();
    std::optional<MergeResolution> r;
    if (v == QStringLiteral("plan") || v == resolutionName(MergeResolution::KeepExisting).toLower())
        r = MergeResolution::KeepExisting;
    else if (v == QStringLiteral("source") || v == resolutionName(MergeResolution::TakeIncoming).toLower())
        r = MergeResolution::TakeIncoming;
    else
        r = ImportSession::resolutionFromString(v.toStdString());
    if (!r)
        return false;
    m_session->choose(c->id, *r);
    emit dataChanged(index, index);
    emit resolutionChanged();
    return true;
}

// ---------------------------------------------------------------------------------------------
// ImportDialog

ImportDialog::ImportDialog(FabricDocument* document, QWidget* parent)
    : QDialog(parent)
    , m_doc(document)
    , m_catalog(AsicCatalog::loadDefault())
    , m_model(new ImportPreviewModel(this))
{
    setWindowTitle(tr("Import"));
    setObjectName(QStringLiteral("importDialog"));
    m_catalog.mergeProject(m_doc->fabric());

    // Source: reader and files.
    auto* source = new QGroupBox(tr("Source"), this);
    m_format = new QComboBox(source);
    m_format->setObjectName(QStringLiteral("formatCombo"));
    for (const auto& imp : importers())
        m_format->addItem(QStringLiteral("%1 — %2").arg(qs(imp->id()), formatDescription(*imp)), qs(imp->id()));
    m_formatInputs = plainLabel(source);
    m_formatInputs->setWordWrap(true);
    m_files = new QListWidget(source);
    m_files->setObjectName(QStringLiteral("fileList"));
    m_files->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_files->setMaximumHeight(fontMetrics().lineSpacing() * 6 + 8);
    auto* addButton = new QPushButton(tr("Add Files…"), source);
    auto* removeButton = new QPushButton(tr("Remove"), source);
    m_readButton = new QPushButton(tr("Read and Compare"), source);
    m_readButton->setObjectName(QStringLiteral("readButton"));
    auto* fileButtons = new QVBoxLayout;
    fileButtons->addWidget(addButton);
    fileButtons->addWidget(removeButton);
    fileButtons->addStretch();
    fileButtons->addWidget(m_readButton);
    auto* filesRow = new QHBoxLayout;
    filesRow->addWidget(m_files, 1);
    filesRow->addLayout(fileButtons);
    auto* sourceForm = new QFormLayout(source);
    sourceForm->addRow(tr("Format:"), m_format);
    sourceForm->addRow(QString(), m_formatInputs);
    sourceForm->addRow(tr("Files:"), filesRow);

    // Preview: what the merge adds and changes.
    auto* preview = new QGroupBox(tr("What the import adds and changes"), this);
    m_summary = plainLabel(tr("Read the files to see the changes."), preview);
    m_summary->setWordWrap(true);
    m_table = new QTableView(preview);
    m_table->setObjectName(QStringLiteral("previewTable"));
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);
    m_keepButton = new QPushButton(tr("Keep Plan"), preview);
    m_takeButton = new QPushButton(tr("Take Source"), preview);
    m_keepAllButton = new QPushButton(tr("Keep Plan for All"), preview);
    m_takeAllButton = new QPushButton(tr("Take Source for All"), preview);
    m_keepButton->setToolTip(tr("The selected conflicts keep what the plan says"));
    m_takeButton->setToolTip(tr("The selected conflicts take what the source says"));
    auto* resolveRow = new QHBoxLayout;
    resolveRow->addWidget(plainLabel(tr("Selected conflicts:"), preview));
    resolveRow->addWidget(m_keepButton);
    resolveRow->addWidget(m_takeButton);
    resolveRow->addStretch();
    resolveRow->addWidget(m_keepAllButton);
    resolveRow->addWidget(m_takeAllButton);
    auto* previewLayout = new QVBoxLayout(preview);
    previewLayout->addWidget(m_summary);
    previewLayout->addWidget(m_table, 1);
    previewLayout->addLayout(resolveRow);

    // Defaults for what the source did not say.
    auto* defaultsBox = new QGroupBox(tr("What the source does not say"), this);
    m_asic = new QComboBox(defaultsBox);
    m_asic->setObjectName(QStringLiteral("asicCombo"));
    m_asic->addItem(tr("Leave empty"), QString());
    for (const auto& a : m_catalog.all())
        m_asic->addItem(QStringLiteral("%1 (%2)").arg(qs(a.name), qs(a.id)), qs(a.id));
    m_policy = new QComboBox(defaultsBox);
    m_policy->setObjectName(QStringLiteral("policyCombo"));
    fillPolicies();
    auto* defaultsForm = new QFormLayout(defaultsBox);
    defaultsForm->addRow(tr("ASIC of switches without one:"), m_asic);
    defaultsForm->addRow(tr("Policy of roles without a binding:"), m_policy);

    m_status = plainLabel(this);
    m_status->setWordWrap(true);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_applyButton = m_buttons->addButton(tr("Apply Import"), QDialogButtonBox::AcceptRole);
    m_applyButton->setObjectName(QStringLiteral("applyButton"));

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(source);
    layout->addWidget(preview, 1);
    layout->addWidget(defaultsBox);
    layout->addWidget(m_status);
    layout->addWidget(m_buttons);

    connect(m_format, &QComboBox::currentIndexChanged, this, [this] { invalidate(); });
    connect(addButton, &QPushButton::clicked, this, &ImportDialog::addFiles);
    connect(removeButton, &QPushButton::clicked, this, &ImportDialog::removeFiles);
    connect(m_readButton, &QPushButton::clicked, this, [this] { readSources(); });
    connect(m_keepButton, &QPushButton::clicked, this, [this] { resolveSelected(MergeResolution::KeepExisting); });
    connect(m_takeButton, &QPushButton::clicked, this, [this] { resolveSelected(MergeResolution::TakeIncoming); });
    connect(m_keepAllButton, &QPushButton::clicked, this, [this] { resolveAll(MergeResolution::KeepExisting); });
    connect(m_takeAllButton, &QPushButton::clicked, this, [this] { resolveAll(MergeResolution::TakeIncoming); });
    connect(m_model, &ImportPreviewModel::resolutionChanged, this, [this] {
        m_error.clear(); // a refusal of Apply is stale once a choice changed
        updateState();
    });
    connect(m_asic, &QComboBox::currentIndexChanged, this, [this] { m_error.clear(); updateState(); });
    connect(m_policy, &QComboBox::currentIndexChanged, this, [this] { m_error.clear(); updateState(); });
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, &ImportDialog::updateState);
    connect(m_table, &QTableView::doubleClicked, this, [this](const QModelIndex& i) {
        // Double-click toggles a conflict between the plan and the source.
        if (const MergeConflict* c = m_model->conflictAt(i.row()))
            m_model->setData(m_model->index(i.row(), ImportPreviewModel::ResolutionColumn),
                m_session->resolutionOf(*c) == MergeResolution::TakeIncoming ? QStringLiteral("existing") : QStringLiteral("incoming"));
    });
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &ImportDialog::accept);
    invalidate();
    resize(900, 640);
}

ImportDialog::~ImportDialog()
{
    m_model->setSession(nullptr);
}

bool ImportDialog::setFormat(const QString& id)
{
    const int i = m_format->findData(id);
    if (i < 0)
        return false;
    m_format->setCurrentIndex(i);
    return true;
}

void ImportDialog::setFiles(const QStringList& files)
{
    m_files->clear();
    m_files->addItems(files);
    invalidate();
}

void ImportDialog::addFiles()
{
    const QStringList files = QFileDialog::getOpenFileNames(this, tr("Files to Import"));
    if (files.isEmpty())
        return;
    m_files->addItems(files);
    invalidate();
}

void ImportDialog::removeFiles()
{
    qDeleteAll(m_files->selectedItems());
    invalidate();
}

void ImportDialog::invalidate()
{
    m_model->setSession(nullptr);
    m_session.reset();
    m_error.clear();
    if (const Importer* imp = findImporter(m_format->currentData().toString().toStdString()))
        m_formatInputs->setText(imp->inputs().empty() ? QString() : tr("Reads: %1").arg(formatInputs(*imp)));
    m_summary->setText(tr("Read the files to see the changes."));
    updateState();
}

bool ImportDialog::readSources()
{
    invalidate();
    const Importer* imp = findImporter(m_format->currentData().toString().toStdString());
    if (!imp) {
        m_error = tr("Choose a format.");
        updateState();
        return false;
    }
    std::vector<std::string> files;
    for (int i = 0; i < m_files->count(); ++i)
        files.push_back(m_files->item(i)->text().toStdString());
    if (files.empty() && imp->id() != "verbs") {
        m_error = tr("Add at least one file.");
        updateState();
        return false;
    }
    // The CLI's steps in its order (cli/cmd_import.cpp): read, infer ASICs from the named hardware,
    // plan the merge onto the open fabric.
    auto session = std::make_unique<ImportSession>(*imp, files);
    try {
        session->read();
        session->inferAsics(m_catalog);
        session->planMergeOnto(m_doc->fabric());
    } catch (const std::exception& e) {
        m_error = tr("Cannot read the source: %1").arg(QString::fromStdString(e.what()));
        updateState();
        return false;
    }
    m_session = std::move(session);
    m_model->setSession(m_session.get());
    m_table->resizeColumnsToContents();
    fillPolicies();

    const MergeReport& r = m_session->report();
    const Fabric& frag = m_session->result().fragment;
    int warnings = 0;
    for (const auto& d : m_session->result().diagnostics)
        warnings += d.severity != ImportDiagnostic::Severity::Info;
    m_summary->setText(tr("Read %1 devices and %2 links. %3 links agree with the plan; %4 objects to add, %5 conflicts, %6 objects only in the plan (kept).")
                           .arg(frag.nodes.size())
                           .arg(frag.links.size())
                           .arg(r.matchedLinks)
                           .arg(m_model->count(ImportPreviewModel::RowKind::Add))
                           .arg(r.conflicts.size())
                           .arg(m_model->count(ImportPreviewModel::RowKind::OnlyInPlan))
        + (warnings ? QLatin1Char(' ') + tr("%n reader warning(s): see the tooltip.", nullptr, warnings) : QString()));
    QStringList diag;
    for (const auto& d : m_session->result().diagnostics)
        diag << qs(d.message);
    m_summary->setToolTip(diag.mid(0, 30).join(QLatin1Char('\n')));
    updateState();
    return true;
}

void ImportDialog::resolveSelected(MergeResolution r)
{
    if (!m_session)
        return;
    std::set<int> rows;
    for (const QModelIndex& i : m_table->selectionModel()->selectedIndexes())
        rows.insert(i.row());
    for (const int row : rows)
        if (const MergeConflict* c = m_model->conflictAt(row))
            m_session->choose(c->id, r);
    m_model->refreshResolutions();
    m_error.clear();
    updateState();
}

void ImportDialog::resolveAll(MergeResolution r)
{
    if (!m_session)
        return;
    // Every conflict, also those chosen one by one before (as `--take` with no `--choose`).
    for (const auto& c : m_session->report().conflicts)
        m_session->choose(c.id, r);
    m_model->refreshResolutions();
    m_error.clear();
    updateState();
}

bool ImportDialog::setDefaultAsic(const QString& id)
{
    const int i = m_asic->findData(id);
    if (i < 0)
        return false;
    m_asic->setCurrentIndex(i);
    return true;
}

bool ImportDialog::setDefaultPolicy(const QString& name)
{
    const int i = m_policy->findData(name);
    if (i < 0)
        return false;
    m_policy->setCurrentIndex(i);
    return true;
}

void ImportDialog::fillPolicies()
{
    const QString current = m_policy->currentData().toString();
    m_policy->clear();
    m_policy->addItem(tr("Bind none"), QString());
    std::set<std::string> names;
    for (const auto& p : m_doc->fabric().policies)
        names.insert(p.name);
    if (m_session)
        for (const auto& p : m_session->result().fragment.policies)
            names.insert(p.name);
    const std::string roce = defaultRocePolicy().name;
    for (const auto& n : names)
        m_policy->addItem(qs(n), qs(n));
    if (!names.count(roce))
        m_policy->addItem(tr("%1 (default RoCE policy, added)").arg(qs(roce)), qs(roce));
    const int i = m_policy->findData(current);
    m_policy->setCurrentIndex(i < 0 ? 0 : i);
}

ImportDefaults ImportDialog::defaults() const
{
    return { m_asic->currentData().toString().toStdString(), m_policy->currentData().toString().toStdString() };
}

std::optional<Fabric> ImportDialog::result() const
{
    if (!m_session || m_session->unresolvedCount() > 0)
        return std::nullopt;
    Fabric f = m_session->apply();
    ImportSession::assignDefaults(f, defaults());
    return f;
}

bool ImportDialog::applyImport()
{
    if (!m_session) {
        m_error = tr("Read the files first.");
        updateState();
        return false;
    }
    std::optional<Fabric> f;
    try {
        f = result();
    } catch (const std::exception& e) {
        m_error = QString::fromStdString(e.what());
        updateState();
        return false;
    }
    if (!f) {
        m_error = tr("Resolve every conflict first.");
        updateState();
        return false;
    }
    const QString text = tr("Import %1 (%n file(s))", nullptr, int(m_session->files().size())).arg(qs(m_session->importer().id()));
    m_doc->undoStack()->push(new ReplaceFabricCommand(m_doc, std::move(*f), text));
    return true;
}

QString ImportDialog::formatDescription(const Importer& importer)
{
    const ImporterText* t = importerText(importer.id());
    return importerTr(t ? t->description : nullptr, importer.description());
}

QString ImportDialog::formatInputs(const Importer& importer)
{
    const ImporterText* t = importerText(importer.id());
    return importerTr(t ? t->inputs : nullptr, importer.inputs());
}

QStringList ImportDialog::untranslatedImporters()
{
    QStringList out;
    for (const auto& imp : importers()) {
        const ImporterText* t = importerText(imp->id());
        if (!t || imp->description() != t->description || imp->inputs() != t->inputs)
            out << qs(imp->id());
    }
    return out;
}

void ImportDialog::accept()
{
    if (applyImport())
        QDialog::accept();
}

QString ImportDialog::statusText() const { return m_status->text(); }

void ImportDialog::updateState()
{
    const bool read = m_session != nullptr;
    const std::size_t unresolved = read ? m_session->unresolvedCount() : 0;
    const bool hasConflicts = read && m_session->report().hasConflicts();
    bool selectedConflict = false;
    if (read)
        for (const QModelIndex& i : m_table->selectionModel()->selectedRows())
            selectedConflict = selectedConflict || m_model->conflictAt(i.row());
    m_keepButton->setEnabled(selectedConflict);
    m_takeButton->setEnabled(selectedConflict);
    m_keepAllButton->setEnabled(hasConflicts);
    m_takeAllButton->setEnabled(hasConflicts);
    m_applyButton->setEnabled(read && unresolved == 0);
    QString status;
    if (!m_error.isEmpty())
        status = m_error;
    else if (!read)
        status = tr("Nothing read yet.");
    else if (unresolved > 0)
        status = tr("%n conflict(s) unresolved: choose Keep Plan or Take Source for each.", nullptr, int(unresolved));
    else
        status = tr("Ready: Apply adds the import to the plan as one step (Edit ▸ Undo takes it back).");
    m_status->setText(status);
}

} // namespace lfp::gui
