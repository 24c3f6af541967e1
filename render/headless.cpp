// SPDX-License-Identifier: GPL-3.0-or-later
#include "render/headless.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QFontDatabase>
#include <QTemporaryDir>

namespace lfp {

void ensureRuntimeDirectory()
{
    if (!qEnvironmentVariableIsEmpty("XDG_RUNTIME_DIR"))
        return;
    // QTemporaryDir creates the directory with mode 0700, as the XDG Base Directory Specification asks
    // of the runtime directory; it is removed when the program exits.
    static QTemporaryDir runtime(QDir::tempPath() + QStringLiteral("/lfp-runtime-XXXXXX"));
    if (runtime.isValid())
        qputenv("XDG_RUNTIME_DIR", QFile::encodeName(runtime.path()));
}

std::unique_ptr<QGuiApplication> startHeadlessGui()
{
    if (QCoreApplication::instance())
        return nullptr;
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    ensureRuntimeDirectory();
    static int argc = 1;
    static char name[] = "lfp";
    static char* argv[] = { name, nullptr };
    return std::make_unique<QGuiApplication>(argc, argv);
}

std::string pdfCjkFontFile()
{
    // WenQuanYi Micro Hei first: a TrueType font whose character map has no Kangxi radicals, so Qt's PDF
    // text layer maps each Han glyph back to its own character. Noto Sans CJK maps 目 (U+76EE) and the
    // Kangxi radical ⽬ (U+2F6C) to one glyph, and Qt's text layer then writes the radical (issue 38).
    for (const char* f : { "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc", "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
             "/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc" })
        if (QFileInfo::exists(QString::fromLatin1(f)))
            return f;
    return {};
}

QFont pdfTextFont(double pointSize)
{
    QString family;
    if (const std::string cjk = pdfCjkFontFile(); !cjk.empty()) {
        const int id = QFontDatabase::addApplicationFont(QString::fromStdString(cjk));
        const QStringList fams = QFontDatabase::applicationFontFamilies(id);
        for (const auto& f : fams)
            if (f == QStringLiteral("WenQuanYi Micro Hei") || f == QStringLiteral("Noto Sans CJK SC") || f == QStringLiteral("Noto Serif CJK SC"))
                family = f;
        if (family.isEmpty() && !fams.isEmpty())
            family = fams.front();
    }
    QFont font;
    font.setFamilies(family.isEmpty() ? QStringList { QStringLiteral("DejaVu Sans") } : QStringList { QStringLiteral("DejaVu Sans"), family });
    font.setPointSizeF(pointSize);
    font.setStyleStrategy(QFont::PreferNoShaping);
    return font;
}

} // namespace lfp
