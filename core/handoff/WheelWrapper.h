// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QJsonObject>
#include <QList>
#include <QStringList>

namespace tileport::handoff {

// One generated entry as a wheel exposes it: read from a host bundle's
// bundle.json (its "entries", which HostEntry writes), plus the library
// inside the package that exports it.
struct WheelEntry {
    struct Arg {
        QString name;
        bool tensor = false;
        QString type;     // tensors: the element ("f32" or a generic "E0"); scalars: "f32", "i32", ...
        int rank = 0;
    };
    QString name;         // the Python function (the Rust entry's name)
    QString pythonKernel; // the kernel it ports
    QString source;       // the kernel file's name
    QList<Arg> args;      // the runtime parameters the caller passes, in order
    QStringList constants;// compile-time constants, keyword-only
    QHash<QString, QStringList> dtypes; // a generic element -> the dtypes its library dispatches
    bool needsGrid = true;// false when a block output fixes the grid
    QJsonObject table;    // bundle.json's entry with "library" and "dtype_codes", for the runtime

    // Every entry of a bundle (alternatives included), each with `library`
    // (its path inside the package); false and *error when it is unusable.
    static bool fromBundle(const QJsonObject &bundle, const QString &library, QList<WheelEntry> *out, QString *error);
};

// The Python side of the wheel: the package's __init__.py (one function per
// entry with its real signature and a docstring) and entries.json.
class WheelWrapper
{
public:
    static QString initModule(const QString &distribution, const QString &version, const QList<WheelEntry> &entries);
    static QByteArray entriesJson(const QList<WheelEntry> &entries);
    // The Python signature, as inspect.signature() prints it.
    static QString signature(const WheelEntry &entry);
};

} // namespace tileport::handoff
