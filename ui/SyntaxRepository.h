// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <KSyntaxHighlighting/Repository>

namespace tileport::ui {

// One definition/theme repository for the whole process; loading it scans
// the installed syntax files, so it is done once.
class SyntaxRepository
{
public:
    static KSyntaxHighlighting::Repository &instance();
};

} // namespace tileport::ui
