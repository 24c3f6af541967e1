// SPDX-License-Identifier: GPL-3.0-or-later
#include "render/manualpdf.h"

#include "model/errors.h"
#include "render/headless.h"

#include <QFile>
#include <QFileInfo>
#include <QPageSize>
#include <QPdfWriter>
#include <QRegularExpression>
#include <QTextDocument>
#include <QUrl>

namespace lfp {

namespace {

    QString qs(const std::string& s) { return QString::fromStdString(s); }

    [[noreturn]] void fail(const std::string& file, const std::string& what)
    {
        throw InputError(SourceLocation { file, 0, 0, {} }, what);
    }

    /// The HTML for print: cmake/manual.cmake sizes pictures for a screen (640 px alone, 360 px in a table
    /// cell); the A4 text width with 15 mm margins is about 560 layout pixels (render/reviewpdf.cpp).
    QString forPrint(QString html)
    {
        html.replace(QStringLiteral("<img width=\"640\""), QStringLiteral("<img width=\"500\""));
        html.replace(QStringLiteral("<img width=\"360\""), QStringLiteral("<img width=\"160\""));
        return html;
    }

} // namespace

void writeManualPdf(const std::string& htmlFile, const std::string& pdfPath)
{
    QFile in(qs(htmlFile));
    if (!in.open(QIODevice::ReadOnly))
        fail(htmlFile, "cannot read the HTML manual");
    const QString html = QString::fromUtf8(in.readAll());
    const std::unique_ptr<QGuiApplication> app = startHeadlessGui();
    const QString tmp = qs(pdfPath) + QStringLiteral(".part");
    {
        QPdfWriter writer(tmp);
        writer.setPageSize(QPageSize(QPageSize::A4));
        writer.setPageMargins(QMarginsF(15, 15, 15, 15), QPageLayout::Millimeter);
        const auto title = QRegularExpression(QStringLiteral("<title>([^<]*)</title>")).match(html);
        writer.setTitle(title.hasMatch() ? title.captured(1) : QStringLiteral("Lossless Fabric Planner manual"));
        writer.setCreator(QStringLiteral("Lossless Fabric Planner"));
        QTextDocument td;
        td.setDefaultFont(pdfTextFont(9));
        // Relative image paths ("../images/x.png") resolve against the page's own folder. The document URL,
        // not only the base URL: print() lays out a clone, which keeps the document URL and loses the base
        // URL (Qt 6.4, QTextDocument::clone), so with the base URL alone the PDF had no pictures.
        const QUrl page = QUrl::fromLocalFile(QFileInfo(qs(htmlFile)).absoluteFilePath());
        td.setMetaInformation(QTextDocument::DocumentUrl, page.toString());
        td.setBaseUrl(page.adjusted(QUrl::RemoveFilename));
        td.setHtml(forPrint(html));
        td.print(&writer);
    }
    QFile::remove(qs(pdfPath));
    if (!QFile::rename(tmp, qs(pdfPath))) {
        QFile::remove(tmp);
        fail(pdfPath, "cannot write the PDF (check the directory exists and is writable)");
    }
}

} // namespace lfp
