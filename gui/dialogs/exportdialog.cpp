// SPDX-License-Identifier: GPL-3.0-or-later
#include "gui/dialogs/exportdialog.h"
#include "gui/plaintext.h"

#include "gui/appearance.h"
#include "gui/models/findingsmodel.h"
#include "exporters/exportjob.h"
#include "model/errors.h"
#include "model/projectstore.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSplitter>
#include <QTabWidget>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace lfp::gui {

namespace {
    QString toQ(const std::string& s) { return QString::fromStdString(s); }
}

// ------------------------------------------------------------------------------------------------

ConfigHighlighter::ConfigHighlighter(QTextDocument* doc)
    : QSyntaxHighlighter(doc)
{
}

void ConfigHighlighter::highlightBlock(const QString& text)
{
    QTextCharFormat comment, key, string, number, command;
    comment.setForeground(QColor(0x6a, 0x73, 0x7d));
    comment.setFontItalic(true);
    key.setForeground(QColor(0x00, 0x5c, 0xc5));
    string.setForeground(QColor(0x03, 0x2f, 0x62));
    number.setForeground(QColor(0x00, 0x7a, 0x3d));
    command.setForeground(QColor(0xb3, 0x1d, 0x28));
    command.setFontWeight(QFont::Bold);

    const QString trimmed = text.trimmed();
    if (trimmed.startsWith(u'#') || trimmed.startsWith(u'!')) {
        setFormat(0, static_cast<int>(text.size()), comment);
        return;
    }
    static const QRegularExpression numberRe(QStringLiteral("\\b\\d+(\\.\\d+)?\\b"));
    for (auto it = numberRe.globalMatch(text); it.hasNext();) {
        const auto m = it.next();
        setFormat(static_cast<int>(m.capturedStart()), static_cast<int>(m.capturedLength()), number);
    }
    // JSON "key": and string values; YAML key:
    static const QRegularExpression stringRe(QStringLiteral("\"(?:[^\"\\\\]|\\\\.)*\""));
    for (auto it = stringRe.globalMatch(text); it.hasNext();) {
        const auto m = it.next();
        const bool isKey = text.mid(m.capturedEnd()).trimmed().startsWith(u':');
        setFormat(static_cast<int>(m.capturedStart()), static_cast<int>(m.capturedLength()), isKey ? key : string);
    }
    static const QRegularExpression yamlKeyRe(QStringLiteral("^\\s*-?\\s*('[^']*'|[A-Za-z][\\w-]*):(\\s|$)"));
    if (const auto m = yamlKeyRe.match(text); m.hasMatch() && !text.contains(u'"'))
        setFormat(static_cast<int>(m.capturedStart(1)), static_cast<int>(m.capturedLength(1)), key);
    // Leading command words of the CLI targets.
    static const QRegularExpression commandRe(QStringLiteral(
        "^\\s*(nv (set|unset|config apply)|set class-of-service|set interfaces|set|delete|interface|qos|dcb|priority-flow-control|policy-map|class-map|class|"
        "system qos|system-view|drop-profile|diffserv domain|trust|service-policy|service-profile|random-detect|bandwidth|priority|commit|quit|undo|no|end|"
        "tx-queue|uc-tx-queue|mtu|speed|fec|error-correction|description|pause|sudo|if|then|fi|for|do|done|local|return)\\b"));
    if (const auto m = commandRe.match(text); m.hasMatch())
        setFormat(static_cast<int>(m.capturedStart(1)), static_cast<int>(m.capturedLength(1)), command);
}

// ------------------------------------------------------------------------------------------------

ExportDialog::ExportDialog(std::shared_ptr<const Fabric> fabric, const QString& projectPath, std::optional<int> revision, QWidget* parent)
    : QDialog(parent)
    , m_fabric(std::move(fabric))
    , m_path(projectPath)
    , m_revision(revision)
{
    setObjectName(QStringLiteral("exportDialog"));
    setWindowTitle(tr("Export Configuration"));
    resize(1100, 720);

    m_target = new QComboBox(this);
    m_target->setObjectName(QStringLiteral("exportTarget"));
    for (const auto& ex : exporters())
        m_target->addItem(toQ(ex->id()), toQ(ex->id()));
    for (int i = 0; i < m_target->count(); ++i)
        if (const Exporter* ex = findExporter(m_target->itemData(i).toString().toStdString()))
            m_target->setItemData(i, toQ(ex->description()), Qt::ToolTipRole);

    m_role = new QComboBox(this);
    m_role->setObjectName(QStringLiteral("exportRole"));
    m_role->addItem(tr("Every role"), QString());
    for (const Role r : { Role::SuperSpine, Role::Spine, Role::Leaf, Role::Host })
        m_role->addItem(QString::fromUtf8(toString(r)), QString::fromUtf8(toString(r)));

    m_bufferModel = new QComboBox(this);
    m_bufferModel->setObjectName(QStringLiteral("exportBufferModel"));
    m_bufferModel->addItem(tr("traditional (planner's xon / xoff / size)"), QStringLiteral("traditional"));
    m_bufferModel->addItem(tr("dynamic"), QStringLiteral("dynamic"));

    m_release = new QComboBox(this);
    m_release->setObjectName(QStringLiteral("exportRelease"));
    m_release->setToolTip(tr("The software release the configuration is written for (lfp export --target-release); the first is the target's default"));

    m_base = new QComboBox(this);
    m_base->setObjectName(QStringLiteral("exportBase"));
    m_base->addItem(tr("None (no change delta)"), -1);
    if (!m_path.isEmpty() && ProjectStore::looksLikeProject(m_path.toStdString())) {
        try {
            const ProjectStore store = ProjectStore::open(m_path.toStdString());
            for (const auto& r : store.revisions())
                if (!m_revision || r.id != *m_revision)
                    m_base->addItem(tr("Revision %1").arg(r.id), r.id);
        } catch (const std::exception&) {
            // No revisions to offer; the export itself does not need them.
        }
    }
    m_base->setEnabled(m_base->count() > 1);

    m_devices = new QListWidget(this);
    m_devices->setObjectName(QStringLiteral("exportDevices"));
    m_devices->setToolTip(tr("Tick devices to export only those; none ticked exports every device the target configures"));
    if (m_fabric)
        for (const auto& n : m_fabric->nodes) {
            auto* item = new QListWidgetItem(toQ(n.name), m_devices);
            item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
            item->setCheckState(Qt::Unchecked);
        }

    auto* form = new QFormLayout;
    form->addRow(tr("&Target:"), m_target);
    form->addRow(tr("Target r&elease:"), m_release);
    form->addRow(tr("&Role:"), m_role);
    form->addRow(tr("&Base revision:"), m_base);
    form->addRow(tr("SONiC &buffer model:"), m_bufferModel);
    auto* left = new QWidget(this);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addLayout(form);
    auto* devicesLabel = plainLabel(tr("&Devices:"), left);
    devicesLabel->setBuddy(m_devices);
    leftLayout->addWidget(devicesLabel);
    leftLayout->addWidget(m_devices, 1);

    m_files = new QListWidget(this);
    m_files->setObjectName(QStringLiteral("exportFiles"));
    m_preview = new QPlainTextEdit(this);
    m_preview->setObjectName(QStringLiteral("exportPreview"));
    m_preview->setReadOnly(true);
    m_preview->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_preview->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_highlighter = new ConfigHighlighter(m_preview->document());
    auto* filesSplit = new QSplitter(Qt::Horizontal, this);
    filesSplit->addWidget(m_files);
    filesSplit->addWidget(m_preview);
    filesSplit->setStretchFactor(1, 4);
    filesSplit->setSizes({ 190, 760 });

    m_findings = new QTreeWidget(this);
    m_findings->setObjectName(QStringLiteral("exportFindings"));
    m_findings->setHeaderLabels({ tr("Severity"), tr("Code"), tr("Objects"), tr("Message") });
    m_findings->setRootIsDecorated(false);
    m_findings->setWordWrap(true);
    m_findings->header()->setStretchLastSection(true);

    m_delta = new QPlainTextEdit(this);
    m_delta->setObjectName(QStringLiteral("exportDelta"));
    m_delta->setReadOnly(true);
    m_delta->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_delta->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    new ConfigHighlighter(m_delta->document());

    m_tabs = new QTabWidget(this);
    m_tabs->addTab(filesSplit, tr("&Preview"));
    m_tabs->addTab(m_findings, tr("&Findings"));
    m_tabs->addTab(m_delta, tr("Change &delta"));

    auto* right = new QSplitter(Qt::Vertical, this);
    right->addWidget(m_tabs);
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(left);
    split->addWidget(right);
    split->setStretchFactor(1, 3);
    split->setSizes({ 260, 900 });

    m_status = plainLabel(this);
    m_status->setObjectName(QStringLiteral("exportStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_output = new QLineEdit(this);
    m_output->setObjectName(QStringLiteral("exportOutput"));
    m_output->setPlaceholderText(tr("Directory to write the files and manifest.json into"));
    auto* browse = new QPushButton(tr("Bro&wse…"), this);
    connect(browse, &QPushButton::clicked, this, &ExportDialog::chooseDirectory);
    m_exportButton = new QPushButton(tr("&Export"), this);
    m_exportButton->setObjectName(QStringLiteral("exportButton"));
    m_exportButton->setDefault(true);
    connect(m_exportButton, &QPushButton::clicked, this, [this] {
        if (m_output->text().isEmpty())
            chooseDirectory();
        if (!m_output->text().isEmpty())
            exportTo(m_output->text());
    });
    auto* close = new QPushButton(tr("&Close"), this);
    connect(close, &QPushButton::clicked, this, &QDialog::reject);
    auto* bottom = new QHBoxLayout;
    auto* outputLabel = plainLabel(tr("&Output:"), this);
    outputLabel->setBuddy(m_output);
    bottom->addWidget(outputLabel);
    bottom->addWidget(m_output, 1);
    bottom->addWidget(browse);
    bottom->addWidget(m_exportButton);
    bottom->addWidget(close);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(split, 1);
    layout->addWidget(m_status);
    layout->addLayout(bottom);

    connect(m_target, &QComboBox::currentIndexChanged, this, &ExportDialog::refresh);
    connect(m_role, &QComboBox::currentIndexChanged, this, &ExportDialog::refresh);
    connect(m_base, &QComboBox::currentIndexChanged, this, &ExportDialog::refresh);
    connect(m_bufferModel, &QComboBox::currentIndexChanged, this, &ExportDialog::refresh);
    connect(m_release, &QComboBox::currentIndexChanged, this, &ExportDialog::refresh);
    connect(m_devices, &QListWidget::itemChanged, this, &ExportDialog::refresh);
    connect(m_files, &QListWidget::currentRowChanged, this, &ExportDialog::showFile);
    refresh();
}

ExportDialog::~ExportDialog() = default;

void ExportDialog::setTarget(const QString& id)
{
    const int i = m_target->findData(id);
    if (i >= 0)
        m_target->setCurrentIndex(i);
}

QString ExportDialog::statusText() const { return m_status->text(); }

/// The releases of the current target, its default first (exporters/exporter.h Exporter::releases()).
void ExportDialog::fillReleases()
{
    const QString target = m_target->currentData().toString();
    if (target == m_releaseTarget)
        return;
    m_releaseTarget = target;
    m_release->clear();
    if (const Exporter* ex = findExporter(target.toStdString()))
        for (const auto& r : ex->releases()) {
            m_release->addItem(toQ(r.name), toQ(r.name));
            m_release->setItemData(m_release->count() - 1, toQ(r.description), Qt::ToolTipRole);
        }
    m_release->setEnabled(m_release->count() > 1);
}

void ExportDialog::refresh()
{
    if (m_refreshing)
        return;
    m_refreshing = true;
    const QString previousFile = m_files->currentItem() ? m_files->currentItem()->text() : QString();
    m_outcome.reset();
    m_files->clear();
    m_preview->clear();
    m_findings->clear();
    m_delta->clear();
    m_bufferModel->setEnabled(m_target->currentData().toString() == QStringLiteral("sonic"));
    fillReleases();
    ExportJob job;
    job.target = m_target->currentData().toString().toStdString();
    job.options.targetRelease = m_release->currentData().toString().toStdString();
    job.options.sonicBufferModel
        = m_bufferModel->currentData().toString() == QStringLiteral("dynamic") ? ExportOptions::SonicBufferModel::Dynamic : ExportOptions::SonicBufferModel::Traditional;
    if (const QString role = m_role->currentData().toString(); !role.isEmpty())
        job.options.role = roleFromString(role.toStdString());
    const Exporter* ex = findExporter(job.target);
    for (int i = 0; i < m_devices->count(); ++i) {
        QListWidgetItem* item = m_devices->item(i);
        const Node* n = m_fabric ? m_fabric->findNode(item->text().toStdString()) : nullptr;
        // Devices the target does not configure are shown disabled (the CLI refuses them).
        const bool usable = n && ex && ex->handles(*n);
        item->setFlags(usable ? (item->flags() | Qt::ItemIsEnabled) : (item->flags() & ~Qt::ItemIsEnabled));
        if (usable && item->checkState() == Qt::Checked)
            job.options.devices.push_back(item->text().toStdString());
    }
    try {
        if (!m_fabric)
            throw InputError(SourceLocation {}, "no plan is open");
        std::optional<Fabric> base;
        const int baseRev = m_base->currentData().toInt();
        if (baseRev >= 0)
            base = loadFabricFile(m_path.toStdString(), baseRev);
        m_outcome = std::make_unique<ExportOutcome>(
            runExportJob(job, *m_fabric, m_revision, base ? &*base : nullptr, baseRev >= 0 ? std::optional<int>(baseRev) : std::nullopt));
    } catch (const std::exception& e) {
        m_status->setText(tr("Cannot export: %1").arg(QString::fromUtf8(e.what())));
        m_status->setStyleSheet(QStringLiteral("color: #b31d28;"));
        m_exportButton->setEnabled(false);
        m_refreshing = false;
        return;
    }
    const ExportResult& r = m_outcome->result;
    for (const auto& [name, text] : r.files) {
        auto* item = new QListWidgetItem(toQ(name), m_files);
        item->setToolTip(tr("%1 — %2 bytes").arg(toQ(r.deviceOf.at(name))).arg(text.size()));
    }
    int errors = 0, warnings = 0;
    for (const auto& f : r.findings) {
        auto* item = new QTreeWidgetItem(m_findings);
        item->setIcon(0, Appearance::severityIcon(f.severity));
        item->setText(0, QString::fromUtf8(toString(f.severity)));
        item->setText(1, toQ(f.code));
        QStringList objects;
        for (const auto& o : f.objects)
            objects << toQ(o.toString());
        item->setText(2, objects.join(QStringLiteral(", ")));
        item->setText(3, FindingsModel::messageText(f));
        item->setToolTip(3, FindingsModel::messageText(f) + (f.fix.empty() ? QString() : tr("\nFix: %1").arg(FindingsModel::fixText(f))));
        errors += f.severity == Severity::Error;
        warnings += f.severity == Severity::Warning;
    }
    m_findings->resizeColumnToContents(0);
    m_findings->resizeColumnToContents(1);
    m_tabs->setTabText(1, tr("&Findings (%1)").arg(r.findings.size()));
    QString delta;
    for (const auto& d : m_outcome->delta) {
        delta += QStringLiteral("# == %1 (%2, %3)%4\n").arg(toQ(d.device), toQ(d.file), QString::fromUtf8(toString(d.kind)), d.disruptive() ? QStringLiteral("  DISRUPTIVE") : QString());
        delta += toQ(d.diff);
        delta += QStringLiteral("# -- commands:\n");
        for (const auto& c : d.commands) {
            delta += toQ(c.text) + u'\n';
            if (c.disruptive)
                delta += QStringLiteral("#    ^ disruptive: ") + toQ(c.reason) + u'\n';
        }
    }
    if (m_outcome->baseRevision)
        m_delta->setPlainText(delta.isEmpty() ? tr("# No device changes from revision %1.").arg(*m_outcome->baseRevision) : delta);
    else
        m_delta->setPlainText(tr("# Choose a base revision to see what changes per device."));
    m_tabs->setTabEnabled(2, m_outcome->baseRevision.has_value());
    m_status->setText(tr("%1: %n file(s) (+ manifest.json); ", nullptr, static_cast<int>(r.files.size())).arg(m_target->currentText())
        + tr("%1 errors, %2 warnings, %3 notes").arg(errors).arg(warnings).arg(static_cast<int>(r.findings.size()) - errors - warnings));
    m_status->setStyleSheet(errors ? QStringLiteral("color: #b31d28;") : QString());
    m_exportButton->setEnabled(true);
    const auto keep = m_files->findItems(previousFile, Qt::MatchExactly);
    m_files->setCurrentRow(keep.isEmpty() ? 0 : m_files->row(keep.front()));
    showFile();
    m_refreshing = false;
}

void ExportDialog::showFile()
{
    if (!m_outcome || !m_files->currentItem()) {
        m_preview->clear();
        return;
    }
    const auto it = m_outcome->result.files.find(m_files->currentItem()->text().toStdString());
    m_preview->setPlainText(it == m_outcome->result.files.end() ? QString() : toQ(it->second));
}

void ExportDialog::chooseDirectory()
{
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Export into directory"), m_output->text());
    if (!dir.isEmpty())
        m_output->setText(dir);
}

bool ExportDialog::exportTo(const QString& dir)
{
    if (!m_outcome)
        return false;
    try {
        writeExportDirectory(dir.toStdString(), m_outcome->outputFiles());
    } catch (const std::exception& e) {
        m_status->setText(tr("Nothing was written: %1").arg(QString::fromUtf8(e.what())));
        m_status->setStyleSheet(QStringLiteral("color: #b31d28;"));
        return false;
    }
    m_status->setText(tr("Wrote %n file(s) and manifest.json to %1", nullptr, static_cast<int>(m_outcome->result.files.size())).arg(dir));
    m_status->setStyleSheet(QString());
    return true;
}

} // namespace lfp::gui
