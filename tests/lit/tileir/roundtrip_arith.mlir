// SPDX-License-Identifier: MIT
// RUN: tileport-opt --no-implicit-module %s | grep -v '^$' > %t.printed
// RUN: grep -v '^//' %s | grep -v '^$' | diff -u - %t.printed
// RUN: tileport-opt --no-implicit-module %t.printed | grep -v '^$' | diff -u %t.printed -
// Every integer (§3.4) and floating-point (§3.5) op, with each modifier
// printed and elided. Parsing and printing this text reproduces it byte for
// byte (the declarative printer leaves a double space where an elided
// rounding modifier would stand; whitespace is not significant).

cuda_tile.module @arith {
  entry @integer(%arg0: tile<i32>, %arg1: tile<i32>, %arg2: tile<i1>, %arg3: tile<i1>) {
    %0 = addi %arg0, %arg1 : tile<i32>
    %1 = addi %arg0, %arg1 overflow<no_signed_wrap> : tile<i32>
    %2 = subi %0, %1 overflow<no_unsigned_wrap> : tile<i32>
    %3 = muli %2, %arg1 overflow<no_wrap> : tile<i32>
    %4 = mulhii %3, %arg0 : tile<i32>
    %5 = divi %4, %arg1 signed : tile<i32>
    %6 = divi %5, %arg1 signed rounding<negative_inf> : tile<i32>
    %7 = divi %6, %arg1 unsigned rounding<positive_inf> : tile<i32>
    %8 = remi %7, %arg1 unsigned : tile<i32>
    %9 = maxi %8, %arg0 signed : tile<i32>
    %10 = mini %9, %arg0 unsigned : tile<i32>
    %11 = absi %10 : tile<i32>
    %12 = negi %11 : tile<i32>
    %13 = negi %12 overflow<no_signed_wrap> : tile<i32>
    %14 = andi %13, %arg0 : tile<i32>
    %15 = ori %14, %arg1 : tile<i32>
    %16 = xori %arg2, %arg3 : tile<i1>
    %17 = shli %15, %arg1 : tile<i32>
    %18 = shli %17, %arg1 overflow<no_wrap> : tile<i32>
    %19 = shri %18, %arg1 signed : tile<i32>
    %20 = shri %19, %arg1 unsigned : tile<i32>
    return
  }
  entry @float(%arg0: tile<f32>, %arg1: tile<f32>, %arg2: tile<f16>) {
    %0 = addf %arg0, %arg1  : tile<f32>
    %1 = addf %arg0, %arg1 rounding<zero> flush_to_zero : tile<f32>
    %2 = subf %0, %1 rounding<negative_inf> : tile<f32>
    %3 = mulf %2, %1  flush_to_zero : tile<f32>
    %4 = divf %3, %2 rounding<approx> : tile<f32>
    %5 = divf %4, %2 rounding<full> flush_to_zero : tile<f32>
    %6 = divf %arg2, %arg2 rounding<positive_inf> : tile<f16>
    %7 = fma %5, %4, %3 rounding<zero> flush_to_zero : tile<f32>
    %8 = fma %7, %7, %7  : tile<f32>
    %9 = remf %8, %7 : tile<f32>
    %10 = maxf %9, %8 : tile<f32>
    %11 = maxf %10, %9 flush_to_zero propagate_nan : tile<f32>
    %12 = minf %11, %10 propagate_nan : tile<f32>
    %13 = minf %12, %11 flush_to_zero : tile<f32>
    %14 = absf %13 : tile<f32>
    %15 = negf %14 : tile<f32>
    %16 = ceil %15 : tile<f32>
    %17 = floor %16 : tile<f32>
    %18 = pow %17, %16 : tile<f32>
    %19 = atan2 %18, %17 : tile<f32>
    %20 = exp %19  : tile<f32>
    %21 = exp %20 rounding<approx> : tile<f32>
    %22 = exp2 %21 : tile<f32>
    %23 = exp2 %22 flush_to_zero : tile<f32>
    %24 = log %23 : tile<f32>
    %25 = log2 %24 : tile<f32>
    %26 = sqrt %25  : tile<f32>
    %27 = sqrt %26 rounding<approx> flush_to_zero : tile<f32>
    %28 = sqrt %arg2 rounding<zero> : tile<f16>
    %29 = rsqrt %27 : tile<f32>
    %30 = rsqrt %29 flush_to_zero : tile<f32>
    %31 = sin %30 : tile<f32>
    %32 = cos %31 : tile<f32>
    %33 = tan %32 : tile<f32>
    %34 = sinh %33 : tile<f32>
    %35 = cosh %34 : tile<f32>
    %36 = tanh %35  : tile<f32>
    %37 = tanh %36 rounding<approx> : tile<f32>
    %38 = tanh %arg2  : tile<f16>
    return
  }
}
