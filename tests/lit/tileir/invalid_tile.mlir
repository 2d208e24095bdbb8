// RUN: tileport-opt %s -split-input-file -verify-diagnostics
// Verifiers of constants, shape ops, reductions, MMA and assume
// (tileir-format.md §2.3, §2.4, §3.7-§3.9).

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{literal element type 'i32' does not match the tile element type 'f32'}}
    %0 = constant <i32: 1> : tile<f32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{literal shape does not match}}
    %0 = constant <i32: [1, 2]> : tile<4xi32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{integer literal out of range for 'i8'}}
    %0 = constant <i8: 300> : tile<i8>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{empty list in dense literal}}
    %0 = constant <i32: []> : tile<4xi32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{inconsistent list lengths in dense literal}}
    %0 = constant <i32: [[1, 2], [3]]> : tile<2x2xi32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{expected a tile type}}
    %0 = constant <i32: 1> : tensor_view<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{result must be a rank-1 tile}}
    %0 = iota : tile<2x4xi32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{the 512 elements do not fit in 'i8'}}
    %0 = iota : tile<512xi8>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %0 = iota : tile<8xi32>
    // expected-error @+1 {{source and result must have the same number of elements}}
    %1 = reshape %0 : tile<8xi32> -> tile<2x2xi32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %0 = iota : tile<8xi32>
    // expected-error @+1 {{source dimension 8 cannot broadcast to 16}}
    %1 = broadcast %0 : tile<8xi32> -> tile<16xi32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %0 = iota : tile<8xi32>
    %1 = reshape %0 : tile<8xi32> -> tile<2x4xi32>
    // expected-error @+1 {{permutation must be a permutation of 0..1}}
    %2 = permute %1 [0, 0] : tile<2x4xi32> -> tile<2x4xi32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %0 = iota : tile<8xi32>
    %1 = reshape %0 : tile<8xi32> -> tile<2x4xi32>
    // expected-error @+1 {{result dimension 0 must be 4}}
    %2 = permute %1 [1, 0] : tile<2x4xi32> -> tile<2x4xi32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%i: tile<i32>) {
    %0 = iota : tile<8xi32>
    // expected-error @+1 {{expected 1 indices, got 2}}
    %1 = extract %0[%i, %i] : tile<8xi32> -> tile<2xi32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%i: tile<i32>) {
    %0 = iota : tile<8xi32>
    // expected-error @+1 {{source dimension 0 (8) is not a multiple of the result's (16)}}
    %1 = extract %0[%i] : tile<8xi32> -> tile<16xi32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %0 = iota : tile<8xi32>
    // expected-error @+1 {{dim must be in [0, 1), got 1}}
    %1 = cat %0, %0 dim = 1 : tile<8xi32>, tile<8xi32> -> tile<16xi32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %0 = iota : tile<8xi32>
    // expected-error @+1 {{needs one identity per operand, got 2}}
    %1 = reduce %0 dim=0 identities=[0 : i32, 0 : i32] : tile<8xi32> -> tile<i32>
    (%a: tile<i32>, %b: tile<i32>) {
      %2 = addi %a, %b : tile<i32>
      yield %2 : tile<i32>
    }
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %0 = iota : tile<8xi32>
    // expected-error @+1 {{identity 0 must be a 'i32' scalar}}
    %1 = reduce %0 dim=0 identities=[0.000000e+00 : f32] : tile<8xi32> -> tile<i32>
    (%a: tile<i32>, %b: tile<i32>) {
      %2 = addi %a, %b : tile<i32>
      yield %2 : tile<i32>
    }
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %0 = iota : tile<8xi32>
    // expected-error @+1 {{result 0 must be '!cuda_tile.tile<i32>'}}
    %1 = reduce %0 dim=0 identities=[0 : i32] : tile<8xi32> -> tile<8xi32>
    (%a: tile<i32>, %b: tile<i32>) {
      %2 = addi %a, %b : tile<i32>
      yield %2 : tile<i32>
    }
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %0 = iota : tile<8xi32>
    // expected-error @+1 {{body arguments 0 and 1 must be '!cuda_tile.tile<i32>'}}
    %1 = scan %0 dim=0 reverse=true identities=[0 : i32] : tile<8xi32> -> tile<8xi32>
    (%a: tile<i64>, %b: tile<i64>) {
      %2 = addi %a, %b : tile<i64>
      yield %2 : tile<i64>
    }
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %0 = iota : tile<8xi32>
    // expected-error @+1 {{dim 1 is out of range for rank 1}}
    %1 = scan %0 dim=1 reverse=false identities=[0 : i32] : tile<8xi32> -> tile<8xi32>
    (%a: tile<i32>, %b: tile<i32>) {
      %2 = addi %a, %b : tile<i32>
      yield %2 : tile<i32>
    }
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %0 = iota : tile<8xi32>
    %1 = reduce %0 dim=0 identities=[0 : i32] : tile<8xi32> -> tile<i32>
    (%a: tile<i32>, %b: tile<i32>) {
      // expected-error @+1 {{is not allowed in a reduce/scan body (side effects)}}
      %t = print_tko "x" -> token
      yield %a : tile<i32>
    }
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <bf16: 1.000000e+00> : tile<4x8xbf16>
    %b = constant <bf16: 1.000000e+00> : tile<8x16xbf16>
    %c = constant <f16: 0.000000e+00> : tile<4x16xf16>
    // expected-error @+1 {{unsupported element types 'bf16' x 'bf16' -> 'f16'}}
    %0 = mmaf %a, %b, %c : tile<4x8xbf16>, tile<8x16xbf16>, tile<4x16xf16>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f16: 1.000000e+00> : tile<4x8xf16>
    %b = constant <f16: 1.000000e+00> : tile<4x16xf16>
    %c = constant <f32: 0.000000e+00> : tile<4x16xf32>
    // expected-error @+1 {{lhs K (8) must equal rhs K (4)}}
    %0 = mmaf %a, %b, %c : tile<4x8xf16>, tile<4x16xf16>, tile<4x16xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <i8: 1> : tile<4x8xi8>
    %b = constant <i8: 1> : tile<8x16xi8>
    %c = constant <i32: 0> : tile<8x16xi32>
    // expected-error @+1 {{accumulator must be M x N}}
    %0 = mmai %a, %b, %c signed signed : tile<4x8xi8>, tile<8x16xi8>, tile<8x16xi32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f8E5M2: 1.000000e+00> : tile<128x128xf8E5M2>
    %c = constant <f32: 0.000000e+00> : tile<128x128xf32>
    %s = constant <f8E4M3FN: 1.000000e+00> : tile<128x4xf8E4M3FN>
    %t = constant <f8E4M3FN: 1.000000e+00> : tile<4x128xf8E4M3FN>
    // expected-error @+1 {{f8E4M3FN scales need f4E2M1FN operands}}
    %0 = mmaf_scaled %a, %a, %c, %s, %t : tile<128x128xf8E5M2>, tile<128x128xf8E5M2>, tile<128x128xf32>, tile<128x4xf8E4M3FN>, tile<4x128xf8E4M3FN>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    // expected-error @+1 {{div_by divisor must be a power of two, got 3}}
    %0 = assume div_by<3>, %p : tile<ptr<f32>>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%f: tile<f32>) {
    // expected-error @+1 {{div_by needs a tile of integers or pointers, or a tensor_view}}
    %0 = assume div_by<4>, %f : tile<f32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    // expected-error @+1 {{div_by 'every'/'along' cannot be used on a rank-0 tile}}
    %0 = assume div_by<4, every 2 along 0>, %p : tile<ptr<f32>>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %0 = iota : tile<8xi32>
    // expected-error @+1 {{same_elements needs one value per dimension (1)}}
    %1 = assume same_elements<[2, 2]>, %0 : tile<8xi32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%i: tile<i32>) {
    // expected-error @+1 {{bounded lower bound 5 exceeds upper bound 1}}
    %0 = assume bounded<5, 1>, %i : tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%i: tile<i8>) {
    // expected-error @+1 {{bounded bound 300 does not fit 'i8'}}
    %0 = assume bounded<0, 300>, %i : tile<i8>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%i: tile<i32>) {
    // expected-error @+1 {{expected div_by, same_elements or bounded predicate}}
    %0 = assume #cuda_tile.overflow<none>, %i : tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{expected integer value}}
    %0 = constant <i8: true> : tile<i8>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%i: tile<i32>) {
    // expected-error @+1 {{incorrect number of operands: expected 2, found 1}}
    %t = print_tko "a=%d b=%d", %i : tile<i32> -> token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%i: tile<i32>) {
    // expected-error @+1 {{found unterminated format expression at offset 3}}
    %t = print_tko "x: %", %i : tile<i32> -> token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%i: tile<i32>) {
    // expected-error @+1 {{incorrect number of operands: expected 0, found 1}}
    %t = print_tko "100%% done", %i : tile<i32> -> token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    // expected-error @+1 {{div_by divisor is too large (at most 2^62)}}
    %0 = assume div_by<9223372036854775808>, %p : tile<ptr<f32>>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%i: tile<i32>) {
    %0 = iota : tile<8xi32>
    %1 = iota : tile<2xi32>
    // expected-error @+1 {{expected 1 indices, got 2}}
    %2 = insert %1, %0[%i, %i] : tile<2xi32> -> tile<8xi32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%i: tile<i32>) {
    %0 = iota : tile<8xi32>
    %1 = iota : tile<16xi32>
    // expected-error @+1 {{destination dimension 0 (8) is not a multiple of the source's (16)}}
    %2 = insert %1, %0[%i] : tile<16xi32> -> tile<8xi32>
  }
}
