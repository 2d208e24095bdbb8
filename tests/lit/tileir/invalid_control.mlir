// RUN: tileport-opt %s -split-input-file -verify-diagnostics
// Structure: module contents, entries, globals, regions and terminators
// (tileir-format.md §3.1, §3.2).

// expected-error @+1 {{'cuda_tile.entry' op expects parent op 'cuda_tile.module'}}
cuda_tile.entry @k() {
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{'cuda_tile.make_token' op is not allowed directly inside 'cuda_tile.module' (only entry and global)}}
  %0 = make_token : token
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{tile arguments must be rank 0 (scalars or pointers), got '!cuda_tile.tile<4xf32>'}}
  entry @k(%a: tile<4xf32>) {
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{must not return values}}
  entry @k(%a: tile<f32>) -> tile<f32> {
    return %a : tile<f32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<f32>) {
    // expected-error @+1 {{operands must match the entry results (none)}}
    return %a : tile<f32>
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{value must be a rank-1 tile}}
  global @g <f32: 1.000000e+00> : tile<2x2xf32>
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{alignment must be 0 or a power of two, got 24}}
  global @g alignment = 24 <f32: 1.000000e+00> : tile<2xf32>
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{'missing' does not reference a global}}
    %0 = get_global @missing : tile<ptr<f32>>
  }
}

// -----

cuda_tile.module @m {
  global @g <f32: 1.000000e+00> : tile<2xf32>
  entry @k() {
    // expected-error @+1 {{pointee type 'i32' does not match the global's element type 'f32'}}
    %0 = get_global @g : tile<ptr<i32>>
  }
}

// -----

cuda_tile.module @m {
  // expected-note @+1 {{prior use here}}
  entry @k(%c: tile<i32>) {
    // expected-error @+1 {{use of value '%c' expects different type than prior uses}}
    if %c {
    }
  }
}

// -----

cuda_tile.module @m {
  entry @k(%c: tile<i1>, %a: tile<f32>) {
    // expected-error @+1 {{with results needs an else region}}
    %0 = if %c -> (tile<f32>) {
      yield %a : tile<f32>
    }
  }
}

// -----

cuda_tile.module @m {
  entry @k(%c: tile<i1>, %a: tile<f32>) {
    %0 = if %c -> (tile<f32>) {
      yield %a : tile<f32>
    } else {
      // expected-error @+1 {{operand types must match the results of the enclosing if}}
      yield
    }
  }
}

// -----

cuda_tile.module @m {
  entry @k(%n: tile<i32>) {
    for %i in (%n to %n, step %n) : tile<i32> {
      // expected-error @+1 {{must be inside a loop (directly or in nested ifs)}}
      break
    }
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{must be inside a for or loop (directly or in nested ifs)}}
    continue
  }
}

// -----

cuda_tile.module @m {
  entry @k(%n: tile<i32>, %a: tile<f32>) {
    %0 = for %i in (%n to %n, step %n) : tile<i32> iter_values(%x = %a) -> (tile<f32>) {
      // expected-error @+1 {{operand types must match the results of the enclosing for}}
      continue %n : tile<i32>
    }
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<f32>) {
    %0 = loop iter_values(%x = %a) : tile<f32> -> tile<f32> {
      // expected-error @+1 {{operand types must match the iter_values of the enclosing loop}}
      continue
    }
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<f32>) {
    %0 = loop : tile<f32> {
      // expected-error @+1 {{operand types must match the results of the enclosing loop}}
      break
    }
  }
}

// -----

cuda_tile.module @m {
  entry @k(%n: tile<i32>, %t: tensor_view<16xf32, strides=[1]>) {
    // expected-error @+1 {{loop-carried values may not be views}}
    %0 = for %i in (%n to %n, step %n) : tile<i32> iter_values(%x = %t) -> (tensor_view<16xf32, strides=[1]>) {
      continue %x : tensor_view<16xf32, strides=[1]>
    }
  }
}

// -----

cuda_tile.module @m {
  // expected-note @+1 {{prior use here}}
  entry @k(%n: tile<i32>, %m: tile<i64>) {
    // expected-error @+1 {{use of value '%m' expects different type than prior uses}}
    for %i in (%n to %m, step %n) : tile<i32> {
    }
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<f32>) {
    // expected-error @+1 {{must terminate an if, reduce or scan body}}
    yield
  }
}
