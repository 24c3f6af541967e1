# The HTML manual (issue 38): docs/*.md rendered by cmark-gfm (GitHub's CommonMark with its table
# extension, Debian package cmark-gfm) and joined into one page per language, OUT/LANGUAGE/index.html,
# with a table of contents. Run with
#   cmake -DCMARK=… -DDOCS=<source>/docs -DOUT=<build>/share/lfp/manual -DLANGUAGE=en|zh_CN
#         -DCHAPTERS=user-guide,formulas,…,zh_CN/findings -DVERSION=… -P manual.cmake
# CHAPTERS are paths under docs/ without ".md", in order. What this script does to cmark-gfm's HTML:
# - every heading gets an id (a chapter's h1: the chapter id, "formats-project-lfp"; below it
#   "<chapter>--<slug>", slug as GitHub makes it for ASCII text: lower case, punctuation dropped,
#   spaces as "-"), and a <a name> for QTextBrowser, which scrolls to names;
# - links between the docs ("formulas.md", "../contract.md", "project-lfp.md#guarantees") become links
#   inside the page; a zh_CN/ document and its English original share one chapter id;
# - images: "images/x.png" (docs/) and "../images/x.png" (docs/zh_CN/) are "../images/x.png" (OUT/images,
#   one copy for both languages) with a width
#   (QTextBrowser has no max-width: 640 px alone, 360 px in a table cell); tables get a border.
# Seconds for the whole docs/ folder (cmark-gfm renders a file in milliseconds).
cmake_minimum_required(VERSION 3.25)

# The chapter id of a path under docs/ ("zh_CN/findings" and "findings" are one chapter).
function(chapter_id path out)
  string(REGEX REPLACE "^zh_CN/" "" p "${path}")
  string(REPLACE "/" "-" p "${p}")
  set(${out} "${p}" PARENT_SCOPE)
endfunction()

# GitHub's heading slug for ASCII text: tags and entities dropped, lower case, ASCII punctuation other
# than "-" and "_" dropped, spaces as "-". Other characters (Chinese) are kept as they are.
function(heading_slug inner out)
  string(REGEX REPLACE "<[^>]*>" "" t "${inner}")
  string(REGEX REPLACE "&[#a-zA-Z0-9]+;" "" t "${t}")
  string(TOLOWER "${t}" t)
  foreach(c "!" "\"" "#" "$" "%" "&" "'" "(" ")" "*" "+" "," "." "/" ":" ";" "<" "=" ">" "?" "@" "[" "]" "^" "`" "{" "|" "}" "~" "\\")
    string(REPLACE "${c}" "" t "${t}")
  endforeach()
  string(STRIP "${t}" t)
  string(REPLACE " " "-" t "${t}")
  set(${out} "${t}" PARENT_SCOPE)
endfunction()

# Gives every <h1>…<h4> of HTML an id; appends "level|id|text" lines (h1, h2) to the TOC variable.
function(add_heading_ids html_var id toc_var)
  set(in "${${html_var}}")
  set(out "")
  set(toc "${${toc_var}}")
  while(TRUE)
    string(REGEX MATCH "<h[1-4]>" open "${in}")
    if(open STREQUAL "")
      break()
    endif()
    string(FIND "${in}" "${open}" at)
    string(SUBSTRING "${open}" 2 1 level)
    string(SUBSTRING "${in}" 0 ${at} before)
    string(APPEND out "${before}")
    math(EXPR from "${at} + 4")
    string(SUBSTRING "${in}" ${from} -1 in)
    string(FIND "${in}" "</h${level}>" close)
    string(SUBSTRING "${in}" 0 ${close} inner)
    math(EXPR from "${close} + 5")
    string(SUBSTRING "${in}" ${from} -1 in)
    if(level EQUAL 1)
      set(hid "${id}")
    else()
      heading_slug("${inner}" slug)
      set(hid "${id}--${slug}")
    endif()
    string(APPEND out "<h${level} id=\"${hid}\"><a name=\"${hid}\"></a>${inner}</h${level}>")
    if(level LESS_EQUAL 2)
      string(REGEX REPLACE "<[^>]*>" "" plain "${inner}")
      string(APPEND toc "${level}|${hid}|${plain}\n")
    endif()
  endwhile()
  string(APPEND out "${in}")
  set(${html_var} "${out}" PARENT_SCOPE)
  set(${toc_var} "${toc}" PARENT_SCOPE)
endfunction()

# Links to other documents of the manual become anchors of this page; links within a document get its
# chapter prefix. CHAPTER is the document's path under docs/ (for relative links), IDS the chapter ids.
function(rewrite_links html_var chapter ids)
  set(html "${${html_var}}")
  get_filename_component(dir "${chapter}" DIRECTORY)
  chapter_id("${chapter}" self)
  string(REPLACE "href=\"#" "href=\"#${self}--" html "${html}")
  string(REGEX MATCHALL "href=\"[^\"#:]*\\.md(#[^\"]*)?\"" links "${html}")
  list(REMOVE_DUPLICATES links)
  foreach(link IN LISTS links)
    string(REGEX REPLACE "^href=\"([^\"#]*)\\.md(#[^\"]*)?\"$" "\\1" target "${link}")
    string(REGEX REPLACE "^href=\"[^\"#]*\\.md#?([^\"]*)\"$" "\\1" anchor "${link}")
    if(dir STREQUAL "")
      set(path "${target}")
    else()
      set(path "${dir}/${target}")
    endif()
    cmake_path(NORMAL_PATH path)
    chapter_id("${path}" tid)
    if(NOT tid IN_LIST ids)
      continue()
    endif()
    if(anchor STREQUAL "")
      string(REPLACE "${link}" "href=\"#${tid}\"" html "${html}")
    else()
      string(REPLACE "${link}" "href=\"#${tid}--${anchor}\"" html "${html}")
    endif()
  endforeach()
  set(${html_var} "${html}" PARENT_SCOPE)
endfunction()

# Pictures from the shared images folder, sized for QTextBrowser; bordered tables.
function(fix_images_tables html_var)
  set(html "${${html_var}}")
  # docs/x.md writes images/…, docs/zh_CN/x.md ../images/…: both are ../images/… from OUT/LANGUAGE/.
  string(REPLACE "<img src=\"images/" "<img src=\"../images/" html "${html}")
  string(REPLACE "<td><img src=\"../images/" "<td><img width=\"360\" src=\"../images/" html "${html}")
  string(REPLACE "<img src=\"../images/" "<img width=\"640\" src=\"../images/" html "${html}")
  string(REPLACE "<table>" "<table border=\"1\" cellspacing=\"0\" cellpadding=\"4\">" html "${html}")
  set(${html_var} "${html}" PARENT_SCOPE)
endfunction()

# The table of contents from the "level|id|text" lines.
function(toc_html toc out)
  set(h "<div class=\"toc\">\n<ul>\n")
  string(REPLACE "\n" ";" lines "${toc}")
  set(open FALSE)
  foreach(line IN LISTS lines)
    if(line STREQUAL "")
      continue()
    endif()
    string(REGEX REPLACE "^([12])\\|([^|]*)\\|(.*)$" "\\1" level "${line}")
    string(REGEX REPLACE "^([12])\\|([^|]*)\\|(.*)$" "\\2" hid "${line}")
    string(REGEX REPLACE "^([12])\\|([^|]*)\\|(.*)$" "\\3" text "${line}")
    if(level EQUAL 1)
      if(open)
        string(APPEND h "</ul></li>\n")
      endif()
      string(APPEND h "<li><a href=\"#${hid}\"><b>${text}</b></a><ul>\n")
      set(open TRUE)
    else()
      string(APPEND h "<li><a href=\"#${hid}\">${text}</a></li>\n")
    endif()
  endforeach()
  if(open)
    string(APPEND h "</ul></li>\n")
  endif()
  string(APPEND h "</ul>\n</div>\n")
  set(${out} "${h}" PARENT_SCOPE)
endfunction()

foreach(v CMARK DOCS OUT LANGUAGE CHAPTERS)
  if(NOT DEFINED ${v})
    message(FATAL_ERROR "manual.cmake: -D${v}=… is required")
  endif()
endforeach()

string(REPLACE "," ";" CHAPTERS "${CHAPTERS}") # a comma-separated list on the command line
set(ids "")
foreach(chapter IN LISTS CHAPTERS)
  chapter_id("${chapter}" id)
  list(APPEND ids "${id}")
endforeach()

set(body "")
set(toc "")
foreach(chapter IN LISTS CHAPTERS)
  execute_process(COMMAND "${CMARK}" -e table -e autolink -e strikethrough --unsafe "${DOCS}/${chapter}.md"
    OUTPUT_VARIABLE html RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "manual.cmake: cmark-gfm failed on ${DOCS}/${chapter}.md (${rc})")
  endif()
  chapter_id("${chapter}" id)
  add_heading_ids(html "${id}" toc)
  rewrite_links(html "${chapter}" "${ids}")
  fix_images_tables(html)
  string(APPEND body "<div class=\"chapter\" id=\"chapter-${id}\">\n${html}</div>\n<hr/>\n")
endforeach()
toc_html("${toc}" contents)

if(LANGUAGE STREQUAL "zh_CN")
  set(title "Lossless Fabric Planner 用户手册")
  set(contents_title "目录")
  set(lang_attr "zh-CN")
else()
  set(title "Lossless Fabric Planner manual")
  set(contents_title "Contents")
  set(lang_attr "en")
endif()
file(MAKE_DIRECTORY "${OUT}/${LANGUAGE}")
file(WRITE "${OUT}/${LANGUAGE}/index.html.part" "<!DOCTYPE html>
<html lang=\"${lang_attr}\">
<head>
<meta charset=\"utf-8\"/>
<meta name=\"generator\" content=\"cmake/manual.cmake (cmark-gfm) from docs/\"/>
<title>${title} ${VERSION}</title>
<style>
body { font-family: sans-serif; max-width: 60em; margin: 1em auto; padding: 0 1em; line-height: 1.4; }
code, pre { font-family: monospace; }
pre { background: #f4f4f4; padding: 0.5em; }
table { border-collapse: collapse; }
td, th { vertical-align: top; }
img { max-width: 100%; height: auto; }
</style>
</head>
<body>
<p class=\"version\">${title} ${VERSION}</p>
<h2 id=\"contents\"><a name=\"contents\"></a>${contents_title}</h2>
${contents}<hr/>
${body}</body>
</html>
")
file(RENAME "${OUT}/${LANGUAGE}/index.html.part" "${OUT}/${LANGUAGE}/index.html")
