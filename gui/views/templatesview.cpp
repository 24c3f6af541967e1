// SPDX-License-Identifier: GPL-3.0-or-later
#include "gui/views/templatesview.h"
#include "gui/tablefit.h"
#include "gui/plaintext.h"

#include "gui/appearance.h"

#include "model/fabric.h"
#include "model/fileio.h"
#include "model/units.h"

#include <QComboBox>
#include <QFileDialog>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QHelpEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPainter>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTableView>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <map>
#include <string_view>
#include <cmath>

namespace lfp::gui {

namespace {
    QString kib(qint64 bytes) { return QString::number(static_cast<double>(bytes) / 1024.0, 'f', bytes % 1024 == 0 ? 0 : 1); }

    QString cellTip(const TemplateRow& r)
    {
        QString tip = TemplatesView::tr("%1, %2 cable, MTU %3 B, %n lane(s)", nullptr, r.lanes)
                          .arg(qs(formatSpeed(r.speed)), qs(formatLength(r.cable)))
                          .arg(r.mtu.value())
            + QLatin1Char('\n')
            + TemplatesView::tr("xon %1 B · xoff %2 B · size %3 B").arg(r.headroom.xon.value()).arg(r.headroom.xoff.value()).arg(r.headroom.size.value());
        if (r.headroom.xonOffset)
            tip += QLatin1Char('\n') + TemplatesView::tr("xon_offset %1 B").arg(r.headroom.xonOffset->value());
        if (r.headroom.sharedHeadroomPool)
            tip += QLatin1Char('\n') + TemplatesView::tr("xoff is charged to the shared headroom pool");
        return tip;
    }

    std::vector<std::string> splitList(const QString& text)
    {
        std::vector<std::string> out;
        for (const QString& part : text.split(QLatin1Char(','), Qt::SkipEmptyParts))
            if (const QString t = part.trimmed(); !t.isEmpty())
                out.push_back(t.toStdString());
        return out;
    }
}

// ---------------------------------------------------------------------------------------------
// TemplateGridModel

void TemplateGridModel::setRows(std::vector<TemplateRow> rows, std::vector<BitsPerSecond> speeds, std::vector<Metres> cables)
{
    beginResetModel();
    m_rows = std::move(rows);
    m_speeds = std::move(speeds);
    m_cables = std::move(cables);
    updateRange();
    endResetModel();
}

void TemplateGridModel::setQuantity(Quantity q)
{
    m_quantity = q;
    updateRange();
    if (rowCount() > 0 && columnCount() > 0)
        emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
}

qint64 TemplateGridModel::valueOf(const TemplateRow& r) const
{
    switch (m_quantity) {
    case Quantity::Xoff: return r.headroom.xoff.value();
    case Quantity::Xon: return r.headroom.xon.value();
    default: return r.headroom.size.value();
    }
}

void TemplateGridModel::updateRange()
{
    m_min = m_max = 0;
    bool first = true;
    for (const auto& r : m_rows) {
        const qint64 v = valueOf(r);
        m_min = first ? v : std::min(m_min, v);
        m_max = first ? v : std::max(m_max, v);
        first = false;
    }
}

const TemplateRow* TemplateGridModel::cell(int row, int column) const
{
    if (row < 0 || column < 0 || row >= static_cast<int>(m_cables.size()) || column >= static_cast<int>(m_speeds.size()))
        return nullptr;
    const Metres cable = m_cables[static_cast<std::size_t>(row)];
    const BitsPerSecond speed = m_speeds[static_cast<std::size_t>(column)];
    for (const auto& r : m_rows)
        if (r.cable == cable && r.speed == speed)
            return &r;
    return nullptr;
}

QColor TemplateGridModel::heatColour(qint64 bytes) const
{
    // Linear in bytes between the grid's smallest and largest value: light yellow → orange → dark red.
    const double t = m_max > m_min ? std::clamp(static_cast<double>(bytes - m_min) / static_cast<double>(m_max - m_min), 0.0, 1.0) : 0.0;
    const QColor a(0xFF, 0xF3, 0xC4), b(0xF5, 0x8B, 0x3C), c(0xA3, 0x1A, 0x1A);
    const auto mix = [](const QColor& x, const QColor& y, double u) {
        return QColor::fromRgbF(static_cast<float>(x.redF() + (y.redF() - x.redF()) * u), static_cast<float>(x.greenF() + (y.greenF() - x.greenF()) * u),
            static_cast<float>(x.blueF() + (y.blueF() - x.blueF()) * u));
    };
    return t < 0.5 ? mix(a, b, t * 2) : mix(b, c, (t - 0.5) * 2);
}

int TemplateGridModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : static_cast<int>(m_cables.size()); }
int TemplateGridModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : static_cast<int>(m_speeds.size()); }

QVariant TemplateGridModel::data(const QModelIndex& index, int role) const
{
    const TemplateRow* r = index.isValid() ? cell(index.row(), index.column()) : nullptr;
    if (!r)
        return {};
    switch (role) {
    case Qt::DisplayRole:
        return tr("%1 / %2 / %3").arg(r->headroom.xon.value()).arg(r->headroom.xoff.value()).arg(r->headroom.size.value());
    case Qt::UserRole:
        return valueOf(*r);
    case Qt::ToolTipRole:
        return cellTip(*r);
    case Qt::BackgroundRole:
        return heatColour(valueOf(*r));
    case Qt::ForegroundRole: {
        const QColor bg = heatColour(valueOf(*r));
        return bg.lightness() < 120 ? QColor(Qt::white) : QColor(0x1E, 0x24, 0x2C);
    }
    case Qt::TextAlignmentRole:
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    default:
        return {};
    }
}

QVariant TemplateGridModel::headerData(int section, Qt::Orientation o, int role) const
{
    if (role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, o, role);
    if (o == Qt::Horizontal && section >= 0 && section < static_cast<int>(m_speeds.size()))
        return qs(formatSpeed(m_speeds[static_cast<std::size_t>(section)]));
    if (o == Qt::Vertical && section >= 0 && section < static_cast<int>(m_cables.size()))
        return qs(formatLength(m_cables[static_cast<std::size_t>(section)]));
    return {};
}

// ---------------------------------------------------------------------------------------------
// TemplateHeatMap

TemplateHeatMap::TemplateHeatMap(TemplateGridModel* model, QWidget* parent)
    : QWidget(parent)
    , m_model(model)
{
    setObjectName(QStringLiteral("templateHeatMap"));
    connect(model, &QAbstractItemModel::modelReset, this, qOverload<>(&QWidget::update));
    connect(model, &QAbstractItemModel::dataChanged, this, qOverload<>(&QWidget::update));
    setMouseTracking(true);
}

QSize TemplateHeatMap::sizeHint() const { return { 560, 320 }; }
QSize TemplateHeatMap::minimumSizeHint() const { return { 260, 160 }; }

QRect TemplateHeatMap::gridRect() const
{
    const QFontMetrics fm(font());
    const int left = fm.horizontalAdvance(QStringLiteral("0000.0m")) + 10;
    const int top = fm.height() + 8;
    const int right = 70; // the colour scale
    const int bottom = fm.height() + 8;
    return QRect(left, top, std::max(10, width() - left - right), std::max(10, height() - top - bottom));
}

void TemplateHeatMap::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    const int rows = m_model->rowCount(), cols = m_model->columnCount();
    if (rows == 0 || cols == 0)
        return;
    const QRect g = gridRect();
    const QFontMetrics fm(font());
    const double cw = static_cast<double>(g.width()) / cols, ch = static_cast<double>(g.height()) / rows;
    for (int c = 0; c < cols; ++c) {
        const QRectF hr(g.left() + c * cw, 0, cw, g.top() - 2);
        p.setPen(palette().text().color());
        p.drawText(hr, Qt::AlignHCenter | Qt::AlignBottom, m_model->headerData(c, Qt::Horizontal, Qt::DisplayRole).toString());
    }
    for (int r = 0; r < rows; ++r) {
        const QRectF vr(0, g.top() + r * ch, g.left() - 6, ch);
        p.setPen(palette().text().color());
        p.drawText(vr, Qt::AlignRight | Qt::AlignVCenter, m_model->headerData(r, Qt::Vertical, Qt::DisplayRole).toString());
        for (int c = 0; c < cols; ++c) {
            const TemplateRow* row = m_model->cell(r, c);
            if (!row)
                continue;
            const QRectF cell(g.left() + c * cw, g.top() + r * ch, cw, ch);
            const qint64 v = m_model->valueOf(*row);
            const QColor bg = m_model->heatColour(v);
            p.fillRect(cell.adjusted(0.5, 0.5, -0.5, -0.5), bg);
            p.setPen(bg.lightness() < 120 ? QColor(Qt::white) : QColor(0x1E, 0x24, 0x2C));
            if (ch >= fm.height() && cw >= fm.horizontalAdvance(QStringLiteral("0000")))
                p.drawText(cell, Qt::AlignCenter, kib(v));
        }
    }
    // Colour scale: the grid's range in KiB.
    const QRect scale(g.right() + 16, g.top(), 14, g.height());
    for (int y = 0; y < scale.height(); ++y) {
        const double t = 1.0 - static_cast<double>(y) / std::max(1, scale.height() - 1);
        const qint64 v = m_model->minimum() + static_cast<qint64>(std::llround(t * static_cast<double>(m_model->maximum() - m_model->minimum())));
        p.setPen(m_model->heatColour(v));
        p.drawLine(scale.left(), scale.top() + y, scale.right(), scale.top() + y);
    }
    p.setPen(palette().text().color());
    p.drawText(QPoint(scale.right() + 4, scale.top() + fm.ascent()), kib(m_model->maximum()));
    p.drawText(QPoint(scale.right() + 4, scale.bottom()), kib(m_model->minimum()));
    p.drawText(QRect(scale.left() - 8, g.bottom() + 2, 80, fm.height() + 4), Qt::AlignLeft | Qt::AlignTop, tr("KiB"));
    p.drawText(QRect(g.left(), g.bottom() + 2, g.width(), fm.height() + 4), Qt::AlignHCenter | Qt::AlignTop, tr("port speed →  ·  rows: cable length"));
}

bool TemplateHeatMap::event(QEvent* e)
{
    if (e->type() == QEvent::ToolTip) {
        auto* he = static_cast<QHelpEvent*>(e);
        const QRect g = gridRect();
        const int rows = m_model->rowCount(), cols = m_model->columnCount();
        if (rows > 0 && cols > 0 && g.contains(he->pos())) {
            const int c = (he->pos().x() - g.left()) * cols / g.width();
            const int r = (he->pos().y() - g.top()) * rows / g.height();
            if (const TemplateRow* row = m_model->cell(r, c)) {
                QToolTip::showText(he->globalPos(), cellTip(*row), this);
                return true;
            }
        }
        QToolTip::hideText();
        e->ignore();
        return true;
    }
    return QWidget::event(e);
}

// ---------------------------------------------------------------------------------------------
// TemplatesView

TemplatesView::TemplatesView(QWidget* parent)
    : QWidget(parent)
    , m_model(new TemplateGridModel(this))
    , m_asic(new QComboBox)
    , m_speeds(new QLineEdit(QStringLiteral("10G,25G,50G,100G,200G,400G")))
    , m_cables(new QLineEdit(QStringLiteral("1m,3m,5m,10m,40m,100m,300m")))
    , m_mtu(new QSpinBox)
    , m_quantity(new QComboBox)
    , m_format(new QComboBox)
    , m_export(new QPushButton(tr("Export…")))
    , m_info(plainLabel())
    , m_error(plainLabel())
    , m_table(new QTableView)
    , m_heat(new TemplateHeatMap(m_model))
{
    setObjectName(QStringLiteral("templatesView"));
    m_asic->setObjectName(QStringLiteral("templatesAsic"));
    m_speeds->setObjectName(QStringLiteral("templatesSpeeds"));
    m_speeds->setToolTip(tr("Comma-separated port speeds, as `lfp template --speeds`"));
    m_cables->setObjectName(QStringLiteral("templatesCables"));
    m_cables->setToolTip(tr("Comma-separated cable lengths, as `lfp template --cables`"));
    m_mtu->setRange(64, 65535);
    m_mtu->setValue(9100);
    m_mtu->setSuffix(QStringLiteral(" B"));
    m_quantity->addItem(tr("size"), static_cast<int>(TemplateGridModel::Quantity::Size));
    m_quantity->addItem(tr("xoff"), static_cast<int>(TemplateGridModel::Quantity::Xoff));
    m_quantity->addItem(tr("xon"), static_cast<int>(TemplateGridModel::Quantity::Xon));
    m_quantity->setToolTip(tr("The heat map's colour: the headroom size reserved per PG, or xoff, or xon"));
    m_format->addItem(tr("CSV"), static_cast<int>(TemplateFormat::Csv));
    m_format->addItem(tr("Markdown"), static_cast<int>(TemplateFormat::Markdown));
    m_format->addItem(tr("SONiC pg_profile_lookup.ini"), static_cast<int>(TemplateFormat::SonicIni));
    m_format->setObjectName(QStringLiteral("templatesFormat"));
    m_export->setObjectName(QStringLiteral("templatesExport"));
    m_info->setWordWrap(true);
    m_info->setStyleSheet(QStringLiteral("color: #5a6270;"));
    m_info->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #C62828;"));
    m_error->hide();

    m_table->setObjectName(QStringLiteral("templatesTable"));
    m_table->setModel(m_model);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setWordWrap(false);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
    // Every speed's column may wrap its triples when the grid is wider than its pane (tablefit.h).
    QList<int> speedColumns;
    for (int c = 0; c < 64; ++c)
        speedColumns << c;
    fitColumns(m_table, speedColumns);

    connect(m_asic, &QComboBox::currentIndexChanged, this, &TemplatesView::recompute);
    connect(m_asic, &QComboBox::activated, this, [this] { m_asicChosen = true; }); // the user's pick only
    connect(m_speeds, &QLineEdit::editingFinished, this, &TemplatesView::recompute);
    connect(m_cables, &QLineEdit::editingFinished, this, &TemplatesView::recompute);
    connect(m_mtu, &QSpinBox::valueChanged, this, &TemplatesView::recompute);
    connect(m_quantity, &QComboBox::currentIndexChanged, this,
        [this] { m_model->setQuantity(static_cast<TemplateGridModel::Quantity>(m_quantity->currentData().toInt())); });
    connect(m_format, &QComboBox::currentIndexChanged, this, [this] { m_info->setText(commandLine()); });
    connect(m_export, &QPushButton::clicked, this, &TemplatesView::exportClicked);

    auto* form = new QGridLayout;
    form->setHorizontalSpacing(8);
    form->addWidget(plainLabel(tr("ASIC")), 0, 0);
    form->addWidget(m_asic, 0, 1);
    form->addWidget(plainLabel(tr("Port MTU")), 0, 2);
    form->addWidget(m_mtu, 0, 3);
    form->addWidget(plainLabel(tr("Colour by")), 0, 4);
    form->addWidget(m_quantity, 0, 5);
    form->addWidget(plainLabel(tr("Speeds")), 1, 0);
    form->addWidget(m_speeds, 1, 1);
    form->addWidget(plainLabel(tr("Cables")), 1, 2);
    form->addWidget(m_cables, 1, 3, 1, 3);
    form->addWidget(m_format, 0, 6);
    form->addWidget(m_export, 1, 6);
    form->setColumnStretch(1, 2);
    form->setColumnStretch(3, 2);

    auto* tableBox = new QWidget;
    auto* tl = new QVBoxLayout(tableBox);
    tl->setContentsMargins(0, 0, 0, 0);
    tl->addWidget(plainLabel(tr("xon / xoff / size in bytes (rows: cable, columns: speed)")));
    tl->addWidget(m_table, 1);
    auto* split = new QSplitter(Qt::Horizontal);
    split->addWidget(tableBox);
    split->addWidget(m_heat);
    split->setChildrenCollapsible(false);
    split->setSizes({ 820, 520 });

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 4, 4, 4);
    layout->addLayout(form);
    layout->addWidget(m_info);
    layout->addWidget(m_error);
    layout->addWidget(split, 1);
}

QString TemplatesView::projectAsic(const Fabric& fabric)
{
    std::map<std::string_view, std::size_t> count;
    for (const Node& n : fabric.nodes)
        if (n.isSwitch() && !n.asic.empty())
            ++count[n.asic];
    const auto most = std::max_element(count.begin(), count.end(), [](const auto& a, const auto& b) { return a.second < b.second; });
    return most == count.end() ? QString() : QString::fromUtf8(most->first.data(), static_cast<qsizetype>(most->first.size()));
}

void TemplatesView::setCatalog(std::shared_ptr<const AsicCatalog> catalog, const QString& projectAsic)
{
    if (catalog == m_catalog && projectAsic.isEmpty() && m_asic->count() > 0)
        return; // the same catalogue and no project ASIC to open on: nothing to refill or recompute
    m_catalog = std::move(catalog);
    QString current = m_asic->currentData().toString();
    if (!m_asicChosen && !projectAsic.isEmpty() && m_catalog && m_catalog->find(projectAsic.toStdString()))
        current = projectAsic;
    {
        const QSignalBlocker block(m_asic);
        m_asic->clear();
        if (m_catalog)
            for (const AsicProfile& a : m_catalog->all())
                m_asic->addItem(QStringLiteral("%1 — %2").arg(qs(a.id), qs(a.name)), qs(a.id));
        int i = m_asic->findData(current);
        if (i < 0)
            i = m_asic->findData(QStringLiteral("spectrum-3"));
        m_asic->setCurrentIndex(std::max(0, i));
    }
    recompute();
}

bool TemplatesView::setGrid(const QString& asicId, const QString& speeds, const QString& cables, int mtu)
{
    {
        const QSignalBlocker b1(m_asic), b2(m_mtu);
        const int i = m_asic->findData(asicId);
        if (i < 0) {
            m_error->setText(tr("No ASIC profile \"%1\".").arg(asicId));
            m_error->show();
            return false;
        }
        m_asic->setCurrentIndex(i);
        m_asicChosen = true;
        m_speeds->setText(speeds);
        m_cables->setText(cables);
        m_mtu->setValue(mtu);
    }
    recompute();
    return errorText().isEmpty();
}

QString TemplatesView::errorText() const { return m_error->isHidden() ? QString() : m_error->text(); }

void TemplatesView::recompute()
{
    m_error->hide();
    const AsicProfile* asic = m_catalog ? m_catalog->find(m_asic->currentData().toString().toStdString()) : nullptr;
    if (!asic) {
        m_model->setRows({}, {}, {});
        m_error->setText(tr("No ASIC profile selected."));
        m_error->show();
        m_export->setEnabled(false);
        return;
    }
    try {
        TemplateRequest req;
        for (const auto& s : splitList(m_speeds->text()))
            req.speeds.push_back(parseSpeed(s));
        for (const auto& c : splitList(m_cables->text()))
            req.cables.push_back(parseLength(c));
        // Each axis in ascending order without repeats (the table is a grid).
        std::sort(req.speeds.begin(), req.speeds.end());
        req.speeds.erase(std::unique(req.speeds.begin(), req.speeds.end()), req.speeds.end());
        std::sort(req.cables.begin(), req.cables.end());
        req.cables.erase(std::unique(req.cables.begin(), req.cables.end()), req.cables.end());
        req.mtus = { Bytes(m_mtu->value()) };
        auto rows = buildTemplate(*asic, req);
        m_model->setRows(std::move(rows), req.speeds, req.cables);
        m_export->setEnabled(true);
    } catch (const std::exception& e) {
        m_model->setRows({}, {}, {});
        m_error->setText(QString::fromUtf8(e.what()));
        m_error->show();
        m_export->setEnabled(false);
    }
    m_info->setText(commandLine());
}

QString TemplatesView::commandLine() const
{
    const auto format = static_cast<TemplateFormat>(m_format->currentData().toInt());
    const char* f = format == TemplateFormat::Markdown ? "md" : format == TemplateFormat::SonicIni ? "sonic-ini" : "csv";
    QStringList speeds, cables;
    const int cols = m_model->columnCount(), rows = m_model->rowCount();
    for (int c = 0; c < cols; ++c)
        speeds << m_model->headerData(c, Qt::Horizontal, Qt::DisplayRole).toString();
    for (int r = 0; r < rows; ++r)
        cables << m_model->headerData(r, Qt::Vertical, Qt::DisplayRole).toString();
    return tr("The same as: %1").arg(QStringLiteral("lfp template --asic %1 --speeds %2 --cables %3 --mtu %4 --format %5")
                                         .arg(m_asic->currentData().toString(), speeds.join(QLatin1Char(',')), cables.join(QLatin1Char(',')))
                                         .arg(m_mtu->value())
                                         .arg(QString::fromLatin1(f)));
}

QString TemplatesView::rendered(TemplateFormat format) const
{
    const AsicProfile* asic = m_catalog ? m_catalog->find(m_asic->currentData().toString().toStdString()) : nullptr;
    if (!asic || m_model->rows().empty())
        return {};
    return qs(renderTemplate(*asic, m_model->rows(), format));
}

bool TemplatesView::exportTo(const QString& path, TemplateFormat format)
{
    const QString text = rendered(format);
    if (text.isEmpty()) {
        m_error->setText(tr("Nothing to export."));
        m_error->show();
        return false;
    }
    try {
        writeFileAtomically(QFile::encodeName(path).toStdString(), text.toStdString());
    } catch (const std::exception& e) {
        m_error->setText(tr("Cannot write %1: %2").arg(path, QString::fromUtf8(e.what())));
        m_error->show();
        return false;
    }
    return true;
}

void TemplatesView::exportClicked()
{
    const auto format = static_cast<TemplateFormat>(m_format->currentData().toInt());
    const QString suffix = format == TemplateFormat::Markdown ? QStringLiteral("md") : format == TemplateFormat::SonicIni ? QStringLiteral("ini") : QStringLiteral("csv");
    const QString name = format == TemplateFormat::SonicIni ? QStringLiteral("pg_profile_lookup.ini")
                                                            : QStringLiteral("%1-template.%2").arg(m_asic->currentData().toString(), suffix);
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Threshold Template"), name);
    if (!path.isEmpty())
        exportTo(path, format);
}

} // namespace lfp::gui
