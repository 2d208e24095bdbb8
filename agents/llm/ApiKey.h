// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QString>

namespace tileport::llm {

// Where the model API key comes from: the TILEPORT_API_KEY environment
// variable first, then the system keychain (service "TilePort", entry
// "model-api-key", the name the IDE's settings store it under). The key
// itself is never logged; callers report only `source`.
class ApiKey
{
public:
    static constexpr const char *kEnvVar = "TILEPORT_API_KEY";
    static constexpr const char *kService = "TilePort";
    static constexpr const char *kEntry = "model-api-key";

    // The key, or an empty string with `error` saying why. `source` is
    // "environment" or "keychain". Reading the keychain runs a local event
    // loop (at most `keychainTimeoutMs`), so call it from a thread that may
    // block: the CLI's main thread or a job.
    static QString load(QString *source, QString *error, int keychainTimeoutMs = 5000);
};

} // namespace tileport::llm
