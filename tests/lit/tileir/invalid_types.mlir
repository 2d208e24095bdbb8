// RUN: tileport-opt %s -split-input-file -verify-diagnostics
// Type verifiers and type syntax errors (tileir-format.md §1.2).

cuda_tile.module @m {
  // expected-error @+1 {{tile dimensions must be powers of two, got 3}}
  entry @k(%a: tile<3xf32>) {
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{tile dimensions must be powers of two, got 0}}
  entry @k(%a: tile<0x4xf32>) {
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{expected static shape}}
  entry @k(%a: tile<?xf32>) {
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{invalid tile element type 'i7'}}
  entry @k(%a: tile<4xi7>) {
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{tile has more than 16777216 elements}}
  entry @k(%a: tile<4096x8192xf32>) {
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{f4E2M1FN tiles need rank >= 1 and an even dimension}}
  entry @k(%a: tile<f4E2M1FN>) {
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{pointee must be an integer or float type}}
  entry @k(%a: tile<ptr<token>>) {
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{expected '>'}}
  entry @k(%a: tensor_view<f32, strides=[1]>) {
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{expected ','}}
  entry @k(%a: tensor_view<4xf32>) {
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{tensor_view has 2 dimensions but 1 strides}}
  entry @k(%a: tensor_view<4x4xf32, strides=[1]>) {
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{tensor_view strides must be positive, got 0}}
  entry @k(%a: tensor_view<4xf32, strides=[0]>) {
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{tile dimensions must be powers of two, got 3}}
  entry @k(%a: partition_view<tile=(3), tensor_view<16xf32, strides=[1]>>) {
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{tile rank 2 does not match the tensor_view rank 1}}
  entry @k(%a: partition_view<tile=(4x4), tensor_view<16xf32, strides=[1]>>) {
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{dim_map must be a permutation of 0..1}}
  entry @k(%a: partition_view<tile=(4x4), tensor_view<16x16xf32, strides=[16,1]>, dim_map=[0, 0]>) {
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{padding_value nan needs a floating-point element type}}
  entry @k(%a: partition_view<tile=(4), padding_value = nan, tensor_view<16xi32, strides=[1]>>) {
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{views need a tensor_view of rank >= 1}}
  entry @k(%a: partition_view<tile=(), tensor_view<f32>>) {
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{traversal_strides must have 2 entries}}
  entry @k(%a: strided_view<tile=(4x4), traversal_strides=[1], tensor_view<16x16xf32, strides=[16,1]>>) {
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{traversal_strides must be positive, got 0}}
  entry @k(%a: strided_view<tile=(4), traversal_strides=[0], tensor_view<16xf32, strides=[1]>>) {
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{sparse_dim 2 must be below the rank 2}}
  entry @k(%a: gather_scatter_view<tile=(4x4), tensor_view<16x16xf32, strides=[16,1]>, sparse_dim=2>) {
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{unknown type 'tile2'}}
  entry @k(%a: tile2<f32>) {
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{unknown padding value 'one'}}
  entry @k(%a: partition_view<tile=(4), padding_value = one, tensor_view<16xf32, strides=[1]>>) {
  }
}
