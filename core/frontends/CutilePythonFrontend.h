// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "Frontend.h"

namespace tileport {

// cuTile Python: ModuleAnalyzer and RustTranslator; configs captured from
// the file's code; the bundle runs the cuTile Python kernel as reference.
class CutilePythonFrontend final : public Frontend
{
public:
    Language language() const override { return Language::CutilePython; }
    QString name() const override { return QStringLiteral("cuTile Python"); }
    QStringList kernelNames(const QString &file) const override;
    rust::TranslationResult translate(const QString &file, const rust::RustTranslator::Options &options) const override;
    bool capturesConfigs() const override { return true; }
    void configureBundle(rust::HostBundleBuilder::Options &) const override {}
};

} // namespace tileport
