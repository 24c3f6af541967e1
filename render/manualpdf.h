// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file manualpdf.h
/// The manual as PDF (issue 38): the one-page HTML manual that cmake/manual.cmake makes from docs/
/// (OUT/LANGUAGE/index.html) laid out by QTextDocument and printed with QPdfWriter, as the review PDF
/// is (render/reviewpdf.h: the same fonts, so the text layer keeps digits and Chinese). `lfp manual-pdf`
/// (hidden; the build's target lfp_manual_pdf) calls it.

#include <string>

namespace lfp {

/// Prints @p htmlFile to @p pdfPath (A4; images resolved against the HTML file's folder, scaled to the
/// text width). Written to a temporary file and renamed. Throws InputError when the HTML cannot be read
/// or the PDF cannot be written.
void writeManualPdf(const std::string& htmlFile, const std::string& pdfPath);

} // namespace lfp
