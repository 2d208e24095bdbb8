// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "ModelReply.h"
#include "PatchSet.h"

#include <QJsonArray>
#include <QMetaType>

namespace tileport::llm {

// How one repair attempt ended, and what it left in the session.
struct RepairOutcome {
    enum class Kind {
        Validated,    // applied, and the stage's validators pass
        Rejected,     // the answer broke the contract, did not apply, or failed the validators (files restored)
        Unreachable,  // the endpoint could not be reached or did not answer
        Error         // the session or the request could not be prepared
    };
    Kind kind = Kind::Error;
    QString reason;
    int attempt = 0;
    QString patchText;          // the accepted changes as a unified diff
    patch::PatchSet patches;
    QList<patch::FileBackup> before; // with Validated: the files as they were before the patch
    QJsonArray gate;            // [{stage, verdict, reason}] after the patch
    QString record;             // reports/repair_X.attemptN.json, relative to the run
    ModelReply reply;

    static QString kindName(Kind k)
    {
        switch (k) {
        case Kind::Validated: return QStringLiteral("VALIDATED");
        case Kind::Rejected: return QStringLiteral("REJECTED");
        case Kind::Unreachable: return QStringLiteral("UNREACHABLE");
        case Kind::Error: return QStringLiteral("ERROR");
        }
        return {};
    }
};

} // namespace tileport::llm

Q_DECLARE_METATYPE(tileport::llm::RepairOutcome)
