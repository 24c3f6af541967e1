// SPDX-License-Identifier: GPL-3.0-or-later
#include "gui/application.h"
#include "lfp_version.h"

#include "gui/canvas/fabricview.h"
#include "gui/mainwindow.h"
#include "gui/viewjobs.h"
#include "gui/theme.h"
#include "render/headless.h"

#include <QApplication>
#include <QSettings>
#include <QTimer>
#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QFont>
#include <QFontDatabase>
#include <QImage>
#include <QLibraryInfo>
#include <QLocale>
#include <QPixmap>
#include <QTranslator>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <vector>

namespace lfp::gui {

namespace {

    class Text {
        Q_DECLARE_TR_FUNCTIONS(lfp::gui::Application)
    };

    std::vector<std::unique_ptr<QTranslator>>& translators()
    {
        static std::vector<std::unique_ptr<QTranslator>> list;
        return list;
    }
    QString& languageSlot()
    {
        static QString lang = QStringLiteral("en");
        return lang;
    }

    void printErr(const QString& s)
    {
        const QByteArray b = s.toLocal8Bit();
        std::fprintf(stderr, "lfp-planner: %s\n", b.constData());
    }

    /// Prefers a font with CJK coverage for Chinese, so that the UI does not mix fallback fonts.
    void applyFontFor(const QString& lang)
    {
        QFont f = QApplication::font();
        QStringList families { f.family() };
        if (lang.startsWith(QStringLiteral("zh"))) {
            for (const QString& cjk : { QStringLiteral("Noto Sans CJK SC"), QStringLiteral("Noto Sans SC"),
                     QStringLiteral("WenQuanYi Micro Hei"), QStringLiteral("Source Han Sans SC") })
                if (QFontDatabase::hasFamily(cjk)) {
                    families = { cjk };
                    break;
                }
        }
        f.setFamilies(families);
        QApplication::setFont(f);
    }

    bool argvHas(int argc, char** argv, const char* opt)
    {
        const std::size_t len = std::strlen(opt);
        for (int i = 1; i < argc; ++i)
            if (std::strcmp(argv[i], opt) == 0 || (std::strncmp(argv[i], opt, len) == 0 && argv[i][len] == '='))
                return true;
        return false;
    }

    /// Value of --lang from the raw arguments (needed before the parser, whose texts are translated).
    QString langArgument(const QStringList& args)
    {
        for (qsizetype i = 1; i < args.size(); ++i) {
            if (args[i] == QStringLiteral("--lang") && i + 1 < args.size())
                return args[i + 1];
            if (args[i].startsWith(QStringLiteral("--lang=")))
                return args[i].mid(7);
        }
        return {};
    }

} // namespace

QString currentLanguage() { return languageSlot(); }

bool installTranslations(const QString& requested)
{
    for (auto& t : translators())
        QCoreApplication::removeTranslator(t.get());
    translators().clear();
    languageSlot() = QStringLiteral("en");

    const QLocale locale = requested.isEmpty() ? QLocale::system() : QLocale(requested);
    const bool english = locale.language() == QLocale::English || locale.language() == QLocale::C;
    const bool isQApp = qobject_cast<QApplication*>(QCoreApplication::instance()) != nullptr;
    if (!english) {
        auto lfp = std::make_unique<QTranslator>();
        if (lfp->load(locale, QStringLiteral("lfp"), QStringLiteral("_"), QStringLiteral(":/i18n"))) {
            languageSlot() = lfp->language();
            QCoreApplication::installTranslator(lfp.get());
            translators().push_back(std::move(lfp));
            // Qt's own strings (dialog buttons, context menus), when the distribution ships them.
            auto qt = std::make_unique<QTranslator>();
            if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"), QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
                QCoreApplication::installTranslator(qt.get());
                translators().push_back(std::move(qt));
            }
            if (isQApp)
                applyFontFor(languageSlot());
            return true;
        }
    }
    // English is the source language; its .qm only carries the plural forms ("1 link", "4 links").
    auto en = std::make_unique<QTranslator>();
    if (en->load(QStringLiteral(":/i18n/lfp_en.qm"))) {
        QCoreApplication::installTranslator(en.get());
        translators().push_back(std::move(en));
    }
    if (isQApp)
        applyFontFor(languageSlot());
    // A system locale we have no translation for is not an error; an explicit request is.
    const bool explicitEnglish = requested == QStringLiteral("C") || requested.startsWith(QStringLiteral("en"));
    return requested.isEmpty() || explicitEnglish || (english && locale.language() == QLocale::English);
}

int renderScreenshot(const QString& pngPath, const QString& project, std::optional<int> revision, QSize size, QString* error,
    const ScreenshotView& view)
{
    MainWindow w;
    w.setQuiet(true);
    if (project.isEmpty()) {
        w.openExample();
    } else if (!w.openFile(project, revision)) {
        if (error)
            *error = w.lastError();
        return kExitUsage;
    }
    w.setAttribute(Qt::WA_DontShowOnScreen);
    w.resize(size);
    w.show();
    for (int i = 0; i < 5; ++i)
        QCoreApplication::processEvents();
    // The findings belong in the picture: wait for the background checks.
    if (!w.waitForChecks(120000)) {
        if (error)
            *error = Text::tr("the checks did not finish within 120 s");
        return kExitUsage;
    }
    if (!view.select.isEmpty() && !w.selectObject(view.select)) {
        if (error)
            *error = Text::tr("no node or port \"%1\" in the fabric").arg(view.select);
        return kExitUsage;
    }
    if (!view.finding.isEmpty() && !w.selectFinding(view.finding)) {
        if (error)
            *error = Text::tr("no finding with code %1").arg(view.finding);
        return kExitUsage;
    }
    if (!view.dock.isEmpty() && !w.raiseDock(view.dock)) {
        if (error)
            *error = Text::tr("--dock expects findings, headroom or budget, got \"%1\"").arg(view.dock);
        return kExitUsage;
    }
    for (int i = 0; i < 3; ++i)
        QCoreApplication::processEvents();
    w.view()->fitAll();
    if (!view.view.isEmpty() && !w.showView(view.view)) {
        if (error)
            *error = Text::tr("--view expects one of %1, got \"%2\"").arg(w.viewNames().join(QStringLiteral(", ")), view.view);
        return kExitUsage;
    }
    for (int i = 0; i < 5; ++i)
        QCoreApplication::processEvents();
    // The view pictured shows its finished result, not "Computing…": wait for every view's job.
    if (!waitForViewJobs(&w, 120000)) {
        if (error)
            *error = Text::tr("the views did not finish within 120 s");
        return kExitUsage;
    }
    QCoreApplication::processEvents();
    const QPixmap pm = w.grab();
    w.close();
    if (pm.isNull() || !pm.save(pngPath, "PNG")) {
        if (error)
            *error = Text::tr("cannot write the screenshot to %1").arg(pngPath);
        return kExitUsage;
    }
    return kExitOk;
}

namespace {
    QtMessageHandler g_previousHandler = nullptr;

    /// Drops the offscreen platform's "This plugin does not support propagateSizeHints()" (Qt 6.4,
    /// qplatformwindow.cpp: the default QPlatformWindow::propagateSizeHints warns on every window whose
    /// size constraints change; the offscreen plugin has nothing to propagate them to) — noise on the
    /// terminal of `--screenshot`, nothing the user can act on. Every other message goes on.
    void quietOffscreen(QtMsgType type, const QMessageLogContext& context, const QString& message)
    {
        if (type == QtWarningMsg && message == QLatin1String("This plugin does not support propagateSizeHints()"))
            return;
        if (g_previousHandler)
            g_previousHandler(type, context, message);
    }
} // namespace

int runPlanner(int argc, char** argv)
{
    // Modes that never need a screen work without one.
    const bool headless = argvHas(argc, argv, "--screenshot") || argvHas(argc, argv, "--help") || argvHas(argc, argv, "-h")
        || argvHas(argc, argv, "--version") || argvHas(argc, argv, "-v");
    if (headless && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && qEnvironmentVariableIsEmpty("DISPLAY")
        && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY"))
        qputenv("QT_QPA_PLATFORM", "offscreen");

    // A private XDG_RUNTIME_DIR when none is set, as lfp does (render/headless.h): no Qt warning on stderr.
    ensureRuntimeDirectory();
    QApplication app(argc, argv);
    if (QGuiApplication::platformName() == QLatin1String("offscreen"))
        g_previousHandler = qInstallMessageHandler(quietOffscreen);
    QCoreApplication::setOrganizationName(QStringLiteral("LFP"));
    QCoreApplication::setApplicationName(QStringLiteral("lfp-planner"));
    QCoreApplication::setApplicationVersion(QStringLiteral(LFP_VERSION));

    // --lang, else the language chosen in View ▸ Language (QSettings "ui/language"), else the
    // system locale. Screenshots ignore the saved choice, so that they are the same on every machine.
    QString lang = langArgument(QCoreApplication::arguments());
    if (lang.isEmpty() && !argvHas(argc, argv, "--screenshot"))
        lang = QSettings().value(QStringLiteral("ui/language")).toString();
    if (!installTranslations(lang))
        printErr(Text::tr("no translation for language \"%1\"; using English").arg(lang));

    QCommandLineParser parser;
    parser.setApplicationDescription(Text::tr("Lossless Fabric Planner: plans lossless RDMA fabrics (RoCEv2, InfiniBand)."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption screenshotOpt(QStringLiteral("screenshot"),
        Text::tr("Render the main window to a PNG file and exit."), Text::tr("file"));
    const QCommandLineOption sizeOpt(QStringLiteral("size"), Text::tr("Window size for --screenshot (default 1400x900)."),
        Text::tr("WxH"), QStringLiteral("1400x900"));
    const QCommandLineOption revisionOpt(QStringLiteral("revision"),
        Text::tr("Open revision N of a .lfp project (default: the latest)."), Text::tr("N"));
    const QCommandLineOption langOpt(QStringLiteral("lang"),
        Text::tr("User interface language: zh_CN or en (default: the system locale)."), Text::tr("locale"));
    const QCommandLineOption selectOpt(QStringLiteral("select"),
        Text::tr("With --screenshot: select a node or port (leaf1, leaf1:Ethernet0) first."), Text::tr("object"));
    const QCommandLineOption findingOpt(QStringLiteral("finding"),
        Text::tr("With --screenshot: select the first finding with this code, highlighting its objects."), Text::tr("code"));
    const QCommandLineOption dockOpt(QStringLiteral("dock"),
        Text::tr("With --screenshot: the panel in front: findings, headroom or budget."), Text::tr("panel"));
    const QCommandLineOption viewOpt(QStringLiteral("view"),
        Text::tr("Open a view: %1 (with --screenshot: the one pictured).").arg(MainWindow::declaredViewNames().join(QStringLiteral(", "))),
        Text::tr("view"));
    const QCommandLineOption paletteOpt(QStringLiteral("palette"),
        Text::tr("Colour palette: dark, light or auto (follow the desktop; default: the last choice in View > Theme, for --screenshot auto)."),
        Text::tr("palette"));
    parser.addOptions({ screenshotOpt, sizeOpt, revisionOpt, langOpt, selectOpt, findingOpt, dockOpt, viewOpt, paletteOpt });
    parser.addPositionalArgument(QStringLiteral("project"), Text::tr("A project (.lfp) or fabric file (.json) to open."),
        Text::tr("[PROJECT]"));

    if (!parser.parse(QCoreApplication::arguments())) {
        printErr(parser.errorText());
        return kExitUsage;
    }
    if (parser.isSet(QStringLiteral("help")))
        parser.showHelp(kExitOk);
    if (parser.isSet(QStringLiteral("version")))
        parser.showVersion();

    const QStringList positional = parser.positionalArguments();
    if (positional.size() > 1) {
        printErr(Text::tr("expected at most one project file, got %1").arg(positional.size()));
        return kExitUsage;
    }
    const QString project = positional.value(0);
    std::optional<int> revision;
    if (parser.isSet(revisionOpt)) {
        bool ok = false;
        const int n = parser.value(revisionOpt).toInt(&ok);
        if (!ok || n <= 0) {
            printErr(Text::tr("--revision expects a positive number, got \"%1\"").arg(parser.value(revisionOpt)));
            return kExitUsage;
        }
        if (project.isEmpty()) {
            printErr(Text::tr("--revision needs a project file"));
            return kExitUsage;
        }
        revision = n;
    }

    // The desktop's palette, before any is installed: "auto" returns to it.
    Theme::captureSystemPalette();
    std::optional<Theme::Mode> palette;
    if (parser.isSet(paletteOpt)) {
        palette = Theme::fromString(parser.value(paletteOpt));
        if (!palette) {
            printErr(Text::tr("--palette expects dark, light or auto, got \"%1\"").arg(parser.value(paletteOpt)));
            return kExitUsage;
        }
    }
    // A screenshot is reproducible: the saved choice does not apply to it, only --palette.
    Theme::apply(palette.value_or(parser.isSet(screenshotOpt) ? Theme::Mode::Auto : Theme::savedMode()));

    if (parser.isSet(screenshotOpt)) {
        const QStringList wh = parser.value(sizeOpt).split(QLatin1Char('x'));
        const QSize size = wh.size() == 2 ? QSize(wh[0].toInt(), wh[1].toInt()) : QSize();
        if (size.width() < 200 || size.height() < 150 || size.width() > 10000 || size.height() > 10000) {
            printErr(Text::tr("--size expects WIDTHxHEIGHT, e.g. 1400x900, got \"%1\"").arg(parser.value(sizeOpt)));
            return kExitUsage;
        }
        QString error;
        const ScreenshotView view { parser.value(selectOpt), parser.value(findingOpt), parser.value(dockOpt), parser.value(viewOpt) };
        const int rc = renderScreenshot(parser.value(screenshotOpt), project, revision, size, &error, view);
        if (rc != kExitOk)
            printErr(error);
        return rc;
    }

    MainWindow w;
    w.openExample();
    w.show();
    if (!project.isEmpty())
        w.openFile(project, revision); // offers the unsaved changes a crash left for it
    else
        QTimer::singleShot(0, &w, [&w] { w.offerRecovery({}); }); // those of an untitled fabric
    if (parser.isSet(viewOpt) && !w.showView(parser.value(viewOpt)))
        printErr(Text::tr("--view expects one of %1, got \"%2\"").arg(w.viewNames().join(QStringLiteral(", ")), parser.value(viewOpt)));
    return QApplication::exec();
}

} // namespace lfp::gui
