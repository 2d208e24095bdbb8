// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QByteArray>
#include <QString>

// The Python side of `tileport export --tilegym`: each edit parses the file
// with tree-sitter-python, finds its place in the tree and inserts text
// there, keeping the rest as written. Each sets *present (and returns the
// text unchanged) when what it would add is already there, and fails with
// `file:line:col: ...` when the file does not parse or has no such place.
namespace tileport::handoff {

// ops/cutile_rs/__init__.py: `from . import <op>` after its last
// `from . import`, else in its `if is_backend_available("cutile-rs"):`
// block, else at the end.
bool addWrapperImport(const QByteArray &text, const QString &fileName, const QString &op, QString *out, bool *present,
                      QString *error);

// ops/__init__.py: imports the cutile_rs package when the backend is
// available (after the last statement that imports another backend).
bool addCutileRsPackage(const QByteArray &text, const QString &fileName, QString *out, bool *present, QString *error);

// backend/selector.py: "cutile-rs" in the availability dict (the dict with
// the key "cutile"), and an is_cutile_rs_available() when there is none.
bool addCutileRsSelector(const QByteArray &text, const QString &fileName, QString *out, bool *present, QString *error);

// tests/ops/test_<op>.py: "cutile-rs" in the list each
// @pytest.mark.parametrize("backend", ...) takes (a list literal, or a name
// bound to one in the class or module).
bool addBackendParam(const QByteArray &text, const QString &fileName, QString *out, bool *present, QString *error);

} // namespace tileport::handoff
