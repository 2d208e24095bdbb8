// SPDX-License-Identifier: MIT
#include "SyntaxRepository.h"

namespace tileport::ui {

KSyntaxHighlighting::Repository &SyntaxRepository::instance()
{
    // resources/syntax/ holds our own definitions (Tile IR).
    static KSyntaxHighlighting::Repository repo;
    static const bool once = [] {
        const QString dir = qEnvironmentVariable("TILEPORT_RESOURCE_DIR", QStringLiteral(TILEPORT_SOURCE_RESOURCE_DIR));
        repo.addCustomSearchPath(dir);
        return true;
    }();
    Q_UNUSED(once);
    return repo;
}

} // namespace tileport::ui
