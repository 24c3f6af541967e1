# Fails when a layer includes what it must not (docs/architecture.md):
#   model/      nothing of ours but model/, no Qt
#   planner/    model/ and planner/, no Qt
#   importers/  model/ and importers/, no Qt
#   exporters/  model/, planner/ and exporters/, no Qt
#   document/   model/, planner/, importers/, exporters/, document/; Qt Core and Gui's undo stack
#               (QUndoStack, QUndoCommand), no Qt Gui rendering, no Qt Widgets
#   render/     model/, planner/, exporters/, render/; Qt Core and Qt Gui (the PDF renderer), no Widgets
#   cli/        anything but gui/; no Qt Gui rendering, no Qt Widgets
# Qt Gui rendering (QtGui/, QPainter, QPdfWriter, QImage, QTextDocument, QFont, …) is allowed only in
# render/ and gui/ (gui/ is not checked), so `lfp` commands other than PDF output need no Qt Gui.
# Run: cmake -DSOURCE_DIR=<repo> -P check_layers.cmake
set(layers model planner importers exporters document render cli)
set(allowed_model model)
set(allowed_planner model planner)
set(allowed_importers model importers)
set(allowed_exporters model planner exporters)
set(allowed_document model planner importers exporters document)
set(allowed_render model planner exporters render)
set(allowed_cli model planner importers exporters document render cli)
set(qtfree model planner importers exporters)
set(qtgui render) # the only checked layer that may include Qt Gui rendering
set(ours model planner importers exporters document render cli gui)
set(widgets QtWidgets QWidget QMainWindow QDialog QApplication QAbstractButton QLabel QPushButton QGraphics QTreeView QTableView QMenu QAction QDockWidget QLineEdit)
# Qt Gui's classes that render or describe rendering (Qt 6 QtGui module). QUndoStack/QUndoCommand are
# in QtGui too, but draw nothing: document/ keeps its undo stack.
set(guiRendering QtGui/ QGuiApplication QPainter QPdfWriter QPagedPaintDevice QPageSize QPageLayout QImage QPixmap QPicture
  QBitmap QIcon QFont QFontDatabase QFontMetrics QColor QPen QBrush QPalette QTextDocument QTextCursor QTextFormat
  QTextCharFormat QTextBlock QTextLayout QTextOption QAbstractTextDocumentLayout QPainterPath QPolygon QTransform QRegion
  QWindow QScreen QOpenGL QSvg QClipboard QCursor QDesktopServices QGradient QLinearGradient QKeySequence
  QStandardItemModel QValidator QIntValidator QDoubleValidator QRegularExpressionValidator QTextBrowser QStaticText)

set(problems "")
set(checked 0)
foreach(layer ${layers})
  file(GLOB_RECURSE files "${SOURCE_DIR}/${layer}/*.h" "${SOURCE_DIR}/${layer}/*.cpp")
  foreach(f ${files})
    math(EXPR checked "${checked} + 1")
    file(STRINGS "${f}" includes REGEX "^[ \t]*#[ \t]*include[ \t]*[<\"]")
    file(RELATIVE_PATH rel "${SOURCE_DIR}" "${f}")
    foreach(line ${includes})
      string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*[<\"]([^>\"]+)[>\"].*$" "\\1" inc "${line}")
      # Our own headers: the first path component names the layer.
      if(inc MATCHES "^([a-z]+)/")
        set(top "${CMAKE_MATCH_1}")
        list(FIND ours "${top}" isOurs)
        if(NOT isOurs EQUAL -1)
          list(FIND allowed_${layer} "${top}" ok)
          if(ok EQUAL -1)
            string(APPEND problems "\n  ${rel}: includes ${inc} (${layer}/ may include only: ${allowed_${layer}})")
          endif()
        endif()
      endif()
      # Qt.
      if(inc MATCHES "^Q[A-Za-z]+" OR inc MATCHES "^Qt[A-Za-z]*/")
        list(FIND qtfree "${layer}" isQtFree)
        if(NOT isQtFree EQUAL -1)
          string(APPEND problems "\n  ${rel}: includes ${inc} (${layer}/ uses no Qt)")
        else()
          list(FIND qtgui "${layer}" isQtGui)
          if(isQtGui EQUAL -1)
            foreach(g ${guiRendering})
              if(inc MATCHES "^${g}([./]|$)" OR (g MATCHES "/$" AND inc MATCHES "^${g}"))
                string(APPEND problems "\n  ${rel}: includes ${inc} (Qt Gui rendering only in render/ and gui/)")
                break()
              endif()
            endforeach()
          endif()
          foreach(w ${widgets})
            if(inc MATCHES "^${w}" OR inc MATCHES "^QtWidgets/")
              string(APPEND problems "\n  ${rel}: includes ${inc} (only gui/ uses Qt Widgets)")
              break()
            endif()
          endforeach()
        endif()
      endif()
    endforeach()
  endforeach()
endforeach()
if(NOT DEFINED MIN_FILES)
  set(MIN_FILES 50) # a fixture tree (tests/layering/fixtures) passes -DMIN_FILES=1
endif()
if(checked LESS MIN_FILES)
  message(FATAL_ERROR "layering: only ${checked} files found under ${SOURCE_DIR}")
endif()
if(problems)
  message(FATAL_ERROR "layering rules broken:${problems}")
endif()
message(STATUS "layering: ${checked} files follow the rules")
