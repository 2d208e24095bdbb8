# SPDX-License-Identifier: MIT
# ct.pack_to_bytes flattens the tile (a derived const generic for the
# element count), then packs it to uint8 bytes (kir.pack, cutile's pack);
# ct.unpack_from_bytes unpacks (kir.unpack); an 8-bit dtype is a bitcast
# either way. The byte count needs the dtype: a dtype-generic tile is
# refused.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
# RUN: not tileport translate --emit kir %S/Inputs/pack_generic.py 2>&1 | FileCheck --check-prefix=GENERIC %s
import cuda.tile as ct


@ct.kernel
def bytes_of(x, out, words, BM: ct.Constant[int], BN: ct.Constant[int]):
    t = ct.astype(ct.load(x, index=(ct.bid(0), 0), shape=(BM, BN)), ct.float16)
    b = ct.pack_to_bytes(t)
    ct.store(out, index=(ct.bid(0),), tile=b)
    ct.store(words, index=(ct.bid(0),), tile=ct.unpack_from_bytes(b, ct.int32))
    s = ct.unpack_from_bytes(b, ct.int8)

# CHECK: kir.reshape %{{.*}} : !kir.tile<[BM, BN], f16> -> !kir.tile<[BM_mul_BN], f16>
# CHECK: kir.pack %{{.*}} {kir.name = "b"} : !kir.tile<[BM_mul_BN], f16> -> !kir.tile<[D2_mul_BM_mul_BN], ui8>
# CHECK: kir.unpack %{{.*}} : !kir.tile<[D2_mul_BM_mul_BN], ui8> -> !kir.tile<[{{.*}}], i32>

# RUST: let b: Tile<u8, { [D2_mul_BM_mul_BN] }> = pack(
# RUST: unpack(b)

# GENERIC: pack_generic.py:8:{{[0-9]+}}: error: ct.pack_to_bytes: the tile's dtype must be known here: its width sets the byte count
