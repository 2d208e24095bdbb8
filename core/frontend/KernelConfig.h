// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace tileport::frontend {

// A config taken from one candidate of an autotuned launch: the launch
// site ("matmul.py:333"), the candidate's 0-based index and how many there were.
struct TunedLaunch {
    QString site;
    int candidate = 0;
    int of = 0;
    bool isSet() const { return !site.isEmpty(); }
};

// One specialization of a kernel from its NAME.tileport.json sidecar: the
// parameter list handed to the exporter (see resources/python/export_tileir.py)
// plus the test data the later stages need. Arrays may carry "strides" (in
// elements) and "alignment" (of the base pointer, bytes) when captured.
struct KernelConfig {
    QString name;
    QString kernel;  // the config's "kernel", else the file's
    QString variant; // optional: the analysis variant this config exercises
    QJsonArray params;
    bool hasTolerance = false;
    double atol = 0.0;
    double rtol = 0.0;
    QList<qint64> grid;  // the launch grid seen, 1-3 entries; empty when not known
    QJsonObject hints;   // launch hints seen ("occupancy", "num_ctas", ...)
    QStringList sources; // the test cases and calls the config was seen in
    TunedLaunch tunedLaunch;
    bool captured = false; // read from a sidecar with a "captured" block
    // A Triton config's cuTile Python equivalent ("equivalent": {"file",
    // "config"}): the file made absolute against the sidecar's directory.
    QString equivalentFile;
    QString equivalentConfig;
    int line = 0; // where the config's name appears in the file
    int col = 0;
};

} // namespace tileport::frontend
