# SPDX-License-Identifier: MIT
# ct.gather / ct.scatter: each axis's index widened to u64 and brought to
# the lanes' shape, `index < shape` per axis in the mask, the offset the
# sum of index times stride (the last axis's the constant 1, the others'
# i32 parameters after the array), then kir.load_ptr / kir.store_ptr; a
# mask= is and-ed in after the bounds, and the padding goes into the load.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
import cuda.tile as ct


@ct.kernel
def pick(x, y, n, TILE: ct.Constant[int]):
    row = ct.bid(0)
    c = ct.arange(TILE, dtype=ct.int32)
    vals = ct.gather(x, (row, c), mask=c < n, padding_value=1.0)
    ct.scatter(y, (row, c), vals * 2.0, check_bounds=False)

# CHECK: kir.entry @pick(%arg0: !kir.tensor<!kir.var<0>, 2> {kir.name = "x", kir.unit_last_stride}, %arg1: i32 {kir.name = "x_stride0", kir.stride_axis = 0 : i32, kir.stride_of = "x"}, %arg2: !kir.tensor<!kir.var<0>, 2> {kir.name = "y", kir.unit_last_stride}, %arg3: i32 {kir.name = "y_stride0", kir.stride_axis = 0 : i32, kir.stride_of = "y"}, %arg4: i32 {kir.name = "n"})
# CHECK: kir.convert %{{.*}} : !kir.tile<[], i32> -> !kir.tile<[], ui64>
# CHECK: kir.dim %arg0, 0
# CHECK: kir.cmp "lt" {{.*}} : !kir.tile<[TILE], ui64>, !kir.tile<[TILE], ui64> -> !kir.tile<[TILE], i1>
# CHECK: kir.scalar_to_tile %arg1
# CHECK: kir.constant(1 : i64) : !kir.tile<[TILE], ui64>
# CHECK: kir.and
# CHECK: kir.load_ptr %arg0[%{{.*}}] mask %{{.*}} {kir.name = "vals", latency = 0 : i32, padding = 1.000000e+00 : f64, padding_convert}
# CHECK: kir.store_ptr %{{.*}}, %arg2[%{{.*}}] {latency = 0 : i32}

# RUST: x: &Tensor<E, { [-1, -1] }>,
# RUST-NEXT: x_stride0: i32,
# RUST: let t{{[0-9]+}}_: PointerTile<*mut E, { [] }> = get_tensor_base(x);
# RUST-NEXT: let t{{[0-9]+}}_: PointerTile<*mut E, { [1] }> = t{{[0-9]+}}_.reshape(shape![1]);
# RUST-NEXT: let t{{[0-9]+}}_: PointerTile<*mut E, { [TILE] }> = t{{[0-9]+}}_.broadcast(shape![TILE]);
# RUST-NEXT: let [[L:t[0-9]+_]]: PointerTile<*mut E, { [TILE] }> = addptr_tile(
# RUST-NEXT: let [[P:t[0-9]+_]]: E = convert_scalar(1.0f32);
# RUST-NEXT: let ([[T:t[0-9]+_]], _[[T]]): (Tile<E, { [TILE] }>, Token) = unsafe { load_ptr_tko(
# RUST-NEXT: [[L]],
# RUST-NEXT: ordering::Weak,
# RUST-NEXT: None::<scope::TileBlock>,
# RUST-NEXT: Some(t{{[0-9]+}}_),
# RUST-NEXT: Some([[P]]),
# RUST-NEXT: Some(get_tensor_token(x)),
# RUST-NEXT: Latency::<0>,
# RUST-NEXT: ) };
# RUST-NEXT: let vals: Tile<E, { [TILE] }> = [[T]];
# RUST: unsafe { store_ptr_tko(
# RUST-NEXT: t{{[0-9]+}}_,
# RUST-NEXT: t{{[0-9]+}}_,
# RUST-NEXT: ordering::Weak,
# RUST-NEXT: None::<scope::TileBlock>,
# RUST-NEXT: None,
# RUST-NEXT: Some(get_tensor_token(y)),
# RUST-NEXT: Latency::<0>,
# RUST-NEXT: ) };
