// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "RunConfigs.h"

#include <QFileInfo>

namespace tileport {

const frontend::KernelConfigFile &RunConfigs::get(const QString &path, bool *loaded)
{
    const QFileInfo info(path);
    const qint64 size = info.exists() ? info.size() : -1;
    const QDateTime modified = info.exists() ? info.lastModified() : QDateTime();
    if (!(m_loaded && path == m_path && size == m_size && modified == m_modified)) {
        m_file = frontend::KernelConfigFile();
        m_ok = m_file.load(path);
        ++m_loads;
    }
    m_path = path;
    m_size = size;
    m_modified = modified;
    m_loaded = true;
    if (loaded)
        *loaded = m_ok;
    return m_file;
}

} // namespace tileport
