// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// The generator end to end on the example kernels: `tileport translate`
// (twice: the output must be byte-identical), `cargo build --offline` of the
// generated crate, its IR harness for one .tileport.json config, `tileport
// ir decode`, and `tileport ir diff` against the cuTile Python reference of
// the same config, which must be PASS or PASS_WITH_NOTES.

#include "support/RealCompilers.h"

#include "HarnessArguments.h"
#include "TranslationResult.h"
#include "KernelConfigFile.h"
#include "ProcessRunner.h"
#include "Toolchains.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace tileport;
using namespace tileport::rust;

namespace {

const QString kExamples = QStringLiteral(TILEPORT_SOURCE_DIR "/examples/cutile");

ProcessResult cli(const QStringList &args)
{
    ProcessSpec spec{QStringLiteral(TILEPORT_CLI), args};
    spec.timeoutMs = 300'000;
    return ProcessRunner::run(spec);
}

QMap<QString, QByteArray> readTree(const QString &dir)
{
    QMap<QString, QByteArray> files;
    QDirIterator it(dir, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        QFile f(path);
        if (f.open(QIODevice::ReadOnly))
            files.insert(QDir(dir).relativeFilePath(path), f.readAll());
    }
    return files;
}

} // namespace

class TestRustExamples : public QObject
{
    Q_OBJECT
private:
    Toolchains m_tools = Toolchains::fromEnvironment();
    QTemporaryDir m_out;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(!m_tools.cargo.isEmpty(), "no cargo; run ./scripts/setup");
        QVERIFY2(!m_tools.python.isEmpty(), "no Python with cuda-tile; run ./scripts/setup");
        QVERIFY(m_out.isValid());
    }

    void translateBuildDiff_data()
    {
        QTest::addColumn<QString>("example");
        QTest::addColumn<QString>("kernel");
        QTest::addColumn<int>("config");
        QTest::addColumn<bool>("diffPasses");
        QTest::addColumn<QString>("expectEntry"); // empty: the kernel's own name
        QTest::newRow("vector_add") << "vector_add" << "vector_add" << 0 << true << QString();
        QTest::newRow("saxpy") << "saxpy" << "saxpy" << 0 << true << QString();
        QTest::newRow("transpose") << "transpose" << "transpose" << 0 << true << QString();
        QTest::newRow("softmax_row") << "softmax" << "softmax_row" << 1 << true << QString();
        QTest::newRow("softmax_chunked") << "softmax" << "softmax_chunked" << 2 << true << QString();
        QTest::newRow("rms_norm") << "rms_norm" << "rms_norm" << 1 << true << QString();
        QTest::newRow("layer_norm") << "layer_norm" << "layer_norm" << 0 << true << QString();
        QTest::newRow("bmm") << "bmm" << "bmm" << 1 << true << QString();
        QTest::newRow("splitk_reduce") << "splitk_reduce" << "splitk_reduce" << 0 << true << QString();
        // a.dtype == float32 picks tf32 operands: the f32 config takes the
        // entry with a and b fixed to f32, the f16 one the generic entry.
        QTest::newRow("matmul_f16") << "matmul" << "matmul" << 0 << true << QString();
        QTest::newRow("matmul_f32_tf32") << "matmul" << "matmul" << 1 << true << QStringLiteral("matmul_a_f32_b_f32");
        // CAUSAL re-binds `valid` with another shape inside the K/V loop: one
        // entry per arm, each config served by its own.
        QTest::newRow("flash_attention_causal") << "flash_attention" << "flash_attention" << 0 << true
                                                << QStringLiteral("flash_attention__causal");
        QTest::newRow("flash_attention_full") << "flash_attention" << "flash_attention" << 1 << true
                                              << QStringLiteral("flash_attention__not_causal");
        // TRANSPOSE_B is a const generic and its `if` stays in the Rust; the
        // load counts must still match each config's reference (the crate
        // is built once for both rows).
        QTest::newRow("matmul_persistent") << "matmul" << "matmul_persistent" << 2 << true << QString();
        QTest::newRow("matmul_persistent_bt") << "matmul" << "matmul_persistent" << 3 << true << QString();
        // Flat gathers and scatters: pointer lanes with a bounds mask, as
        // cuTile Python emits them.
        QTest::newRow("gelu") << "gelu" << "gelu" << 1 << true << QString();
        // Philox rounds under ct.static_iter(range(9)): unrolled, each copy
        // reading the counters and keys the previous one re-bound.
        QTest::newRow("dropout_philox") << "dropout_philox" << "dropout_philox" << 0 << true << QString();
        // The uint32 hash: astype int32 -> uint32 is a bitcast (one Tile IR type).
        QTest::newRow("dropout") << "dropout" << "dropout" << 0 << true << QString();
        // ct.static_iter over (q, k): the body once per array.
        QTest::newRow("rope") << "rope" << "rope" << 0 << true << QString();
        // ct.matmul and @: the accumulator is the operands' default MMA type,
        // so f16 gets an entry of its own (f16 accumulator) and bf16 the
        // generic one (f32, cast back); ct.abs; an `if` on a rank-0 tile.
        QTest::newRow("tile_products_f16") << "tests/fixtures/constructs/tile_products" << "tile_products" << 0 << true
                                           << QStringLiteral("tile_products_a_f16");
        QTest::newRow("tile_products_bf16") << "tests/fixtures/constructs/tile_products" << "tile_products" << 1 << true
                                            << QString();
        // Column reductions meeting broadcasts (cutile spells a reduce
        // result's type with numbers), a load with allow_tma= a
        // ct.Constant and a method on it, a long-named tile (its type stays on one line).
        QTest::newRow("column_center_tma") << "column_center" << "column_center" << 0 << true << QString();
        QTest::newRow("column_center") << "column_center" << "column_center" << 1 << true << QString();
        // `not` of constants, comparisons and bools, De Morgan, unary minus
        // on scalars: cutile 0.4.0 compiles neither `!` nor non-literal `-`.
        QTest::newRow("tail_guard_ragged") << "tail_guard" << "tail_guard" << 0 << true << QString();
        QTest::newRow("tail_guard_even") << "tail_guard" << "tail_guard" << 1 << true << QString();
        // `<<`, `~`, `>>` and negation on int32 tiles and scalars.
        QTest::newRow("bit_mix") << "bit_mix" << "bit_mix" << 0 << true << QString();
        // cuTile Python splits a loop on an `if` comparing the loop variable
        // with a loop-invariant value; the port emits the same two loops.
        // Gathers and scatters of rank 1 to 3: index tiles broadcast
        // together, scalar indices, mask=, a -inf padding, an unchecked
        // scatter and a single element, all pointer lanes offset by the
        // strides read from the tensors' metadata.
        QTest::newRow("gathers_rows_f32") << "tests/fixtures/constructs/gathers" << "row_pick" << 0 << true << QString();
        QTest::newRow("gathers_rows_f16") << "tests/fixtures/constructs/gathers" << "row_pick" << 1 << true << QString();
        QTest::newRow("gathers_masked") << "tests/fixtures/constructs/gathers" << "masked_max" << 2 << true << QString();
        QTest::newRow("gathers_planes") << "tests/fixtures/constructs/gathers" << "plane_sum" << 3 << true << QString();
        // All-scalar indices: cuTile Python's divisibility analysis assumes
        // div_by on the rank-0 pointer, a fact that depends on each config's
        // strides; the port does not state it, and the differ notes it
        // (pointer-lane-div-by): a one-element access gains no vector width.
        QTest::newRow("gathers_single") << "tests/fixtures/constructs/gathers" << "first_elements" << 4 << true << QString();
        // Promotion: an array's element type, a half tile and an int32
        // tile each meeting f32 are converted as cuTile Python promotes
        // them; one generic entry serves f16, bf16 and f32 inputs.
        QTest::newRow("promotion_f16") << "tests/fixtures/constructs/promotion" << "weighted_rows" << 0 << true << QString();
        QTest::newRow("promotion_f32") << "tests/fixtures/constructs/promotion" << "weighted_rows" << 1 << true << QString();
        QTest::newRow("promotion_bf16") << "tests/fixtures/constructs/promotion" << "weighted_rows" << 2 << true << QString();
        // Integer widening: ids of a generic dtype meet an int32 tile and
        // index a gather; the int32 entry and an int64 one, whose int32
        // side widens (exti) and whose int64 index needs no exti.
        QTest::newRow("int_widening_i32") << "tests/fixtures/constructs/int_widening" << "bucket_bump" << 0 << true << QString();
        QTest::newRow("int_widening_i64") << "tests/fixtures/constructs/int_widening" << "bucket_bump" << 1 << true
                                          << QStringLiteral("bucket_bump_ids_i64");
        QTest::newRow("band_sum_masked") << "banded_rows" << "band_sum" << 0 << true << QString();
        QTest::newRow("band_sum_plain") << "banded_rows" << "band_sum" << 1 << true << QString();
        QTest::newRow("split_weights") << "banded_rows" << "split_weights" << 2 << true << QString();
        // ct.bitcast both ways; the function forms of the comparisons,
        // ct.negative, ct.bitwise_not, ct.floordiv, ct.mod; ct.floor,
        // ct.ceil, ct.tan, ct.sinh, ct.cosh.
        QTest::newRow("bitcast") << "tests/fixtures/constructs/operator_forms" << "clear_sign" << 0 << true << QString();
        QTest::newRow("compare_forms_f16") << "tests/fixtures/constructs/operator_forms" << "compare_forms" << 2 << true << QString();
        QTest::newRow("int_forms") << "tests/fixtures/constructs/operator_forms" << "int_forms" << 3 << true << QString();
        QTest::newRow("math_forms_bf16") << "tests/fixtures/constructs/operator_forms" << "rounding_math" << 5 << true << QString();
        // Tuple-assigned and derived module constants, a bare ct.Constant,
        // a static-method kernel and one defined inside a function.
        QTest::newRow("static_method_kernel") << "tests/fixtures/constructs/kernel_homes" << "scale_rows" << 0 << true << QString();
        QTest::newRow("function_local_kernel") << "tests/fixtures/constructs/kernel_homes" << "tile_copy" << 1 << true << QString();
        QTest::newRow("powers_rank0_store") << "tests/fixtures/constructs/operator_forms" << "moments" << 7 << true << QString();
        QTest::newRow("rank0_index") << "tests/fixtures/constructs/operator_forms" << "row_at" << 8 << true << QString();
        // Atomics: a float add into one element, an int histogram, a
        // relaxed block-scoped max.
        QTest::newRow("atomic_total") << "tests/fixtures/constructs/atomics" << "block_total" << 0 << true << QString();
        QTest::newRow("atomic_histogram") << "tests/fixtures/constructs/atomics" << "histogram" << 1 << true << QString();
        QTest::newRow("atomic_cas_claim") << "tests/fixtures/constructs/atomics" << "claim_slots" << 2 << true << QString();
        QTest::newRow("atomic_cas_spin_lock") << "tests/fixtures/constructs/atomics" << "locked_total" << 3 << true << QString();
        QTest::newRow("shape_tuple_math") << "tests/fixtures/constructs/kernel_homes" << "shape_reads" << 2 << true << QString();
        QTest::newRow("rounded_arith") << "tests/fixtures/constructs/operator_forms" << "rounded_arith" << 9 << true << QString();
        QTest::newRow("uint16_bits") << "tests/fixtures/constructs/operator_forms" << "bf16_bits_add" << 6 << true << QString();
        QTest::newRow("untyped_scale") << "tests/fixtures/constructs/scalar_forms" << "scaled" << 0 << true << QString();
        QTest::newRow("int_true_division") << "tests/fixtures/constructs/scalar_forms" << "mean_shift" << 1 << true << QString();
        QTest::newRow("scalar_power") << "tests/fixtures/constructs/scalar_forms" << "bias_correct" << 2 << true << QString();
        QTest::newRow("cov_trig_f32") << "tests/fixtures/constructs/cov_math" << "trig" << 0 << true << QString();
        QTest::newRow("cov_trig_f16") << "tests/fixtures/constructs/cov_math" << "trig" << 1 << true << QString();
        QTest::newRow("cov_logs") << "tests/fixtures/constructs/cov_math" << "logs" << 2 << true << QString();
        QTest::newRow("cov_row_min_prod") << "tests/fixtures/constructs/cov_math" << "row_min_prod" << 3 << true << QString();
        QTest::newRow("cov_block_min_prod_i32") << "tests/fixtures/constructs/cov_math" << "block_min_prod" << 4 << true << QString();
        QTest::newRow("cov_running_sum") << "tests/fixtures/constructs/cov_math" << "running_sum" << 5 << true << QString();
        QTest::newRow("cov_bit_ops") << "tests/fixtures/constructs/cov_bits" << "bit_ops" << 0 << true << QString();
        QTest::newRow("cov_shift_by_tile") << "tests/fixtures/constructs/cov_bits" << "shift_by_tile" << 1 << true << QString();
        QTest::newRow("cov_lane_hash_u32") << "tests/fixtures/constructs/cov_bits" << "lane_hash" << 2 << true << QString();
        QTest::newRow("cov_compare_select_i32") << "tests/fixtures/constructs/cov_bits" << "compare_select" << 3 << true << QString();
        QTest::newRow("cov_compare_select_i8") << "tests/fixtures/constructs/cov_bits" << "compare_select" << 4 << true << QString();
        QTest::newRow("cov_compare_select_u8") << "tests/fixtures/constructs/cov_bits" << "compare_select" << 5 << true << QString();
        QTest::newRow("cov_compare_select_f64") << "tests/fixtures/constructs/cov_bits" << "compare_select" << 6 << true << QString();
        QTest::newRow("cov_less_mask_bool") << "tests/fixtures/constructs/cov_bits" << "less_mask" << 7 << true << QString();
        QTest::newRow("cov_half_sum") << "tests/fixtures/constructs/cov_shapes" << "half_sum" << 0 << true << QString();
        QTest::newRow("cov_scale_by_first") << "tests/fixtures/constructs/cov_shapes" << "scale_by_first" << 1 << true << QString();
        QTest::newRow("cov_gather_block_f16") << "tests/fixtures/constructs/cov_shapes" << "gather_block" << 2 << true << QString();
        QTest::newRow("cov_transpose_tile") << "tests/fixtures/constructs/cov_shapes" << "transpose_tile" << 3 << true << QString();
        QTest::newRow("cov_batched_transpose_f16") << "tests/fixtures/constructs/cov_shapes" << "batched_transpose" << 4 << true << QString();
        QTest::newRow("cov_planes_last") << "tests/fixtures/constructs/cov_shapes" << "planes_last" << 5 << true << QString();
        QTest::newRow("cov_add_row") << "tests/fixtures/constructs/cov_shapes" << "add_row" << 6 << true << QString();
        QTest::newRow("cov_flatten") << "tests/fixtures/constructs/cov_shapes" << "flatten" << 7 << true << QString();
        QTest::newRow("cov_matmul_tf32") << "tests/fixtures/constructs/cov_shapes" << "matmul_tf32" << 8 << true << QString();
        QTest::newRow("cov_word_masks") << "tests/fixtures/constructs/cov_atomics" << "word_masks" << 0 << true << QString();
        QTest::newRow("cov_swap_in_i32") << "tests/fixtures/constructs/cov_atomics" << "swap_in" << 1 << true << QString();
        QTest::newRow("cov_swap_in_f32") << "tests/fixtures/constructs/cov_atomics" << "swap_in" << 2 << true << QString();
        QTest::newRow("cov_block_low") << "tests/fixtures/constructs/cov_atomics" << "block_low" << 3 << true << QString();
        QTest::newRow("cov_quantize_i8") << "tests/fixtures/constructs/cov_dtypes" << "quantize" << 0 << true << QString();
        QTest::newRow("cov_quantize_u8") << "tests/fixtures/constructs/cov_dtypes" << "quantize" << 1 << true << QString();
        QTest::newRow("cov_quantize_i16") << "tests/fixtures/constructs/cov_dtypes" << "quantize" << 2 << true << QString();
        QTest::newRow("cov_quantize_f64") << "tests/fixtures/constructs/cov_dtypes" << "quantize" << 3 << true << QString();
        QTest::newRow("cov_dequantize_i8") << "tests/fixtures/constructs/cov_dtypes" << "dequantize" << 4 << true << QString();
        QTest::newRow("cov_dequantize_u8") << "tests/fixtures/constructs/cov_dtypes" << "dequantize" << 5 << true << QString();
        QTest::newRow("cov_dequantize_i16") << "tests/fixtures/constructs/cov_dtypes" << "dequantize" << 6 << true << QString();
        QTest::newRow("cov_half_bits_i16") << "tests/fixtures/constructs/cov_dtypes" << "half_bits_square" << 7 << true << QString();
        QTest::newRow("cov_sum_squares_f64") << "tests/fixtures/constructs/cov_dtypes" << "sum_squares_f64" << 8 << true << QString();
        QTest::newRow("cov_sum_squares_f64_io") << "tests/fixtures/constructs/cov_dtypes" << "sum_squares_f64" << 9 << true << QString();
        QTest::newRow("cov_half_rounding_gap") << "tests/fixtures/constructs/cov_dtypes" << "half_rounding_gap" << 10 << true << QString();
        QTest::newRow("cov_quantize_f8e4m3fn") << "tests/fixtures/constructs/cov_dtypes" << "quantize" << 11 << true << QString();
        QTest::newRow("cov_quantize_f8e5m2") << "tests/fixtures/constructs/cov_dtypes" << "quantize" << 12 << true << QString();
        QTest::newRow("cov_quantize_u64") << "tests/fixtures/constructs/cov_dtypes" << "quantize" << 13 << true << QString();
        QTest::newRow("cov_acquire_release") << "tests/fixtures/constructs/cov_memory_options" << "publish" << 0 << true << QString();
        QTest::newRow("cov_relaxed_weak") << "tests/fixtures/constructs/cov_memory_options" << "relaxed_copy" << 1 << true << QString();
        QTest::newRow("cov_padding_modes") << "tests/fixtures/constructs/cov_memory_options" << "padded_tail" << 2 << true << QString();
        QTest::newRow("cov_ordered_atomics") << "tests/fixtures/constructs/cov_memory_options" << "ordered_atomics" << 3 << true << QString();
        QTest::newRow("cov_rounded_ops") << "tests/fixtures/constructs/cov_rounding" << "rounded_ops" << 0 << true << QString();
        QTest::newRow("cov_static_assert_eval") << "tests/fixtures/constructs/cov_compile_time" << "checked_scale" << 0 << true << QString();
        QTest::newRow("cov_divmod") << "tests/fixtures/constructs/cov_compile_time" << "floor_pairs" << 1 << true << QString();
        QTest::newRow("cov_assume_divisible") << "tests/fixtures/constructs/cov_compile_time" << "aligned_blocks" << 2 << true << QString();
        QTest::newRow("cov_static_exception_arm") << "tests/fixtures/constructs/cov_compile_time" << "guarded" << 3 << true << QStringLiteral("guarded__mode_1");
        QTest::newRow("cov_mma_scaled_mxfp8") << "tests/fixtures/constructs/cov_scaled_mma" << "mxfp8_matmul" << 0 << true << QString();
        QTest::newRow("cov_mma_scaled_unit_e5m2") << "tests/fixtures/constructs/cov_scaled_mma" << "unit_scaled" << 1 << true << QString();
        QTest::newRow("cov_pack_words") << "tests/fixtures/constructs/cov_bytes" << "word_bytes" << 0 << true << QString();
        QTest::newRow("cov_pack_half_plane") << "tests/fixtures/constructs/cov_bytes" << "half_plane_bytes" << 1 << true << QString();
        QTest::newRow("cov_pack_byte_view") << "tests/fixtures/constructs/cov_bytes" << "byte_view" << 2 << true << QString();
        QTest::newRow("cov_raw_load_store") << "tests/fixtures/constructs/cov_array_methods" << "permute_rows" << 0 << true << QString();
        QTest::newRow("cov_raw_atomics") << "tests/fixtures/constructs/cov_array_methods" << "offset_atomics" << 1 << true << QString();
        QTest::newRow("cov_raw_float_add") << "tests/fixtures/constructs/cov_array_methods" << "float_accumulate" << 2 << true << QString();
        QTest::newRow("cov_tiled_view") << "tests/fixtures/constructs/cov_array_methods" << "view_copy" << 3 << true << QString();
        QTest::newRow("cov_view_atomics") << "tests/fixtures/constructs/cov_array_methods" << "view_reductions" << 4 << true << QString();
        QTest::newRow("cov_print_assert") << "tests/fixtures/constructs/cov_debug" << "traced_scale" << 0 << true << QString();
        QTest::newRow("cov_astile") << "tests/fixtures/constructs/cov_astile" << "tiles_from_scalars" << 0 << true << QString();
        QTest::newRow("cov_view_shape") << "tests/fixtures/constructs/cov_astile" << "view_shape" << 1 << true << QString();
        QTest::newRow("unused_parameter") << "tests/fixtures/constructs/cov_astile" << "ignores_bias" << 2 << true << QString();
        QTest::newRow("none_parameter") << "tests/fixtures/constructs/optional_scale" << "scaled_copy" << 0 << true << QString();
        QTest::newRow("early_exit") << "tests/fixtures/constructs/early_exit" << "upper_scale" << 0 << true << QString();
        QTest::newRow("cov_fp4_round_trip") << "tests/fixtures/constructs/cov_fp4" << "fp4_round_trip" << 0 << true << QString();
        QTest::newRow("array_list") << "tests/fixtures/constructs/array_list" << "scale_each" << 0 << true << QString();
        QTest::newRow("bool_flag") << "tests/fixtures/constructs/bool_flag" << "step_toward" << 0 << true << QString();
        QTest::newRow("loop_index_rank") << "tests/fixtures/constructs/loop_index" << "fill_rows" << 0 << true << QString();
        QTest::newRow("list_item_argument") << "tests/fixtures/constructs/loop_index" << "sum_items" << 1 << true << QString();
        QTest::newRow("imported_helpers") << "tests/fixtures/constructs/act_pkg/geglu_kernels" << "geglu" << 0 << true << QString();
        QTest::newRow("derived_half_dims") << "tests/fixtures/constructs/derived_dims" << "fold_halves" << 0 << true << QString();
        QTest::newRow("derived_product_dim") << "tests/fixtures/constructs/derived_dims" << "flatten_rows" << 1 << true << QString();
        QTest::newRow("derived_half_dims_f16") << "tests/fixtures/constructs/derived_dims" << "fold_halves" << 2 << true << QString();
        QTest::newRow("cat_derived_dim") << "tests/fixtures/constructs/derived_dims" << "swap_halves" << 3 << true << QString();
        QTest::newRow("atan2_isnan") << "tests/fixtures/constructs/angles" << "polar_angle" << 0 << true << QString();
        QTest::newRow("atan2_isnan_f16") << "tests/fixtures/constructs/angles" << "polar_angle" << 1 << true << QString();
        QTest::newRow("reshape_infer_batched_mma") << "tests/fixtures/constructs/shape_forms" << "rotate_pairs" << 0 << true << QString();
        QTest::newRow("reshape_infer_batched_mma_bf16") << "tests/fixtures/constructs/shape_forms" << "rotate_pairs" << 2 << true << QString();
        QTest::newRow("arange_float_start_step") << "tests/fixtures/constructs/shape_forms" << "ramp" << 1 << true << QString();
        QTest::newRow("while_persistent") << "tests/fixtures/constructs/loops_while" << "persistent_scale" << 0 << true << QString();
        QTest::newRow("while_counted") << "tests/fixtures/constructs/loops_while" << "repeated_halving" << 1 << true << QString();
        QTest::newRow("while_counted_bf16") << "tests/fixtures/constructs/loops_while" << "repeated_halving" << 2 << true << QString();
        QTest::newRow("while_tile_condition") << "tests/fixtures/constructs/loops_while" << "shrink" << 3 << true << QString();
        QTest::newRow("order_choice_plain") << "tests/fixtures/constructs/order_choice" << "matmul_maybe_t" << 0 << true << QStringLiteral("matmul_maybe_t__not_trans_a");
        QTest::newRow("order_choice_trans") << "tests/fixtures/constructs/order_choice" << "matmul_maybe_t" << 1 << true << QStringLiteral("matmul_maybe_t__trans_a");
        QTest::newRow("name_clashes") << "tests/fixtures/constructs/name_clashes" << "normalize" << 0 << true << QString();
    }

    void translateBuildDiff()
    {
        QFETCH(QString, example);
        QFETCH(QString, kernel);
        QFETCH(int, config);
        QFETCH(bool, diffPasses);
        // A bare name is an example; a path is a construct kernel under tests/.
        const QString stem = example.contains(QLatin1Char('/')) ? QStringLiteral(TILEPORT_SOURCE_DIR "/") + example
                                                                : kExamples + QLatin1Char('/') + example;
        const QString py = stem + QStringLiteral(".py");
        // The cutile 0.4.0 run (ctest's tst_rust_examples_cutile04) covers
        // the examples under examples/; the construct kernels run once, on
        // the default target.
        if (qEnvironmentVariableIsSet("TILEPORT_TEST_EXAMPLES_ONLY") && example.contains(QLatin1Char('/')))
            QSKIP("a construct kernel: run against the default cutile target only");
        const QDir work(m_out.filePath(example));
        const QString crate = work.filePath(QStringLiteral("crate"));
        const QString again = work.filePath(QStringLiteral("again"));

        // 1. Translate twice; identical bytes.
        const ProcessResult t1 = cli({QStringLiteral("translate"), py, QStringLiteral("-o"), crate});
        QVERIFY2(t1.exitCode == 0 || t1.exitCode == 1, qPrintable(QString::fromUtf8(t1.standardError)));
        const ProcessResult t2 = cli({QStringLiteral("translate"), py, QStringLiteral("-o"), again});
        QCOMPARE(t2.exitCode, t1.exitCode);
        const auto a = readTree(crate), b = readTree(again);
        QVERIFY(a.contains(QStringLiteral("src/lib.rs")));
        QVERIFY(a.contains(QStringLiteral("src/bin/ir-harness.rs")));
        QVERIFY(a.contains(QStringLiteral("Cargo.lock")));
        QVERIFY(a.contains(QStringLiteral("sourcemap.json")));
        // The crate targets the cutile release this run was asked for.
        QCOMPARE(QJsonDocument::fromJson(a.value(QStringLiteral("tileport-crate.json"))).object().value(QStringLiteral("cutile")).toString(),
                 m_tools.cutileVersion);
        QVERIFY(a.value(QStringLiteral("Cargo.toml")).contains(QStringLiteral("cutile = \"=%1\"").arg(m_tools.cutileVersion).toUtf8()));
        QCOMPARE(a.keys(), b.keys());
        for (auto it = a.cbegin(); it != a.cend(); ++it)
            QVERIFY2(it.value() == b.value(it.key()), qPrintable(it.key() + QStringLiteral(" differs between runs")));

        // 2. cargo build --offline with the shared target dir.
        ProcessSpec build{m_tools.cargo,
                          {QStringLiteral("build"), QStringLiteral("--offline"), QStringLiteral("--release"),
                           QStringLiteral("--quiet"), QStringLiteral("--manifest-path"),
                           QDir(crate).filePath(QStringLiteral("Cargo.toml"))}};
        build.environment = m_tools.cargoEnvironment();
        build.timeoutMs = 25 * 60'000;
        const ProcessResult built = ProcessRunner::run(build);
        QVERIFY2(built.ok(), qPrintable(built.describe() + QLatin1Char(' ') + QString::fromUtf8(built.standardError)));

        // 3. The IR harness for one config of the example's sidecar.
        QFile manifestFile(QDir(crate).filePath(QStringLiteral("tileport-crate.json")));
        QVERIFY(manifestFile.open(QIODevice::ReadOnly));
        const QJsonObject manifest = QJsonDocument::fromJson(manifestFile.readAll()).object();
        frontend::KernelConfigFile configs;
        QVERIFY(configs.load(stem + QStringLiteral(".tileport.json")));
        QVERIFY(config < configs.configs.size());
        const frontend::KernelConfig &cfg = configs.configs[config];
        QCOMPARE(cfg.kernel, kernel);
        // The entry that serves this config (a kernel may have one per dtype it tests).
        EntrySignature entry;
        for (const QJsonValue &v : manifest.value(QStringLiteral("entries")).toArray()) {
            const EntrySignature s = EntrySignature::fromJson(v.toObject());
            if (s.pythonKernel == kernel && entry.entry.isEmpty()
                && s.serves(TranslationResult::configDtypes(cfg.params), TranslationResult::configConstants(cfg.params)))
                entry = s;
        }
        QVERIFY2(entry.entry.startsWith(kernel), qPrintable(entry.entry));
        QFETCH(QString, expectEntry);
        QCOMPARE(entry.entry, expectEntry.isEmpty() ? kernel : expectEntry);
        QString error;
        const QString genDir = work.filePath(QStringLiteral("gen"));
        const QStringList args = HarnessArguments::forConfig(entry, cfg, genDir, entry.minTarget, QStringLiteral("13.3"), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const QString harness = QDir(m_tools.cargoEnvironment().value(QStringLiteral("CARGO_TARGET_DIR")))
                                    .filePath(QStringLiteral("release/") + manifest.value(QStringLiteral("harness")).toString());
        ProcessSpec run{harness, args};
        run.timeoutMs = 300'000;
        const ProcessResult ran = ProcessRunner::run(run);
        QVERIFY2(ran.ok(), qPrintable(ran.describe() + QLatin1Char(' ') + QString::fromUtf8(ran.standardError)));
        const QString genBc = QDir(genDir).filePath(entry.entry + QStringLiteral(".tileirbc"));
        QVERIFY(QFileInfo::exists(genBc));

        // 4. Decode, and diff against the reference of the same config.
        const QString ref = testing::exportPython(m_tools, py, kernel, cfg.params, QStringLiteral("13.3"),
                                                  work.filePath(QStringLiteral("ref.tileirbc")));
        QVERIFY2(!ref.startsWith(QLatin1String("error:")), qPrintable(ref));
        const ProcessResult decoded = cli({QStringLiteral("ir"), QStringLiteral("decode"), genBc});
        QVERIFY2(decoded.ok(), qPrintable(QString::fromUtf8(decoded.standardError)));
        QVERIFY(decoded.standardOutput.contains("entry @"));
        const QString genText = work.filePath(QStringLiteral("gen.mlir"));
        {
            QFile f(genText);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(decoded.standardOutput);
        }
        const ProcessResult diff = cli({QStringLiteral("ir"), QStringLiteral("diff"), ref, genText, QStringLiteral("--json")});
        const QJsonObject report = QJsonDocument::fromJson(diff.standardOutput).object();
        const QString verdict = report.value(QStringLiteral("verdict")).toString();
        qInfo().noquote() << kernel << "verdict" << verdict;
        if (!diffPasses) {
            QVERIFY2(diff.exitCode == 1 && verdict == QLatin1String("FAIL_FIXABLE"),
                     qPrintable(QStringLiteral("%1: exit %2").arg(verdict).arg(diff.exitCode)));
            return;
        }
        QVERIFY2(diff.exitCode == 0 || diff.exitCode == 2,
                 qPrintable(QStringLiteral("%1: exit %2 %3\n%4").arg(verdict).arg(diff.exitCode)
                                .arg(QString::fromUtf8(diff.standardError), QString::fromUtf8(diff.standardOutput.left(4000)))));
        QVERIFY(verdict == QLatin1String("PASS") || verdict == QLatin1String("PASS_WITH_NOTES"));
    }
};

QTEST_GUILESS_MAIN(TestRustExamples)
#include "tst_rust_examples.moc"
