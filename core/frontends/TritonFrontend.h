// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "Frontend.h"

namespace tileport {

// Triton: TritonAnalyzer and TritonTranslator (desugared to cuTile first);
// the bundle runs the original Triton kernel as reference.
class TritonFrontend final : public Frontend
{
public:
    Language language() const override { return Language::Triton; }
    QString name() const override { return QStringLiteral("Triton"); }
    QStringList kernelNames(const QString &file) const override;
    rust::TranslationResult translate(const QString &file, const rust::RustTranslator::Options &options) const override;
    bool capturesConfigs() const override { return true; }
    QByteArray capturedSidecar(const QString &file, const QByteArray &captured) const override;
    void configureBundle(rust::HostBundleBuilder::Options &options) const override;
};

} // namespace tileport
