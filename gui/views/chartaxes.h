// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file chartaxes.h
/// The axes of the horizontal bar charts (the budget chart, the headroom waterfall): categories on the
/// left in small type, so that Qt Charts keeps every bar's name, and a value axis from 0 at the bottom.

#include <QAbstractBarSeries>
#include <QBarCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QValueAxis>

#include <algorithm>

namespace lfp::gui {

/// Shows @p chart in @p view and deletes the chart it showed before. QChartView::setChart() only
/// releases the old chart (Qt 6.4 documentation: "the ownership of the previous chart is released"),
/// so a plain setChart() leaks the view's default chart and every chart replaced after it.
inline void replaceChart(QChartView* view, QChart* chart)
{
    QChart* old = view->chart();
    view->setChart(chart);
    if (old != chart)
        delete old;
}

/// Adds both axes to @p chart and attaches @p series to them: @p categories (one per bar) and values
/// from 0 to @p max × @p headroom (1 when @p max is 0), titled @p unit. @p baseFont sizes the labels
/// (0.82 of it, at least 6.5 pt) and the legend (the same), and the chart's title (@p baseFont's size).
inline void attachBarAxes(QChart* chart, QAbstractBarSeries* series, const QStringList& categories, double max,
    double headroom, const QString& unit, const QFont& baseFont)
{
    auto* axisY = new QBarCategoryAxis;
    axisY->append(categories);
    axisY->setTruncateLabels(false);
    // Small labels so that every bar keeps its name (Qt Charts hides labels that would overlap).
    QFont f = axisY->labelsFont();
    f.setPointSizeF(std::max(6.5, baseFont.pointSizeF() * 0.82));
    axisY->setLabelsFont(f);
    QFont tf = chart->titleFont();
    tf.setPointSizeF(baseFont.pointSizeF());
    chart->setTitleFont(tf);
    // The legend at the labels' size: Qt Charts elides a legend entry it has no room for.
    QFont lf = chart->legend()->font();
    lf.setPointSizeF(f.pointSizeF());
    chart->legend()->setFont(lf);
    auto* axisX = new QValueAxis;
    axisX->setRange(0, max > 0 ? max * headroom : 1);
    axisX->setLabelFormat(QStringLiteral("%.0f"));
    axisX->setTitleText(unit);
    axisX->applyNiceNumbers();
    chart->addAxis(axisY, Qt::AlignLeft);
    chart->addAxis(axisX, Qt::AlignBottom);
    series->attachAxis(axisY);
    series->attachAxis(axisX);
}

} // namespace lfp::gui
