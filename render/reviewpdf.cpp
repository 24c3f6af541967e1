// SPDX-License-Identifier: GPL-3.0-or-later
#include "reviewpdf.h"

#include "model/errors.h"
#include "render/headless.h"

#include <QFile>
#include <QFont>
#include <QGuiApplication>
#include <QImage>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QTextDocument>
#include <QUrl>

#include <memory>

namespace lfp {

namespace {

    QString qs(const std::string& s) { return QString::fromStdString(s); }

    QImage drawPicture(const TopologyPicture& p, double scale)
    {
        QImage img(QSize(static_cast<int>(p.width * scale), static_cast<int>(p.height * scale)), QImage::Format_RGB32);
        img.fill(Qt::white);
        QPainter g(&img);
        g.setRenderHint(QPainter::Antialiasing);
        g.scale(scale, scale);
        for (const auto& l : p.lines) {
            g.setPen(QPen(l.changed ? QColor(0xd9, 0x48, 0x0f) : QColor(0xad, 0xb5, 0xbd), l.changed ? 2 : 1));
            g.drawLine(QPointF(l.x1, l.y1), QPointF(l.x2, l.y2));
        }
        for (const auto& b : p.boxes) {
            g.setPen(b.changed ? QColor(0xd9, 0x48, 0x0f) : QColor(0x49, 0x50, 0x57));
            g.setBrush(b.changed ? QColor(0xff, 0xa9, 0x4d) : (b.host ? QColor(0xe9, 0xec, 0xef) : QColor(0xd0, 0xeb, 0xff)));
            const QRectF r(b.x, b.y, b.w, b.h);
            g.drawRoundedRect(r, 4, 4);
            QFont f = g.font();
            f.setPixelSize(b.w < 40 ? 7 : 11);
            g.setFont(f);
            g.setPen(Qt::black);
            g.drawText(r, Qt::AlignCenter, qs(b.name));
        }
        return img;
    }

} // namespace

std::string reviewCjkFontFile() { return pdfCjkFontFile(); }

void writeReviewPdf(const ReviewDocument& doc, const TopologyPicture& picture, const std::string& path)
{
    const std::unique_ptr<QGuiApplication> app = startHeadlessGui();
    const QString tmp = qs(path) + QStringLiteral(".part");
    {
        QPdfWriter writer(tmp);
        writer.setPageSize(QPageSize(QPageSize::A4));
        writer.setPageMargins(QMarginsF(15, 15, 15, 15), QPageLayout::Millimeter);
        writer.setTitle(qs(doc.title));
        writer.setCreator(QStringLiteral("Lossless Fabric Planner"));
        QTextDocument td;
        // Latin text and digits in a TrueType font (DejaVu Sans), Chinese from the CJK font: with the CJK
        // (CFF) font for every character, Qt 6.4's PDF text layer lost digits ("leaf , spine" for
        // "leaf1, spine1" in pdftotext; issue 38).
        td.setDefaultFont(pdfTextFont(9));
        const QImage img = drawPicture(picture, 2.0);
        td.addResource(QTextDocument::ImageResource, QUrl(QStringLiteral("lfp-topology.png")), img);
        QString html = qs(renderReviewHtml(doc, picture, "lfp-topology.png"));
        // Fit the picture to the text width (about 560 layout pixels on A4 with these margins).
        const int width = static_cast<int>(std::min(560.0, picture.width));
        html.replace(QStringLiteral("<img src=\"lfp-topology.png\">"), QStringLiteral("<img src=\"lfp-topology.png\" width=\"%1\">").arg(width));
        td.setHtml(html);
        td.print(&writer);
    }
    QFile::remove(qs(path));
    if (!QFile::rename(tmp, qs(path))) {
        QFile::remove(tmp);
        throw InputError(SourceLocation { path, 0, 0, {} }, "cannot write the PDF (check the directory exists and is writable)");
    }
}

} // namespace lfp
