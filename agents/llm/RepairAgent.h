// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "ModelEndpoint.h"
#include "ReplyContract.h"

#include <QChar>
#include <QStringList>

#include <optional>

namespace tileport {
class Session;
}

namespace tileport::llm {

// One repair agent per stage role: device kernel repair (B), IR-diff
// diagnosis (C) and host repair (D). Each builds a bounded prompt from the
// session's files, names the only paths it may change, and checks a reply
// against the contract and that list.
class RepairAgent
{
public:
    enum class Role { DeviceKernel, IrDiffDiagnosis, Host };

    static std::optional<RepairAgent> forStage(QChar stage);

    QChar stage() const { return m_stage; }
    Role role() const { return m_role; }
    QString name() const;
    // Paths (relative to the session) a reply may change in `run`.
    QStringList allowedPaths(int run) const;
    ModelRequest buildRequest(const Session &session, int run) const;
    // The contract, then the guard (inside the session, no links out),
    // then the allow list: a reply naming any other path is rejected whole.
    ReplyContract::Result check(const QString &reply, int run, const patch::PathGuard &guard) const;

private:
    RepairAgent(QChar stage, Role role)
        : m_stage(stage)
        , m_role(role)
    {
    }

    QChar m_stage;
    Role m_role;
};

} // namespace tileport::llm
