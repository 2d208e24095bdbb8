// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QString>

#include <optional>

namespace tileport::patch {

// Decides whether a path named by a patch may be written: it must be
// relative, free of ".." components, and resolve (symbolic links followed,
// for every part that exists) to a place inside the root directory. The
// check is made again just before writing, so a link planted between
// review and apply is still caught.
class PathGuard
{
public:
    explicit PathGuard(const QString &root);

    QString root() const { return m_root; }
    // The absolute path to write, or nullopt with `reason` set.
    std::optional<QString> resolve(const QString &relative, QString *reason) const;

private:
    QString m_root; // canonical
};

} // namespace tileport::patch
