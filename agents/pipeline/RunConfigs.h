// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "KernelConfigFile.h"

#include <QDateTime>

namespace tileport {

// A run's specialization configs, loaded once and handed to every stage of
// the run (StageContext::configs). Stage A may write the file during the
// run (a capture): a file whose path, size or time changed is read again.
class RunConfigs
{
public:
    // The file at `path`; *loaded: what KernelConfigFile::load said.
    const frontend::KernelConfigFile &get(const QString &path, bool *loaded = nullptr);
    int loads() const { return m_loads; } // how many times a file was read

private:
    frontend::KernelConfigFile m_file;
    QString m_path;
    qint64 m_size = -1;
    QDateTime m_modified;
    bool m_loaded = false;
    bool m_ok = false;
    int m_loads = 0;
};

} // namespace tileport
