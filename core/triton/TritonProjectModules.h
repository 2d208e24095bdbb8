// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "PythonSource.h"

#include <QHash>
#include <QList>
#include <QString>

namespace tileport::triton {

// What a Triton file takes from modules of its own project: a library's
// wrapper module of @triton.jit device functions (`tle.program_id(0)`
// returning an int64 block id) or of re-exported tl functions
// (`shim.tanh`). Triton inlines the first and calls the second like the
// file's own; the front-end reads the modules the file imports from its
// package tree (never outside it) to do the same.
struct ProjectModules {
    // The imported modules' @triton.jit functions, module constants and
    // imports, as Python source appended to the file's for one parse.
    QByteArray appendix;
    // A run of appendix lines and where its module has them.
    struct Segment {
        int firstLine = 0; // in the appended source (the file's lines come first)
        int lineCount = 0;
        QString file;
        int sourceLine = 0; // the first line's number in `file`
    };
    QList<Segment> segments;
    // What the file calls ("tle.program_id", or "program_id" after `from M
    // import program_id`) -> the function's name in the appendix.
    QHash<QString, QString> functions;
    // A name the file uses for a Triton function a module re-exports
    // ("shim.tanh", or "tanh") -> its triton path ("triton.language.math.tanh").
    QHash<QString, QString> reexports;
    QStringList modules; // the module files read, for the notes

    // The module position of an appended line: "FILE:LINE", or "".
    QString where(int line, int col) const;
};

// The project modules `src` (at `fileName`, a file on disk) imports; empty
// when it imports none or is not on disk. The file's own line count is
// `lines` (the appendix starts after it).
ProjectModules projectModules(const frontend::PythonSource &src, const QString &fileName, int lines);

} // namespace tileport::triton
