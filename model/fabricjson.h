// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file fabricjson.h
/// The native JSON format ("format": "lfp-fabric"), documented in docs/formats/fabric-json.md.
/// Reading is strict: unknown fields, wrong types and bad units are errors that name the line, column
/// and JSON path of the bad field and what was expected. Writing then reading gives back an equal
/// Fabric.

#include "fabric.h"
#include "fileio.h"
#include "jsontext.h"

#include <nlohmann/json_fwd.hpp>
#include <string>
#include <string_view>

namespace lfp {

inline constexpr int kFabricFormatVersion = 1;
inline constexpr const char* kFabricFormatName = "lfp-fabric";

/// Parses the text of a fabric file. @p fileName is used in error messages only.
/// Throws InputError (file:line:column: /json/path: what was found, what was expected).
Fabric fabricFromJsonText(std::string_view text, const std::string& fileName = {});
/// The strict reader alone (nlohmann DOM), which fabricFromJsonText falls back to whenever its fast
/// path (simdjson) does not accept a file; exposed so tests can check both give the same fabric.
Fabric strictFabricFromJsonText(std::string_view text, const std::string& fileName = {});
/// Reads a fabric file. Throws InputError.
Fabric readFabricJson(const std::string& path);

/// The fabric as JSON text (2-space indent, stable key order).
std::string fabricToJsonText(const Fabric& fabric);
/// The fabric as compact JSON text, byte for byte `fabricToJson(fabric).dump()` (what a project
/// revision stores), written without building the JSON document.
std::string fabricToCompactJsonText(const Fabric& fabric);
/// Writes atomically: to a temporary file beside @p path, then renamed over it. Throws InputError
/// when the file cannot be written; an existing file is then left as it was.
void writeFabricJson(const Fabric& fabric, const std::string& path);

/// Building blocks shared with the project store and the ASIC catalogue.
nlohmann::json fabricToJson(const Fabric& fabric);
Fabric fabricFromJson(const nlohmann::json& j); ///< throws InputError with a JSON path, no line
nlohmann::json asicToJson(const AsicProfile& a);
AsicProfile asicFromJson(const nlohmann::json& j, const std::string& path = {});
nlohmann::json policyToJson(const QosPolicy& p);
QosPolicy policyFromJson(const nlohmann::json& j, const std::string& path = {});
/// An InfiniBand QoS policy (qos.h IbQosPolicy; docs/formats/fabric-json.md "ib_qos").
nlohmann::json ibQosToJson(const IbQosPolicy& p);
IbQosPolicy ibQosFromJson(const nlohmann::json& j, const std::string& path = {});

} // namespace lfp
