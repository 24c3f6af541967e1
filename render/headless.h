// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file headless.h
/// What every Qt Gui program of LFP does before it renders without a desktop: `lfp review -o x.pdf`,
/// `lfp manual-pdf` and `lfp-planner` (issue 38, "no XDG_RUNTIME_DIR warning on stderr"), and the PDF
/// text font shared by the review PDF and the manual PDF.

#include <QFont>
#include <QGuiApplication>

#include <memory>
#include <string>

namespace lfp {

/// When XDG_RUNTIME_DIR is unset (a cron job, a container, `env -i`), points it at a private directory
/// of our own (mode 0700, removed at exit): what Qt would want, so that Qt does not warn
/// "QStandardPaths: XDG_RUNTIME_DIR not set" on stderr. Call before the Q(Gui)Application exists.
void ensureRuntimeDirectory();

/// A QGuiApplication on the "offscreen" platform (unless QT_QPA_PLATFORM says otherwise) when no Qt
/// application exists yet; null when one does. Keep it alive while rendering.
std::unique_ptr<QGuiApplication> startHeadlessGui();

/// The file of the CJK font the PDFs use (WenQuanYi Micro Hei, else Noto Sans CJK), or empty when
/// neither fonts-wqy-microhei nor fonts-noto-cjk is installed.
std::string pdfCjkFontFile();

/// The default font of a PDF text document at @p pointSize: DejaVu Sans for Latin text and digits, the
/// CJK font (pdfCjkFontFile(), registered with the application) for Chinese, no ligatures. With the
/// CJK (CFF) font for every character Qt 6.4's PDF text layer lost digits ("leaf , spine" for
/// "leaf1, spine1" in pdftotext; issue 38), and ligatures extract as U+FB01 instead of "fi".
QFont pdfTextFont(double pointSize);

} // namespace lfp
