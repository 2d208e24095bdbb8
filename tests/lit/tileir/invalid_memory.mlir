// RUN: tileport-opt %s -split-input-file -verify-diagnostics
// Memory model, views, pointers and hints (tileir-format.md §2.3, §3.3).

cuda_tile.module @m {
  entry @k(%v: partition_view<tile=(4), tensor_view<16xf32, strides=[1]>>, %i: tile<i32>) {
    // expected-error @+1 {{weak ordering must not have a memory scope}}
    %t, %tok = load_view_tko weak device %v[%i] : partition_view<tile=(4), tensor_view<16xf32, strides=[1]>>, tile<i32> -> tile<4xf32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: partition_view<tile=(4), tensor_view<16xf32, strides=[1]>>, %i: tile<i32>) {
    // expected-error @+1 {{memory ordering must be weak, relaxed or acquire, got release}}
    %t, %tok = load_view_tko release device %v[%i] : partition_view<tile=(4), tensor_view<16xf32, strides=[1]>>, tile<i32> -> tile<4xf32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: partition_view<tile=(4), tensor_view<16xf32, strides=[1]>>, %i: tile<i32>) {
    // expected-error @+1 {{memory scope is required for relaxed ordering}}
    %t, %tok = load_view_tko relaxed %v[%i] : partition_view<tile=(4), tensor_view<16xf32, strides=[1]>>, tile<i32> -> tile<4xf32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: partition_view<tile=(4), tensor_view<16xf32, strides=[1]>>, %i: tile<i32>) {
    // expected-error @+1 {{expected 1 index operands}}
    %t, %tok = load_view_tko weak %v[%i, %i] : partition_view<tile=(4), tensor_view<16xf32, strides=[1]>>, tile<i32> -> tile<4xf32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: partition_view<tile=(4), tensor_view<16xf32, strides=[1]>>, %i: tile<i32>) {
    // expected-error @+1 {{tile type must be '!cuda_tile.tile<4xf32>', got '!cuda_tile.tile<8xf32>'}}
    %t, %tok = load_view_tko weak %v[%i] : partition_view<tile=(4), tensor_view<16xf32, strides=[1]>>, tile<i32> -> tile<8xf32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: gather_scatter_view<tile=(4x4), tensor_view<16x16xf32, strides=[16,1]>, sparse_dim=0>, %i: tile<i32>) {
    // expected-error @+1 {{index 0 (sparse_dim) must be a 1-D tile of 4 elements}}
    %t, %tok = load_view_tko weak %v[%i, %i] : gather_scatter_view<tile=(4x4), tensor_view<16x16xf32, strides=[16,1]>, sparse_dim=0>, tile<i32> -> tile<4x4xf32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: partition_view<tile=(4), tensor_view<16xf32, strides=[1]>>, %i: tile<i32>) {
    %x = constant <f32: 1.000000e+00> : tile<4xf32>
    // expected-error @+1 {{memory ordering must be weak, relaxed or release, got acquire}}
    %tok = store_view_tko acquire device %x, %v[%i] : tile<4xf32>, partition_view<tile=(4), tensor_view<16xf32, strides=[1]>>, tile<i32> -> token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: partition_view<tile=(4), tensor_view<16xf32, strides=[1]>>, %i: tile<i32>) {
    %x = constant <f32: 1.000000e+00> : tile<4xf32>
    // expected-error @+1 {{memory ordering must be relaxed}}
    %tok = atomic_red_view_tko acquire device %v[%i], addf, %x : tile<4xf32>, partition_view<tile=(4), tensor_view<16xf32, strides=[1]>>, tile<i32> -> token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: partition_view<tile=(4), tensor_view<16xf32, strides=[1]>>, %i: tile<i32>) {
    %x = constant <f32: 1.000000e+00> : tile<4xf32>
    // expected-error @+1 {{memory scope must be tl_blk or device}}
    %tok = atomic_red_view_tko relaxed sys %v[%i], addf, %x : tile<4xf32>, partition_view<tile=(4), tensor_view<16xf32, strides=[1]>>, tile<i32> -> token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: partition_view<tile=(4), tensor_view<16xi32, strides=[1]>>, %i: tile<i32>) {
    %x = constant <i32: 1> : tile<4xi32>
    // expected-error @+1 {{'xchg' is not a reduction}}
    %tok = atomic_red_view_tko relaxed device %v[%i], xchg, %x : tile<4xi32>, partition_view<tile=(4), tensor_view<16xi32, strides=[1]>>, tile<i32> -> token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %x: tile<i32>) {
    // expected-error @+1 {{memory ordering must be relaxed, acquire, release or acq_rel, got weak}}
    %r, %tok = atomic_rmw_tko weak device %p, add, %x : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %x: tile<i32>) {
    // expected-error @+1 {{'addf' works only with f16, bf16, f32 and f64, got 'i32'}}
    %r, %tok = atomic_rmw_tko relaxed device %p, addf, %x : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>, %x: tile<f32>) {
    // expected-error @+1 {{'and' works only with i32 and i64, got 'f32'}}
    %r, %tok = atomic_rmw_tko relaxed device %p, and, %x : tile<ptr<f32>>, tile<f32> -> tile<f32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>, %x: tile<i32>) {
    // expected-error @+1 {{argument type '!cuda_tile.tile<i32>' does not match the pointers '!cuda_tile.tile<ptr<f32>>'}}
    %r, %tok = atomic_rmw_tko relaxed device %p, add, %x : tile<ptr<f32>>, tile<i32> -> tile<i32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f16>>, %x: tile<f16>) {
    // expected-error @+1 {{compare-and-swap works only with 32- or 64-bit elements, got 'f16'}}
    %r, %tok = atomic_cas_tko relaxed device %p, %x, %x : tile<ptr<f16>>, tile<f16> -> tile<f16>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    // expected-error @+1 {{result type '!cuda_tile.tile<i32>' does not match the pointers '!cuda_tile.tile<ptr<f32>>'}}
    %r, %tok = load_ptr_tko weak %p : tile<ptr<f32>> -> tile<i32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>, %x: tile<f32>) {
    %m = constant <i1: true> : tile<4xi1>
    // expected-error @+1 {{mask shape must match the pointer tile shape}}
    %tok = store_ptr_tko weak %p, %x, %m : tile<ptr<f32>>, tile<f32>, tile<4xi1> -> token
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{alignment must be a power of two, got 24}}
    %p = alloca num_elem = 4, alignment = 24 : tile<ptr<f32>>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{alignment (2) must be at least the element size (8 bytes)}}
    %p = alloca num_elem = 4, alignment = 2 : tile<ptr<f64>>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    %0 = iota : tile<8xi32>
    // expected-error @+1 {{pointer and offset tiles must have the same shape}}
    %1 = offset %p, %0 : tile<ptr<f32>>, tile<8xi32> -> tile<ptr<f32>>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>, %n: tile<i32>) {
    // expected-error @+1 {{shape entry 0 does not match the tensor_view type (expected an SSA value)}}
    %t = make_tensor_view %p, shape = [16, 128], strides = [128, 1] : tensor_view<?x128xf32, strides=[128,1]>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    // expected-error @+1 {{expected 2 strides entries (tensor_view rank), got 1}}
    %t = make_tensor_view %p, shape = [16, 128], strides = [1] : tensor_view<16x128xf32, strides=[128,1]>
  }
}

// -----

cuda_tile.module @m {
  // expected-note @+1 {{prior use here}}
  entry @k(%p: tile<ptr<f16>>) {
    // expected-error @+1 {{use of value '%p' expects different type than prior uses}}
    %t = make_tensor_view %p, shape = [16], strides = [1] : tensor_view<16xf32, strides=[1]>
  }
}

// -----

cuda_tile.module @m {
  // expected-note @+1 {{prior use here}}
  entry @k(%t: tensor_view<16xf32, strides=[1]>) {
    // expected-error @+1 {{use of value '%t' expects different type than prior uses}}
    %v = make_partition_view %t : partition_view<tile=(4), tensor_view<32xf32, strides=[1]>>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%t: tensor_view<16xf32, strides=[1]>) {
    // expected-error @+1 {{expected a strided_view type}}
    %v = make_strided_view %t : partition_view<tile=(4), tensor_view<16xf32, strides=[1]>>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%t: tensor_view<16x16xf32, strides=[16,1]>) {
    // expected-error @+1 {{expected 2 results, got 1}}
    %0 = "cuda_tile.get_tensor_shape"(%t) : (!cuda_tile.tensor_view<16x16xf32, strides=[16,1]>) -> !cuda_tile.tile<i32>
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{unknown architecture 'sm_99' in optimization hints}}
  entry @k() optimization_hints=<sm_99 = {num_cta_in_cga = 2}> {
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{num_cta_in_cga must be a power of two, got 3}}
  entry @k() optimization_hints=<sm_100 = {num_cta_in_cga = 3}> {
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{num_cta_in_cga must be 1 on sm_80}}
  entry @k() optimization_hints=<sm_80 = {num_cta_in_cga = 2}> {
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{hint 'occupancy' must be in [1, 32], got 64}}
  entry @k() optimization_hints=<sm_120 = {occupancy = 64}> {
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{hints for 'sm_100' must be a dictionary}}
  entry @k() optimization_hints=<sm_100 = 4> {
  }
}

// -----

cuda_tile.module @m {
  entry @k(%i: tile<i32>, %v: partition_view<tile=(16x32), tensor_view<?x?xf32, strides=[?,1]>>) {
    // expected-error @+1 {{inbounds has 1 entries for 2 index operand(s)}}
    %t, %tok = load_view_tko weak %v[%i, %i] inbounds = [true] : partition_view<tile=(16x32), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<16x32xf32>, token
  }
}
