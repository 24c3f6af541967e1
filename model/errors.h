// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file errors.h
/// Errors of bad input. Every one can say where it happened (file, line, column, JSON path or field)
/// and what was expected, so that a user can fix the input without reading our code.

#include <stdexcept>
#include <string>

namespace lfp {

/// Where in an input something was found. Empty/zero members are unknown and left out of messages.
struct SourceLocation {
    std::string file;
    int line = 0; ///< 1-based, 0 = unknown
    int column = 0; ///< 1-based, 0 = unknown
    std::string path; ///< JSON path ("/nodes/3/ports/0/speed") or field name
};

/// Bad input: a file that cannot be read, a field of the wrong form, a value out of range.
class InputError : public std::runtime_error {
public:
    InputError(SourceLocation where, std::string what);
    [[nodiscard]] const SourceLocation& where() const { return m_where; }
    [[nodiscard]] const std::string& detail() const { return m_detail; }
    /// Returns a copy with the file name (and, when missing, line/column) filled in.
    [[nodiscard]] InputError withFile(const std::string& file) const;

private:
    SourceLocation m_where;
    std::string m_detail;
};

/// A unit text that does not parse ("100Gb", "5 meters"). The message lists the accepted forms.
class UnitError : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

/// Formats "file:line:column: path: detail" leaving out what is unknown.
std::string formatLocation(const SourceLocation& where);

} // namespace lfp
