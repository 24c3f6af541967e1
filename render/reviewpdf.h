// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file reviewpdf.h
/// The change-review checklist as PDF (docs/review.md): the HTML form (exporters/review.h) laid out by
/// QTextDocument and printed with QPdfWriter, the topology picture drawn with QPainter. Runs headless:
/// without a Qt application it starts a QGuiApplication on the "offscreen" platform. Chinese text uses
/// Noto Sans CJK from Debian's fonts-noto-cjk.

#include "exporters/review.h"

#include <string>

namespace lfp {

/// Writes @p doc (with the topology @p picture) to @p path as an A4 PDF. Throws InputError when the
/// file cannot be written.
void writeReviewPdf(const ReviewDocument& doc, const TopologyPicture& picture, const std::string& path);

/// The file of the CJK font the PDF uses (WenQuanYi Micro Hei, else Noto Sans CJK), or empty when neither
/// fonts-wqy-microhei nor fonts-noto-cjk is installed.
std::string reviewCjkFontFile();

} // namespace lfp
