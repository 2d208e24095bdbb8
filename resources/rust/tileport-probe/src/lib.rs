// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
//! Small kernels, the Rust twins of tests/fixtures/python/smoke_kernels.py's
//! smoke_vadd and smoke_row_sum.

#[cutile::module]
pub mod smoke {
    use cutile::core::*;

    #[cutile::entry()]
    fn smoke_vadd<const B: i32>(
        out: &mut Tensor<f32, { [B] }>,
        a: &Tensor<f32, { [-1] }>,
        b: &Tensor<f32, { [-1] }>,
    ) {
        let pid = get_tile_block_id().0;
        let ta = a.load_tile(shape![B], [pid]);
        let tb = b.load_tile(shape![B], [pid]);
        out.store(ta + tb);
    }

    #[cutile::entry()]
    fn smoke_row_sum<const BM: i32, const BN: i32>(
        out: &mut Tensor<f32, { [BM] }>,
        x: &Tensor<f32, { [-1, -1] }>,
    ) {
        let pid = get_tile_block_id().0;
        let t: Tile<f32, { [BM, BN] }> = x.load_tile(shape![BM, BN], [pid, 0i32]);
        let s: Tile<f32, { [BM] }> = reduce_sum(t, 1i32);
        out.store(s);
    }
}
