// SPDX-License-Identifier: MIT
#include "SyntaxRepository.h"

namespace tileport::ui {

KSyntaxHighlighting::Repository &SyntaxRepository::instance()
{
    static KSyntaxHighlighting::Repository repo;
    return repo;
}

} // namespace tileport::ui
