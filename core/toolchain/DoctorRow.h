// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QJsonObject>
#include <QString>

namespace tileport {

// One component's state as `tileport doctor` reports it.
struct DoctorRow {
    enum class Status { Found, Missing, Broken };
    explicit DoctorRow(QString name = {}) : component(std::move(name)) {}

    QString component;
    Status status = Status::Missing;
    bool required = true;
    QString version;
    QString path;
    QString fix;    // what to do when not found
    QString detail; // extra evidence, e.g. a child's stderr line

    bool blocking() const { return required && status != Status::Found; }
    QString statusText() const;
    QJsonObject toJson() const;
};

} // namespace tileport
