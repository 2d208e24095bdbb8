// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

namespace tileport::rust {

// What cutile 0.4.0's launcher derives from one real tensor at launch
// (cutile-compiler specialization.rs, compute_spec) and hands the compiler
// as `.strides(..)` and `.spec_args(..)`; the IR harness passes the same so
// that a captured config compiles the kernel that would run.
struct LaunchSpecialization {
    // cutile's DivHint::from_value: the largest power of two dividing
    // `value`, capped at 16; 0 counts as divisible by 16.
    static int divisor(qint64 value);
    // DivHint::from_ptr for a base pointer whose largest power-of-two
    // divisor is `alignment` bytes: capped at 16.
    static int basePointerDivisor(qint64 alignment);

    struct Tensor {
        QList<int> shapeDiv;
        QList<int> strideDiv;
        QList<int> strides; // the launcher's stride pattern: 1 where the stride is 1, else -1 (dynamic)
        int basePtrDiv = 16;
        bool elementsDisjoint = true;
    };
    // From a real tensor's shape and element strides; nullopt (and why in
    // `error`) when they cannot be a cutile tensor (ranks differ, values
    // outside i32).
    static std::optional<Tensor> forTensor(const QList<qint64> &shape, const QList<qint64> &strides, qint64 alignment,
                                           QString *error);
    // From a captured config's array parameter ({"shape", "strides",
    // "alignment"?}); a missing alignment is a fresh allocation's 16.
    static std::optional<Tensor> forParam(const QJsonObject &param, QString *error);

    // Whether a config's parameters are captured launch facts (an array
    // with "strides") rather than a hand-written sidecar.
    static bool isCaptured(const QJsonObject &param);
    // A hand-written array with a shape but no strides, as the tensor the
    // reference export assumes for it: contiguous (row-major strides) and
    // freshly allocated (16-byte aligned). Other parameters unchanged.
    static QJsonObject withAssumedLayout(const QJsonObject &param);
    // Whether a gather's constant last stride 1 offsets this array right:
    // its last stride is 1, or its last axis has size 1 (index 0 only).
    static bool unitLastStride(const QList<qint64> &shape, const QList<qint64> &strides);
};

} // namespace tileport::rust
