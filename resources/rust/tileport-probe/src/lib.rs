// SPDX-License-Identifier: MIT
//! One small kernel, the Rust twin of tests/fixtures/python/smoke_kernels.py's
//! smoke_vadd.

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
}
