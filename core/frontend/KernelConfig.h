// SPDX-License-Identifier: MIT
#pragma once

#include <QJsonArray>
#include <QString>

namespace tileport::frontend {

// One specialization of a kernel from its NAME.tileport.json sidecar: the
// parameter list handed to the exporter (see resources/python/export_tileir.py)
// plus the test data the later stages need.
struct KernelConfig {
    QString name;
    QString kernel;  // the config's "kernel", else the file's
    QString variant; // optional: the analysis variant this config exercises
    QJsonArray params;
    bool hasTolerance = false;
    double atol = 0.0;
    double rtol = 0.0;
    int line = 0; // where the config's name appears in the file
    int col = 0;
};

} // namespace tileport::frontend
