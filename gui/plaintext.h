// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file plaintext.h
/// Names from input files are data, never markup (issue 36 F12). A QLabel and a tooltip guess rich text
/// (Qt::mightBeRichText) from what they are given: a node named `<font color=red size=6>leaf9 OK</font>`
/// would render as big red text and `<img src=…>` would load a local file — spoofing in a review tool.
/// Every label of the GUI is made by plainLabel() (plain text; the two that show markup of our own set
/// Qt::RichText and escape every name they embed), and every tooltip that carries a name goes through
/// plainTip().

#include <QLabel>
#include <QString>

namespace lfp::gui {

/// A label that shows its text as it is.
inline QLabel* plainLabel(const QString& text, QWidget* parent = nullptr)
{
    auto* l = new QLabel(text, parent);
    l->setTextFormat(Qt::PlainText);
    return l;
}
inline QLabel* plainLabel(QWidget* parent = nullptr) { return plainLabel(QString(), parent); }

/// A tooltip that shows @p s as it is: text Qt would take for markup is escaped into a pre-formatted
/// paragraph; everything else is returned unchanged.
inline QString plainTip(const QString& s)
{
    if (!Qt::mightBeRichText(s))
        return s;
    return QStringLiteral("<p style='white-space:pre-wrap'>") + s.toHtmlEscaped() + QStringLiteral("</p>");
}

} // namespace lfp::gui
