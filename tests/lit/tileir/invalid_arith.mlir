// RUN: tileport-opt %s -split-input-file -verify-diagnostics
// Verifiers of the arithmetic and conversion ops (tileir-format.md §2.2, §3.4-§3.6).

cuda_tile.module @m {
  entry @k(%a: tile<f16>) {
    // expected-error @+1 {{flush_to_zero is only supported for f32, got 'f16'}}
    %0 = addf %a, %a flush_to_zero : tile<f16>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<f32>) {
    // expected-error @+1 {{expected rounding mode to be one of: 'nearest_even', 'zero', 'negative_inf', 'positive_inf', got: 'approx'}}
    %0 = addf %a, %a rounding<approx> : tile<f32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<f16>) {
    // expected-error @+1 {{approx is only supported for f32, got 'f16'}}
    %0 = divf %a, %a rounding<approx> : tile<f16>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<f64>) {
    // expected-error @+1 {{full is only supported for f32, got 'f64'}}
    %0 = divf %a, %a rounding<full> : tile<f64>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<f32>) {
    // expected-error @+1 {{expected rounding mode to be one of: 'nearest_even', 'zero', 'negative_inf', 'positive_inf', 'approx', got: 'full'}}
    %0 = sqrt %a rounding<full> : tile<f32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<f64>) {
    // expected-error @+1 {{flush_to_zero is only supported for f32, got 'f64'}}
    %0 = maxf %a, %a propagate_nan flush_to_zero : tile<f64>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<f16>) {
    // expected-error @+1 {{approx is only supported for f32, got 'f16'}}
    %0 = exp %a rounding<approx> : tile<f16>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<f32>) {
    // expected-error @+1 {{expected rounding mode to be one of: 'approx', 'full', got: 'zero'}}
    %0 = tanh %a rounding<zero> : tile<f32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%b: tile<bf16>) {
    // expected-error @+1 {{'cuda_tile.rsqrt' op flush_to_zero is only supported for f32, got 'bf16'}}
    %0 = rsqrt %b flush_to_zero : tile<bf16>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<i32>) {
    // expected-error @+1 {{negative_inf rounding needs signed division}}
    %0 = divi %a, %a unsigned rounding<negative_inf> : tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<i32>) {
    // expected-error @+1 {{rounding must be zero, positive_inf or negative_inf, got approx}}
    %0 = divi %a, %a signed rounding<approx> : tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<i32>) {
    // expected-error @+1 {{unexpected keyword 'sined'}}
    %0 = divi %a, %a sined : tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<i32>) {
    // expected-error @+1 {{'no_unsigned_wrap' is not supported}}
    %0 = negi %a overflow<no_unsigned_wrap> : tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<f32>) {
    // expected-error @+1 {{operand #0 must be tile of i1/i8/i16/i32/i64}}
    %0 = addi %a, %a : tile<f32>
  }
}

// -----

cuda_tile.module @m {
  // expected-note @+1 {{prior use here}}
  entry @k(%a: tile<i32>, %b: tile<i64>) {
    // expected-error @+1 {{use of value '%b' expects different type than prior uses}}
    %0 = addi %a, %b : tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<i32>) {
    // expected-error @+1 {{operand #0 must be tile of f16/bf16/f32/f64}}
    %0 = negf %a : tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<i32>) {
    // expected-error @+1 {{rounding mode must be nearest_even, got zero}}
    %0 = itof %a signed rounding<zero> : tile<i32> -> tile<f32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<f32>) {
    // expected-error @+1 {{source and result types must differ}}
    %0 = ftof %a : tile<f32> -> tile<f32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<f32>) {
    // expected-error @+1 {{conversion to f8E8M0FNU needs rounding zero or positive_inf}}
    %0 = ftof %a : tile<f32> -> tile<f8E8M0FNU>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<f32>) {
    // expected-error @+1 {{rounding mode nearest_away does not apply to a conversion to 'f16'}}
    %0 = ftof %a rounding<nearest_away> : tile<f32> -> tile<f16>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<f32>) {
    // expected-error @+1 {{expected rounding mode to be one of: 'nearest_int_to_zero', got: 'zero'}}
    %0 = ftoi %a signed rounding<zero> : tile<f32> -> tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<i32>) {
    // expected-error @+1 {{must extend to a wider integer type}}
    %0 = exti %a signed : tile<i32> -> tile<i16>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<i32>) {
    // expected-error @+1 {{must truncate to a narrower integer type}}
    %0 = trunci %a : tile<i32> -> tile<i64>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<i32>) {
    // expected-error @+1 {{source and result element types must have the same width, got 'i32' and 'f16'}}
    %0 = bitcast %a : tile<i32> -> tile<f16>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<i32>) {
    // expected-error @+1 {{operands and result must have the same shape}}
    %0 = cmpi equal %a, %a, signed : tile<i32> -> tile<4xi1>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<i32>) {
    // expected-error @+1 {{result #0 must be tile of i1}}
    %0 = cmpi equal %a, %a, signed : tile<i32> -> tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<f32>) {
    %c = constant <i1: true> : tile<4xi1>
    // expected-error @+1 {{condition and result must have the same shape}}
    %0 = select %c, %a, %a : tile<4xi1>, tile<f32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<i64>) {
    // expected-error @+1 {{source and result must have the same shape}}
    %0 = int_to_ptr %a : tile<i64> -> tile<2xptr<f32>>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<i32>) {
    %0 = iota : tile<8xi8>
    // expected-error @+1 {{source and result must have the same size in bytes}}
    %1 = unpack %0 : tile<8xi8> -> tile<8xf16>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<f32>) {
    // expected-error @+1 {{rounding mode zero does not apply to a conversion to 'f8E4M3FN'}}
    %0 = ftof %a rounding<zero> : tile<f32> -> tile<f8E4M3FN>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 1.000000e+00> : tile<4xf32>
    %n = constant <i64: 2> : tile<4xi64>
    // expected-error @+1 {{exponent must be i8, i16 or i32}}
    %0 = fpowi %a, %n : tile<4xf32>, tile<4xi64>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 1.000000e+00> : tile<4xf32>
    %n = constant <i32: 2> : tile<2xi32>
    // expected-error @+1 {{source and exponent}}
    %0 = fpowi %a, %n : tile<4xf32>, tile<2xi32>
  }
}
