// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "PatchSet.h"

namespace tileport::llm {

// The strict output contract of a repair agent. A reply may hold prose,
// but its changes are only:
//   ```diff            a unified diff, paths relative to the session
//   ```file:PATH       the whole new content of PATH
// Any other fenced block (```rust without a path, ```bash ...) rejects the
// reply, and so does a fence that asks to run a command, an unterminated
// fence, or a reply with no change at all. The result is data: nothing in
// it is ever executed.
class ReplyContract
{
public:
    struct Result {
        bool ok = false;
        QString reason;            // why it was rejected
        patch::PatchSet patches;
    };

    static Result parse(const QString &reply);
    // The text that explains the contract to the model.
    static QString instructions();
};

} // namespace tileport::llm
