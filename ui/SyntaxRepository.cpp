// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "SyntaxRepository.h"

#include "ResourceDir.h"

namespace tileport::ui {

KSyntaxHighlighting::Repository &SyntaxRepository::instance()
{
    // resources/syntax/ holds our own definitions (Tile IR).
    static KSyntaxHighlighting::Repository repo;
    static const bool once = [] {
        repo.addCustomSearchPath(findResourceDir());
        return true;
    }();
    Q_UNUSED(once);
    return repo;
}

} // namespace tileport::ui
