// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "PatchSet.h"

#include "HunkApplier.h"
#include "LineDiff.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

namespace tileport::patch {

namespace {

struct Planned {
    QString path;
    QString relative;
    FileBackup backup;
    QString newText;
};

bool plan(const PatchSet &set, const PathGuard &guard, QList<Planned> *out, QString *error)
{
    for (int f = 0; f < set.files.size(); ++f) {
        const FilePatch &fp = set.files[f];
        QString why;
        const auto path = guard.resolve(fp.path(), &why);
        if (!path) {
            *error = QStringLiteral("%1: refused: %2").arg(fp.path(), why);
            return false;
        }
        Planned p;
        p.path = *path;
        p.relative = fp.path();
        p.backup.path = *path;
        QFile in(*path);
        p.backup.existed = in.exists();
        if (p.backup.existed) {
            if (!in.open(QIODevice::ReadOnly)) {
                *error = QStringLiteral("%1: %2").arg(fp.path(), in.errorString());
                return false;
            }
            p.backup.content = in.readAll();
        } else if (!fp.wholeFile && !fp.oldPath.isEmpty()) {
            *error = QStringLiteral("%1: the patch changes a file that does not exist").arg(fp.path());
            return false;
        }
        const auto text = HunkApplier::apply(QString::fromUtf8(p.backup.content), fp, set.accepted.value(f), &why);
        if (!text) {
            *error = QStringLiteral("%1: %2").arg(fp.path(), why);
            return false;
        }
        p.newText = *text;
        *out << p;
    }
    return true;
}

bool writeFile(const QString &path, const QByteArray &bytes, QString *error)
{
    QDir().mkpath(QFileInfo(path).path());
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size() || !f.commit()) {
        *error = QStringLiteral("%1: %2").arg(path, f.errorString());
        return false;
    }
    return true;
}

} // namespace

bool PatchSet::apply(const PathGuard &guard, QList<FileBackup> *backups, QString *error) const
{
    QString dummy;
    QString &err = error ? *error : dummy;
    QList<Planned> planned;
    if (!plan(*this, guard, &planned, &err))
        return false;
    QList<FileBackup> done;
    for (const Planned &p : planned) {
        // Checked again right before writing (a link may have appeared).
        QString why;
        if (!guard.resolve(p.relative, &why)) {
            err = QStringLiteral("%1: refused: %2").arg(p.relative, why);
            restore(done, nullptr);
            return false;
        }
        if (!writeFile(p.path, p.newText.toUtf8(), &err)) {
            restore(done, nullptr);
            return false;
        }
        done << p.backup;
    }
    if (backups)
        *backups = done;
    return true;
}

bool PatchSet::restore(const QList<FileBackup> &backups, QString *error)
{
    bool ok = true;
    for (const FileBackup &b : backups) {
        QString err;
        if (b.existed)
            ok &= writeFile(b.path, b.content, &err);
        else
            ok &= QFile::remove(b.path);
        if (!err.isEmpty() && error)
            *error = err;
    }
    return ok;
}

QString PatchSet::toUnifiedDiff(const PathGuard &guard) const
{
    QList<Planned> planned;
    QString error;
    if (!plan(*this, guard, &planned, &error))
        return {};
    QString out;
    for (const Planned &p : planned)
        out += LineDiff::filePatch(p.relative, QString::fromUtf8(p.backup.content), p.newText).toUnifiedDiff();
    return out;
}

} // namespace tileport::patch
