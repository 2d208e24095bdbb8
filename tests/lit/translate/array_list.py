# SPDX-License-Identifier: MIT
# A list of arrays: the parameter is a !kir.list typed by its items' uses
# (`x = xs[g]` is an item, loaded with rank 2), len() its length argument,
# and xs[g] a kir.list_item viewed as a tensor. The Rust entry is unsafe
# and takes the table pointer and its length; each item is read from its
# row of the table (base, shape, strides as i64 words) and viewed with
# make_tensor_view. An item whose rank no use fixes is refused.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
# RUN: not tileport translate --emit kir %S/Inputs/array_list_rank.py 2>&1 | FileCheck --check-prefix=RANK %s
import cuda.tile as ct


@ct.kernel
def sum_rows(xs, out, T: ct.Constant[int]):
    acc = ct.zeros((T, T), dtype=ct.float32)
    for g in range(len(xs)):
        x = xs[g]
        acc = acc + ct.astype(ct.load(x, (ct.bid(0), 0), shape=(T, T), padding_mode=ct.PaddingMode.ZERO), ct.float32)
    ct.store(out, (ct.bid(0), 0), tile=acc)

# CHECK-LABEL: kir.entry @sum_rows(%arg0: !kir.list<!kir.var<0>, 2> {kir.name = "xs"}
# CHECK: %[[N:[0-9]+]] = kir.list_len %arg0 : !kir.list<!kir.var<0>, 2>
# CHECK: kir.for "g" = %{{[0-9]+}} to %[[N]]
# CHECK: kir.list_item %arg0[%arg{{[0-9]+}}] {kir.name = "x"} : !kir.list<!kir.var<0>, 2> -> !kir.tensor<!kir.var<0>, 2>

# RUST: pub unsafe fn sum_rows<E: ElementType, const T: i32>(
# RUST-NEXT: xs: *mut i64,
# RUST-NEXT: xs_len: i32,
# RUST: let xs_table_shape: Shape<{ [-1, 5] }> = Shape::<{ [-1, 5] }> { dims: &[xs_len] };
# RUST: let xs_table: Tensor<i64, { [-1, 5] }> = unsafe { make_tensor_view(
# RUST-NEXT: pointer_to_tile(xs),
# RUST: let xs_rows: Partition<i64, { [1, 8] }> = xs_table.partition(shape![1, 8]);
# RUST: for g in 0i32..xs_len {
# RUST: let x_row: Tile<i64, { [1, 8] }> = xs_rows.load([g, 0i32]);
# RUST: let x_w4: Tile<i64, { [1, 1] }> = extract(x_row, [scalar_to_tile(0i32), scalar_to_tile(4i32)]);
# RUST: let x_dim1_i32: Tile<i32, { [] }> = trunci(x_word2, overflow::NoWrap);
# RUST: let x_stride0: i32 = tile_to_scalar(x_stride0_i32);
# RUST: let x_base: PointerTile<*mut E, { [] }> = int_to_ptr(x_word0);
# RUST: let x_shape: Shape<{ [-1, -1] }> = Shape::<{ [-1, -1] }> { dims: &[x_dim0, x_dim1] };
# RUST: let x_view: Tensor<E, { [-1, -1] }> = unsafe { make_tensor_view(
# RUST-NEXT: x_base,
# RUST: x_view.load_tile(shape![T, T],

# RANK: array_list_rank.py:8:{{[0-9]+}}: error: list parameter: 'xs' has no known rank: no load, store or shape use of its items fixes it
